import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The message catalogs (src/i18n/README.md). `npx lingui extract` collects the messages of the
 * code into one catalog per area: each of AREAS has its own (`<area>/locales/{locale}.po`, its
 * English registered by `<area>/catalog.ts` as the area's code loads); the rest (the app's
 * shell, ui, api, config, working-set) is in src/i18n/locales/{locale}.po, with English in the
 * first load (src/i18n/catalogs.ts). English is the source; the Vite plugin compiles a catalog when it is imported, so no
 * compiled file is kept.
 */
const AREAS = ['features/jobs', 'features/control-room', 'features/branches', 'job-views', 'map'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar', 'fr', 'es'],
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: AREAS.map((area) => `<rootDir>/src/${area}/**`),
    },
    ...AREAS.map((area) => ({
      path: `<rootDir>/src/${area}/locales/{locale}`,
      include: [`<rootDir>/src/${area}`],
    })),
  ],
  // Each message's files, without line numbers: an edit elsewhere in a file leaves the catalogs alone.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  // The macro's <Trans> renders src/i18n/Trans.tsx (data holding `<` shown as it is).
  runtimeConfigModule: { Trans: ['/src/i18n/Trans.tsx', 'Trans'] },
});
