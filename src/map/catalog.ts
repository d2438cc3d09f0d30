/**
 * This area's messages (src/i18n/catalogs.ts): every module here that writes one imports this
 * module, so that its catalog is loaded before the module runs.
 */
import { registerCatalog } from '../i18n';
import { messages } from './locales/en.po';

await registerCatalog(messages, {
  ar: () => import('./locales/ar.po'),
  fr: () => import('./locales/fr.po'),
  es: () => import('./locales/es.po'),
});
