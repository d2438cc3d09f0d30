/**
 * What the jobs search matches (pure, tested in tests/unit): the job id, the order id, the
 * deliveries' tracking ids, the rider's name, username and phone, and the customers' names
 * and phones of every stop. Text matches anywhere, ignoring case and accents; a phone matches
 * on its digits (spaces, dashes and the dial code's "+" aside); the job id matches whole.
 */
import type { Job } from '../../../contract';
import { foldText } from '../../../lib/fold';
import { customerFields } from '../../../rules/customer';

const digitsOf = (text: string) => text.replace(/\D+/g, '');

export type Needle = {
  text: string;
  /** The needle's digits when it reads as a phone number (at least 4 digits, nothing but phone characters). */
  digits: string | null;
  /** The needle as typed, trimmed, for the exact id match. */
  exact: string;
};

export function needleOf(query: string): Needle {
  const exact = query.trim();
  const digits = /^[+\d\s().-]+$/.test(exact) && digitsOf(exact).length >= 4 ? digitsOf(exact) : null;
  return { text: foldText(exact), digits, exact };
}

export function matchJob(job: Job, needle: Needle): boolean {
  if (!needle.text) return false;
  if (String(job.id) === needle.exact) return true;
  const texts: string[] = [job.order_id];
  const phones: string[] = [];
  for (const d of job.deliveries) texts.push(d.tracking_id);
  if (job.rider) {
    texts.push(job.rider.name, job.rider.username);
    phones.push(`${job.rider.dial_code}${job.rider.mobile}`, job.rider.mobile);
  }
  for (const stop of [...job.pickups, ...job.deliveries]) {
    const c = customerFields(stop.customer);
    texts.push(...c.names);
    phones.push(...c.phones);
  }
  if (texts.some((t) => t && foldText(t).includes(needle.text))) return true;
  if (needle.digits) return phones.some((p) => digitsOf(p).includes(needle.digits!));
  return false;
}

/** The one job whose id or order id is exactly the query (case aside), if exactly one is. */
export function exactMatch(jobs: readonly Job[], query: string): Job | null {
  const wanted = query.trim();
  if (!wanted) return null;
  const lower = wanted.toLowerCase();
  const hits = jobs.filter(
    (j) => String(j.id) === wanted || (j.order_id !== '' && j.order_id.toLowerCase() === lower),
  );
  return hits.length === 1 ? hits[0]! : null;
}
