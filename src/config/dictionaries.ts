import type { RuntimeConfig, Tone } from './schema';

export type CodeInfo = { code: number; label: string; tone: Tone; known: boolean };
export type StatusInfo = CodeInfo;

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

/** The currency of a branch's amounts: its own, else the global one; '' when none is set. */
export function currencyOf(
  config: Pick<RuntimeConfig, 'currency' | 'branchCurrencies'>,
  branchId?: string | null,
): string {
  return (branchId ? config.branchCurrencies[branchId] : undefined) ?? config.currency;
}
