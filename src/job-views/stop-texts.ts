/**
 * A stop's customer and address as text, for the export's columns (pure, only the export chunk
 * and the tests import it). The interface does not define either object (the job panel lists
 * every field of them): their usual fields are read, and nothing is guessed beyond them.
 */
import { phoneOf } from './job-facts';

type Loose = Record<string, unknown> | null;
const text = (o: Loose, key: string): string => {
  const v = o?.[key];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
};

/** The customer's name: `name`, `full_name`, or `first_name` and `last_name` ('' when none). */
export function customerName(customer: Loose): string {
  return (
    text(customer, 'name') ||
    text(customer, 'full_name') ||
    [text(customer, 'first_name'), text(customer, 'last_name')].filter(Boolean).join(' ')
  );
}

/** The customer's phone: `phone`, or `dial_code` with `mobile` ('' when none). */
export function customerPhone(customer: Loose): string {
  return text(customer, 'phone') || phoneOf(text(customer, 'dial_code'), text(customer, 'mobile'));
}

/** An address as one text field says it whole. */
const WHOLE = ['formatted_address', 'full_address', 'text', 'address'] as const;
/** Otherwise its parts, in the order they are written. */
const PARTS = [
  'line1',
  'address_line1',
  'line2',
  'address_line2',
  'street',
  'city',
  'state',
  'region',
  'postcode',
  'postal_code',
  'zip',
  'country',
] as const;

/** "12 Mill Lane, London, E1 6AN": the address's text ('' when it has none; coordinates are not text). */
export function addressText(address: Loose): string {
  for (const key of WHOLE) {
    const whole = text(address, key);
    if (whole) return whole;
  }
  return PARTS.map((key) => text(address, key))
    .filter(Boolean)
    .join(', ');
}
