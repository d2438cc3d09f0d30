/**
 * A stop's customer, read one way by the export and the search. The interface leaves the
 * customer object undocumented (the job panel lists every field of it), so its usual fields are
 * read and nothing is guessed beyond them:
 *
 * - **names**: `name`, `full_name`, and `first_name` with `last_name`, each that is present, in
 *   that order; the export writes the first, the search matches any.
 * - **phones**: `phone`, and `dial_code` with `mobile` ("+44 7700 900123"), each that is
 *   present; the export writes the first, the search matches any on its digits.
 *
 * Text fields are trimmed; a number is read as its digits. A phone as one text (`phoneOf`) is
 * the riders' rule too.
 */
import type { Job } from '../contract';

type Customer = Job['pickups'][number]['customer'];

/** "+44 7700 900123" from a dial code and a number, either of which may be empty. */
export function phoneOf(dialCode: string, mobile: string): string {
  const code = dialCode.trim();
  const number = mobile.trim();
  if (!number) return '';
  if (!code || number.startsWith('+')) return number;
  return `${code.startsWith('+') ? code : `+${code}`} ${number}`;
}

const text = (o: Customer, key: string): string => {
  const v = o?.[key];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
};

export type CustomerFields = { names: string[]; phones: string[] };

/** The customer's names and phones as the fields above give them (none: empty lists). */
export function customerFields(customer: Customer): CustomerFields {
  const names = [
    text(customer, 'name'),
    text(customer, 'full_name'),
    [text(customer, 'first_name'), text(customer, 'last_name')].filter(Boolean).join(' '),
  ];
  const phones = [text(customer, 'phone'), phoneOf(text(customer, 'dial_code'), text(customer, 'mobile'))];
  return { names: names.filter(Boolean), phones: phones.filter(Boolean) };
}

/** The customer's name as the export writes it ('' when none). */
export function customerName(customer: Customer): string {
  return customerFields(customer).names[0] ?? '';
}

/** The customer's phone as the export writes it ('' when none). */
export function customerPhone(customer: Customer): string {
  return customerFields(customer).phones[0] ?? '';
}
