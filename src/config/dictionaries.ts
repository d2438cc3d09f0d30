import type { Label, RuntimeConfig, Tone } from './schema';

export type CodeInfo = { code: number; label: string; tone: Tone; known: boolean };
export type StatusInfo = CodeInfo;
/** A text code's label: the code itself when the dictionary does not name it; '' for no code. */
export type NameInfo = { code: string; label: string; known: boolean };

type Dictionary = Record<string, { label: Label; tone: Tone }>;

/**
 * The chosen language, and the names of codes the config does not name ("Status 7"): English
 * here (the benches run this module under plain Node); the shell's catalog gives them in the
 * chosen language (./catalog-words.ts, loaded with ./index.ts).
 */
export type CodeWords = {
  language: () => string;
  unknown: Record<'status' | 'paymentType' | 'riderStatus', (code: number) => string>;
};

/* eslint-disable lingui/no-unlocalized-strings -- the English without the catalogs (plain Node) */
let words: CodeWords = {
  language: () => 'en',
  unknown: {
    status: (code) => `Status ${code}`,
    paymentType: (code) => `Payment type ${code}`,
    riderStatus: (code) => `Rider status ${code}`,
  },
};
/* eslint-enable lingui/no-unlocalized-strings */

/** The chosen language and the catalog's words (./catalog-words.ts). */
export function setCodeWords(next: CodeWords): void {
  words = next;
}

/** A label in the chosen language: its own tag's, its base language's, English's, or the first given. */
export function labelText(label: Label): string {
  if (typeof label === 'string') return label;
  const tag = words.language();
  const base = tag.split('-')[0]!;
  return label[tag] ?? label[base] ?? label.en ?? Object.values(label)[0]!;
}

/** Label and tone of a code; unknown codes read "<noun> N", never blank (docs/design.md, decision 4). */
function describe(dictionary: Dictionary, kind: keyof CodeWords['unknown'], code: number): CodeInfo {
  const entry = dictionary[String(code)];
  return entry
    ? { code, label: labelText(entry.label), tone: entry.tone, known: true }
    : { code, label: words.unknown[kind](code), tone: 'neutral', known: false };
}

export function describeStatus(config: Pick<RuntimeConfig, 'statuses'>, code: number): CodeInfo {
  return describe(config.statuses, 'status', code);
}

export function describePaymentType(config: Pick<RuntimeConfig, 'paymentTypes'>, code: number): CodeInfo {
  return describe(config.paymentTypes, 'paymentType', code);
}

export function describeRiderStatus(config: Pick<RuntimeConfig, 'riderStatuses'>, code: number): CodeInfo {
  return describe(config.riderStatuses, 'riderStatus', code);
}

function name(dictionary: Record<string, { label: Label }>, code: string): NameInfo {
  const entry = Object.hasOwn(dictionary, code) ? dictionary[code] : undefined;
  return entry ? { code, label: labelText(entry.label), known: true } : { code, label: code, known: false };
}

export function describeJobType(config: Pick<RuntimeConfig, 'jobTypes'>, code: string): NameInfo {
  return name(config.jobTypes, code);
}

export function describeRiderType(config: Pick<RuntimeConfig, 'riderTypes'>, code: string): NameInfo {
  return name(config.riderTypes, code);
}

/** The currency of a branch's amounts: its own, else the global one; '' when none is set. */
export function currencyOf(
  config: Pick<RuntimeConfig, 'currency' | 'branchCurrencies'>,
  branchId?: string | null,
): string {
  return (branchId ? config.branchCurrencies[branchId] : undefined) ?? config.currency;
}
