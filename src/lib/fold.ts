/**
 * Text as it is compared when a person searches or groups: lower case, without accents
 * ("Zoë" → "zoe", "Ålesund" → "alesund"), runs of white space as one space, trimmed. The one
 * way every search, filter and grouping of typed text ignores case and accents.
 */
export function foldText(text: string): string {
  // eslint-disable-next-line no-control-regex -- plain ASCII needs no normalising (most ids and names)
  const plain = /^[\x00-\x7f]*$/.test(text) ? text : text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return plain.toLowerCase().replace(/\s+/g, ' ').trim();
}
