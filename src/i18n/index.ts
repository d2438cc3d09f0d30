export {
  LOCALES,
  LOCALE_NAMES,
  currentLocale,
  directionOf,
  i18n,
  intlTag,
  isLocale,
  numberingSystem,
  type Digits,
  type Locale,
} from './core';
export { registerCatalog, type CatalogLoaders } from './catalogs';
export { browserLocale, chooseLocale, startLocale, subscribeLocale } from './choice';
export { LocaleProvider, useLocale } from './LocaleProvider';
