/**
 * The editor's answer to a zones file chosen or dropped: `importZonesFile` then `planImport`,
 * in a worker so the page keeps answering. KML and KMZ need the browser's XML parser, which
 * workers lack: those are read here and only planned in the worker. Where there are no
 * workers (jsdom), all of it runs here.
 */
import { msg } from '@lingui/core/macro';
import { currentLocale, i18n, type Digits, type Locale } from '../i18n';
import type { ImportInput, ImportPlan } from './import-plan';
import { importZonesFile, needsXmlParser, type ZonesFileImport } from './zone-files';
import { errorMessage } from '../lib/error-message';

/** What the worker is asked: the file (or KML's reading of it), the branch's zones and limits, and
 * the language and digits to answer in (a worker has its own catalogs: it loads the chosen one). */
export type ZoneFileRequest = {
  source: File | ZonesFileImport;
  fileName: string;
  input: ImportInput;
  locale: Locale;
  digits: Digits;
};

export async function answerZonesFile(file: File, input: ImportInput): Promise<ImportPlan> {
  const source = (await needsXmlParser(file)) ? await importZonesFile(file) : file;
  const { locale, digits } = currentLocale();
  const request: ZoneFileRequest = { source, fileName: file.name, input, locale, digits };
  if (typeof Worker === 'undefined') {
    const { planImport } = await import('./import-plan');
    const read = source instanceof Blob ? await importZonesFile(source) : source;
    return planImport(read, file.name, input);
  }
  const fileName = file.name;
  const worker = new Worker(new URL('./zone-file.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<ImportPlan>((resolve) => {
      worker.onmessage = (event: MessageEvent<ImportPlan>) => resolve(event.data);
      worker.onerror = (event) =>
        resolve({
          kind: 'refused',
          title: i18n._(msg`Could not read ${fileName}`),
          message: event.message || errorMessage(event),
        });
      worker.postMessage(request);
    });
  } finally {
    worker.terminate();
  }
}
