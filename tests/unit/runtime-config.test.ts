import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, RuntimeConfig, loadRuntimeConfig } from '../../src/config';

describe('runtime config (config.json)', () => {
  const load = (body: unknown) => loadRuntimeConfig('/config.json', Promise.resolve(new Response(JSON.stringify(body))));

  it('reads the shipped file, and fills every default of an empty one', () => {
    const shipped: unknown = JSON.parse(readFileSync('public/config.json', 'utf8'));
    expect(RuntimeConfig.parse(shipped).statuses['8']).toEqual({ label: 'Failed', tone: 'danger' });
    expect(RuntimeConfig.parse({})).toEqual({
      apiBaseUrl: '',
      mapStyle: 'offline',
      refreshSeconds: 30,
      requestTimeoutSeconds: 20,
      statuses: {},
    });
  });

  it('trims the base URL and reads an unknown tone as neutral', () => {
    const config = RuntimeConfig.parse({ apiBaseUrl: 'https://api.example//', statuses: { '3': { label: 'x', tone: 'sparkly' } } });
    expect(config.apiBaseUrl).toBe('https://api.example');
    expect(config.statuses['3']!.tone).toBe('neutral');
  });

  it('names the field and the rule of an invalid file', async () => {
    await expect(load({ refreshSeconds: 60 })).resolves.toMatchObject({ refreshSeconds: 60, apiBaseUrl: '' });
    const error = await load({ refreshSeconds: 60, apiBaseUrl: 'ftp://files.example' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe('apiBaseUrl: apiBaseUrl must be empty (same origin) or an http(s) URL');
    await expect(load({ refreshSeconds: 2 })).rejects.toThrow('refreshSeconds: must be at least 5');
    await expect(load({ statuses: { delivered: { label: 'Delivered' } } })).rejects.toThrow(/^statuses/);
  });

  it('says so when the file is not JSON or not there', async () => {
    await expect(loadRuntimeConfig('/config.json', Promise.resolve(new Response('{ nope')))).rejects.toThrow('It is not valid JSON.');
    await expect(loadRuntimeConfig('/config.json', Promise.resolve(new Response('', { status: 404 })))).rejects.toThrow(
      'The server answered 404 for it.',
    );
  });
});
