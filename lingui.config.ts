import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The message catalogs (src/i18n/README.md). `npx lingui extract` collects the messages of the
 * code into src/i18n/locales/{locale}.po (English is the source); the Vite plugin compiles a
 * catalog when it is imported, so no compiled file is kept.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar', 'fr', 'es'],
  fallbackLocales: false,
  catalogs: [{ path: '<rootDir>/src/i18n/locales/{locale}', include: ['<rootDir>/src'] }],
  // Each message's files, without line numbers: an edit elsewhere in a file leaves the catalogs alone.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
