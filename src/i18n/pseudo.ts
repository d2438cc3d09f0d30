/**
 * The pseudo-locales' messages (./locale.ts), made from the English catalogs when one is chosen:
 * every text accented and half as long again (pseudolocale), each message in brackets, so that a
 * text that is not from the catalogs, one cut short or one that does not fit shows; in `ar-XB`
 * each text is also written right to left (an override, as Chrome's pseudo-bidi does), on a
 * right-to-left page. Placeholders, plurals' forms and markup tags are kept.
 */
import type { Messages } from '@lingui/core';
import pseudolocale from 'pseudolocale';
import type { PseudoLocale } from '../lib/locale';

type Message = Messages[string];
type Token = Exclude<Message, string>[number];

const RIGHT_TO_LEFT_OVERRIDE = '\u202e';
const POP_DIRECTIONAL_FORMATTING = '\u202c';

/** A text with no words: blank, or a plural's `#` (a token of its own, which must stay as it is). */
const wordless = (text: string) => text.trim() === '' || text === '#';

function textOf(locale: PseudoLocale): (text: string) => string {
  const accented = (text: string) =>
    wordless(text)
      ? text
      : pseudolocale(text, { prepend: '', append: '', extend: 0.5, extendCharacter: '~' });
  return locale === 'ar-XB'
    ? (text) =>
        wordless(text) ? text : `${RIGHT_TO_LEFT_OVERRIDE}${accented(text)}${POP_DIRECTIONAL_FORMATTING}`
    : accented;
}

function mapTokens(message: Message, text: (value: string) => string): Message {
  if (typeof message === 'string') return text(message);
  return message.map((token): Token => {
    if (typeof token === 'string') return text(token);
    const [name, type, format] = token;
    if (format === null || typeof format !== 'object') return token;
    // A plural's or a select's forms, each a message of its own (`offset` is a number).
    const forms = Object.fromEntries(
      Object.entries(format).map(([key, value]) => [
        key,
        typeof value === 'string' || Array.isArray(value) ? mapTokens(value as Message, text) : value,
      ]),
    );
    return [name, type, forms];
  });
}

/** `english` (compiled messages) as `locale` shows them. */
export function pseudoMessages(english: Messages, locale: PseudoLocale): Messages {
  const text = textOf(locale);
  return Object.fromEntries(
    Object.entries(english).map(([id, message]) => {
      const mapped = mapTokens(message, text);
      return [id, typeof mapped === 'string' ? `[${mapped}]` : ['[', ...mapped, ']']];
    }),
  );
}
