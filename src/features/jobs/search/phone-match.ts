/**
 * Phone numbers as a person types them, matched against the numbers jobs carry (pure; in the
 * search's lazy chunk with libphonenumber-js's `min` metadata, never in the first load).
 *
 * A stored number matches when the typed digits are among its digits (`7546 175923`,
 * `+44 7546-175923`), when they are so without the national trunk prefix or the international
 * `00` (`07546 17`, `0044 7546`), or when the typed number, read as a number of the stored one's
 * country (libphonenumber), is that number: `07546 175923` finds `+44 7546 175923`, as does a
 * number of a country whose trunk prefix is not `0`.
 */
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** The fewest digits read as a phone number (fewer would match nearly every job). */
export const PHONE_MIN_DIGITS = 4;
/** The fewest digits read as a whole number of some country. */
const NATIONAL_MIN_DIGITS = 6;

const digitsOf = (text: string) => text.replace(/\D+/g, '');

let callingCodes: Set<string> | undefined;
/** The calling code a `+`-written number starts with (the codes are prefix-free: at most one does). */
function callingCodeOf(internationalDigits: string): string | null {
  callingCodes ??= new Set(getCountries().map((country) => getCountryCallingCode(country)));
  for (let length = 1; length <= 3; length++) {
    const code = internationalDigits.slice(0, length);
    if (callingCodes.has(code)) return code;
  }
  return null;
}

export type PhoneNeedle = {
  /** Digit strings any of which, found among a stored number's digits, is a match. */
  forms: string[];
  /** The typed number as a number of a country (by calling code): its E.164 digits, or null. */
  asNumberOf: (callingCode: string) => string | null;
};

/**
 * The typed query as a phone number, or null when it is not one (a letter in it, or fewer than
 * PHONE_MIN_DIGITS digits).
 */
export function phoneNeedle(query: string): PhoneNeedle | null {
  const typed = query.trim();
  if (!/^[+\d\s().\-/]+$/.test(typed)) return null;
  const digits = digitsOf(typed);
  if (digits.length < PHONE_MIN_DIGITS) return null;
  const forms = new Set([digits]);
  const international = typed.startsWith('+') || digits.startsWith('00');
  if (digits.startsWith('00')) forms.add(digits.slice(2));
  else if (digits.startsWith('0') && digits.length > PHONE_MIN_DIGITS) forms.add(digits.slice(1));
  const byCode = new Map<string, string | null>();
  const asNumberOf = (callingCode: string): string | null => {
    if (international || digits.length < NATIONAL_MIN_DIGITS) return null;
    if (!byCode.has(callingCode)) {
      const parsed = parsePhoneNumberFromString(typed, { defaultCallingCode: callingCode });
      byCode.set(callingCode, parsed?.isPossible() ? digitsOf(parsed.number) : null);
    }
    return byCode.get(callingCode)!;
  };
  return { forms: [...forms], asNumberOf };
}

/** Whether the stored number `phone` (as a job carries it) is the typed one, or holds it. */
export function phoneMatches(needle: PhoneNeedle, phone: string): boolean {
  const stored = digitsOf(phone);
  if (stored.length < PHONE_MIN_DIGITS) return false;
  if (needle.forms.some((form) => stored.includes(form))) return true;
  const written = phone.trim();
  const international = written.startsWith('+') ? stored : written.startsWith('00') ? stored.slice(2) : null;
  if (international === null) return false;
  const code = callingCodeOf(international);
  const typed = code === null ? null : needle.asNumberOf(code);
  return typed !== null && international.includes(typed);
}
