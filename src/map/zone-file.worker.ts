/**
 * Reads a zones file and plans its import off the main thread (a 5 MB GeoJSON takes long
 * enough to parse, check and simplify that the page would stop answering). Receives a
 * `ZoneFileRequest`, answers an `ImportPlan`.
 */
import { msg } from '@lingui/core/macro';
import { chooseLocale, i18n } from '../i18n';
import { errorMessage } from '../lib/error-message';
import { planImport, type ImportPlan } from './import-plan';
import type { ZoneFileRequest } from './zone-file-answer';
import { importZonesFile } from './zone-files';

self.onmessage = async ({ data }: MessageEvent<ZoneFileRequest>) => {
  let plan: ImportPlan;
  const fileName = data.fileName;
  try {
    // The page's language and digits, with that language's catalogs.
    await chooseLocale(data.locale, data.digits, false);
    const read = data.source instanceof Blob ? await importZonesFile(data.source) : data.source;
    plan = planImport(read, data.fileName, data.input);
  } catch (error) {
    plan = { kind: 'refused', title: i18n._(msg`Could not read ${fileName}`), message: errorMessage(error) };
  }
  self.postMessage(plan);
};
