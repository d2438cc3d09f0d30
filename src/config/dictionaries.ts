import type { RuntimeConfig, Tone } from './schema';

export type CodeInfo = { code: number; label: string; tone: Tone; known: boolean };
export type StatusInfo = CodeInfo;
/** A text code's label: the code itself when the dictionary does not name it; '' for no code. */
export type NameInfo = { code: string; label: string; known: boolean };

type Dictionary = Record<string, { label: string; tone: Tone }>;

/** Label and tone of a code; unknown codes read "<noun> N", never blank (docs/design.md, decision 4). */
function describe(dictionary: Dictionary, noun: string, code: number): CodeInfo {
  const entry = dictionary[String(code)];
  return entry
    ? { code, label: entry.label, tone: entry.tone, known: true }
    : { code, label: `${noun} ${code}`, tone: 'neutral', known: false };
}

export function describeStatus(config: Pick<RuntimeConfig, 'statuses'>, code: number): CodeInfo {
  return describe(config.statuses, 'Status', code);
}

export function describePaymentType(config: Pick<RuntimeConfig, 'paymentTypes'>, code: number): CodeInfo {
  return describe(config.paymentTypes, 'Payment type', code);
}

export function describeRiderStatus(config: Pick<RuntimeConfig, 'riderStatuses'>, code: number): CodeInfo {
  return describe(config.riderStatuses, 'Rider status', code);
}

function name(dictionary: Record<string, { label: string }>, code: string): NameInfo {
  const entry = Object.hasOwn(dictionary, code) ? dictionary[code] : undefined;
  return entry ? { code, label: entry.label, known: true } : { code, label: code, known: false };
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
