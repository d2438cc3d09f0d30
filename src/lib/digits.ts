/**
 * Numbers typed with the digits the dashboard shows in Arabic: Arabic-Indic (٠-٩) or Eastern
 * Arabic-Indic (۰-۹, as Persian and Urdu keyboards type them), the Arabic decimal separator (٫)
 * and the minus sign the hints write (−), read as the Latin ones a parser expects; the marks
 * that `Intl` puts before a minus in Arabic (U+061C, U+200E) are dropped.
 */
export function latinDigits(text: string): string {
  return text
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x6f0))
    .replace(/٫/g, '.')
    .replace(/−/g, '-')
    .replace(/[\u061c\u200e\u200f]/g, '');
}
