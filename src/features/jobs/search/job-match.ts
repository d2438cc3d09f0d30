/**
 * What the jobs search matches (pure, tested in tests/unit; in the search's lazy chunk): the
 * job id, the order id, the deliveries' tracking ids, the rider's name, username and phone,
 * and the customers' names and phones of every stop. Text matches anywhere, ignoring case and
 * accents; a phone in its common forms (./phone-match.ts: `07546 175923` finds
 * `+44 7546 175923`); the job id matches whole.
 */
import type { Job } from '../../../contract';
import { foldText } from '../../../lib/fold';
import { customerFields, phoneOf } from '../../../rules/customer';
import { phoneMatches, phoneNeedle, type PhoneNeedle } from './phone-match';

export type Needle = {
  text: string;
  /** The needle as a phone number (nothing but phone characters, at least 4 digits), or null. */
  phone: PhoneNeedle | null;
  /** The needle as typed, trimmed, for the exact id match. */
  exact: string;
};

export function needleOf(query: string): Needle {
  const exact = query.trim();
  return { text: foldText(exact), phone: phoneNeedle(exact), exact };
}

export function matchJob(job: Job, needle: Needle): boolean {
  if (!needle.text) return false;
  if (String(job.id) === needle.exact) return true;
  const texts: string[] = [job.order_id];
  const phones: string[] = [];
  for (const d of job.deliveries) texts.push(d.tracking_id);
  if (job.rider) {
    texts.push(job.rider.name, job.rider.username);
    phones.push(phoneOf(job.rider.dial_code, job.rider.mobile));
  }
  for (const stop of [...job.pickups, ...job.deliveries]) {
    const c = customerFields(stop.customer);
    texts.push(...c.names);
    phones.push(...c.phones);
  }
  if (texts.some((t) => t && foldText(t).includes(needle.text))) return true;
  const phone = needle.phone;
  if (phone) return phones.some((p) => phoneMatches(phone, p));
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
