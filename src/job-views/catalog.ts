/**
 * This area's English (src/i18n/catalogs.ts): every module here that writes a message imports
 * this module, so that its words are there before the module runs.
 */
import { registerCatalog } from '../i18n';
import { messages } from './locales/en.po';

registerCatalog(messages);
