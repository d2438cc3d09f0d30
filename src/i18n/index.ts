export {
  LOCALES,
  LOCALE_NAMES,
  currentLocale,
  directionOf,
  i18n,
  intlTag,
  isLocale,
  isPseudoLocale,
  PSEUDO_LOCALES,
  numberingSystem,
  type Digits,
  type Language,
  type Locale,
} from './core';
export { browserLocale, chooseLocale, startLocale, subscribeLocale } from './choice';
export { LocaleProvider, useLocale } from './LocaleProvider';
