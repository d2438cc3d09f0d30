import type { Job } from '../contract';

/** A job's amounts, per currency, and amounts as text. Pure: the table, the job panel and the export read them. */

export type Money = { value: number; currency: string };

/**
 * The deliveries' amounts summed per currency (a delivery's currency is its branch's, see
 * `currencyOf` in the runtime config). Empty when no delivery states an amount; one entry in
 * the usual case of one currency.
 */
export function amountsOf(job: Job, currencyOf: (branchId: string | null) => string): Money[] {
  const sums = new Map<string, number>();
  for (const d of job.deliveries) {
    if (typeof d.amount !== 'number' || !Number.isFinite(d.amount)) continue;
    const currency = currencyOf(d.branch?.id ?? null);
    sums.set(currency, (sums.get(currency) ?? 0) + d.amount);
  }
  return [...sums].map(([currency, value]) => ({ currency, value: Math.round(value * 100) / 100 }));
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in its currency ("£12.50", "₹1,200.00"); a plain number when no currency is set. */
export function formatMoney(value: number, currency: string): string {
  let f = moneyFormats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat(
      undefined,
      currency ? { style: 'currency', currency } : { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    );
    moneyFormats.set(currency, f);
  }
  return f.format(value);
}

/** Amounts in several currencies side by side ("€12.50 + £3.00"); a dash for none. */
export function formatAmounts(amounts: readonly Money[]): string {
  return amounts.length ? amounts.map((a) => formatMoney(a.value, a.currency)).join(' + ') : '—';
}
