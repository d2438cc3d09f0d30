/**
 * The messages the api, config and working-set layers write come from the shell's catalog, in
 * the chosen language (src/api/words.ts, src/config/dictionaries.ts); the service's own text
 * is kept as sent inside them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, errorFromResponse } from '../../src/api';
import { describeStatus } from '../../src/config';
import { alertBody } from '../../src/working-set/late-watch';
import { JobsResponse } from '../../src/contract';
import { chooseLocale } from '../../src/i18n';
import { makeJob } from './rules-fixtures';

afterEach(() => chooseLocale('en', 'latn', false));

const unreachable = createApiClient({
  baseUrl: 'https://api.example.test',
  getToken: () => null,
  fetch: () => Promise.reject(new TypeError('Failed to fetch')),
});

describe('the shell’s messages in the chosen language', () => {
  it('words a failed request in French, naming the host as sent', async () => {
    await chooseLocale('fr', 'latn', false);
    await expect(unreachable.request('/v1/jobs', { schema: JobsResponse })).rejects.toThrow(
      'Impossible de joindre le service à api.example.test : la connexion a échoué ou a été coupée. Vérifiez votre réseau et réessayez.',
    );
  });

  it('keeps the service’s own text inside the translated frame', async () => {
    await chooseLocale('es', 'latn', false);
    expect(errorFromResponse(502, 'text/plain', 'upstream timed out').message).toBe(
      'El servicio respondió 502 Bad Gateway: upstream timed out',
    );
  });

  it('names an unknown status code and counts a notification’s jobs with Arabic plurals', async () => {
    await chooseLocale('ar', 'latn', false);
    expect(describeStatus({ statuses: {} }, 7).label).toBe('الحالة 7');
    expect(alertBody([makeJob(1), makeJob(2)], [])).toMatch(/^تأخرت مهمتان: .+\.$/);
  });

  it('stays English by default', async () => {
    await expect(unreachable.request('/v1/jobs', { schema: JobsResponse })).rejects.toThrow(
      'Could not reach the service at api.example.test: the connection failed or was dropped. Check your network and try again.',
    );
  });
});
