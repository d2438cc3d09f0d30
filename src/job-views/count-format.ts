import { once } from '../ui/time-format';

const countFmt = once(() => new Intl.NumberFormat());

/** A count as the viewer's locale writes it ("1,234"): every count on the jobs screen. */
export function formatCount(value: number): string {
  return countFmt().format(value);
}
