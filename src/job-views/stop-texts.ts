/**
 * A stop's address as text, for the export's columns (pure, only the export chunk and the
 * tests import it; the customer's fields are src/rules/customer.ts's). The interface does not
 * define the address object (the job panel lists every field of it): its usual fields are
 * read, and nothing is guessed beyond them.
 */
type Loose = Record<string, unknown> | null;
const text = (o: Loose, key: string): string => {
  const v = o?.[key];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
};

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
