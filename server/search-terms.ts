/**
 * What the search of all jobs (GET /v1/jobs/search, an extension) matches, as normalised terms:
 * kept in the `job_search` table by triggers (server/migrations.ts, which call `search_terms`
 * through db.ts) and compared by prefix. Text is folded (lower case, no accents); a phone
 * number is kept as its digits twice, international (`447546175923`) and national significant
 * (`7546175923`), so that it is found however it is typed.
 */
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

const CALLING_CODES = new Set(getCountries().map((country) => getCountryCallingCode(country)));
const isCallingCode = (code: string) => CALLING_CODES.has(code as never);

/** Lower case without accents or marks: `José` and `jose` are the same word. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The digits a stored phone number is found by: as written, international and national. */
export function phoneTerms(phone: string): string[] {
  const terms = new Set<string>();
  const digits = digitsOf(phone);
  if (digits.length >= 4) terms.add(digits);
  // Written `+CC rest` (the usual form, and the seed's): the national number is the rest. Any
  // other form is read by libphonenumber, about 50 µs a number.
  const written = /^\+(\d{1,3})[\s.-]+(\d[\d\s.()-]*)$/.exec(phone.trim());
  if (written && isCallingCode(written[1]!)) {
    terms.add(digitsOf(written[2]!));
    return [...terms];
  }
  const parsed = parsePhoneNumberFromString(phone);
  if (parsed) {
    terms.add(`${parsed.countryCallingCode}${parsed.nationalNumber}`);
    terms.add(parsed.nationalNumber);
  }
  return [...terms];
}

/**
 * The forms of a phone number as a person types it, to look up among `phoneTerms`: `07546
 * 175923` (a national trunk 0), `+44 7546 175923`, `0044 7546 175923`, `7546175923`. Empty when
 * `query` is not a phone number (letters in it, or fewer than 6 digits).
 */
export function phoneQueryForms(query: string): string[] {
  if (!/^[\d\s()+.\-/]+$/.test(query)) return [];
  const digits = digitsOf(query);
  if (digits.length < 6) return [];
  const forms = new Set([digits]);
  if (digits.startsWith('00')) forms.add(digits.slice(2));
  else if (digits.startsWith('0')) forms.add(digits.slice(1));
  return [...forms];
}

function customerTerms(customer: unknown): string[] {
  if (customer === null || typeof customer !== 'object') return [];
  const { name, phone } = customer as { name?: unknown; phone?: unknown };
  const terms: string[] = [];
  if (typeof name === 'string' && name.trim() !== '') {
    const words = foldText(name).split(' ');
    terms.push(...words.map((_, i) => words.slice(i).join(' ')));
  }
  if (typeof phone === 'string') terms.push(...phoneTerms(phone));
  return terms;
}

/**
 * The terms of one delivery: its tracking id and its customer's name (whole, and from each
 * later word on, so a surname is found) and phone. `customer` is the stored JSON text or null.
 */
export function deliveryTerms(trackingId: string, customer: string | null): string[] {
  const terms = new Set<string>();
  if (trackingId) terms.add(foldText(trackingId));
  if (customer !== null) {
    try {
      for (const term of customerTerms(JSON.parse(customer))) terms.add(term);
    } catch {
      // Not JSON: the tracking id alone.
    }
  }
  return [...terms].filter((term) => term !== '');
}
