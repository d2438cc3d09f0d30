import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadRuntimeConfig, readRuntimeConfig } from '../../src/app/config';
import { RuntimeConfig } from '../../src/app/config-schema';
import { ErrorBody, readErrorBody } from '../../src/contract';

/*
 * The first load reads config.json and error bodies by hand (no zod there); these readers
 * must accept exactly what the schemas accept, with the same values.
 */

const DELETE = Symbol('delete');
type Variant = unknown;
const VARIANTS: Variant[] = [DELETE, null, '', 'x', 'http://api.example/', '7', 0, 4, 5, 20.5, 300, 301, 3600, 3601, -1, 1.5, true, [], {}, { label: 'x' }];

function withValue(base: Record<string, unknown>, path: string[], value: Variant): unknown {
  const copy = structuredClone(base);
  let at = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (value === DELETE && Array.isArray(at)) at.splice(Number(last), 1);
  else if (value === DELETE) delete at[last];
  else at[last] = value;
  return copy;
}

function expectSame<T>(read: (json: unknown) => T | undefined, schema: { safeParse(json: unknown): { success: boolean; data?: unknown } }, input: unknown, label: string) {
  const fast = read(structuredClone(input));
  const exact = schema.safeParse(structuredClone(input));
  expect(fast === undefined, `${label}: reader ${fast === undefined ? 'refused' : 'accepted'}`).toBe(!exact.success);
  if (exact.success) expect(fast, label).toStrictEqual(exact.data);
  return exact.success;
}

describe('readRuntimeConfig agrees with the RuntimeConfig schema', () => {
  const shipped = JSON.parse(readFileSync('public/config.json', 'utf8')) as Record<string, unknown>;
  const base = { ...shipped, apiBaseUrl: 'https://api.example//', mapStyle: 'https://tiles.example/style.json', refreshSeconds: 30, requestTimeoutSeconds: 20 };
  const code = Object.keys(shipped.statuses as object)[0]!;

  it('on the shipped config.json, and on no fields at all (every default)', () => {
    expect(expectSame(readRuntimeConfig, RuntimeConfig, shipped, 'shipped')).toBe(true);
    expect(expectSame(readRuntimeConfig, RuntimeConfig, {}, 'empty')).toBe(true);
    expect(readRuntimeConfig({})).toEqual({ apiBaseUrl: '', mapStyle: 'offline', refreshSeconds: 30, requestTimeoutSeconds: 20, statuses: {} });
  });

  it('on every field removed, nulled or given each wrong value', () => {
    const paths = [
      ['apiBaseUrl'],
      ['mapStyle'],
      ['refreshSeconds'],
      ['requestTimeoutSeconds'],
      ['statuses'],
      ['statuses', code],
      ['statuses', code, 'label'],
      ['statuses', code, 'tone'],
      ['statuses', 'delivered'],
      ['statuses', '-3'],
      ['unknown'],
    ];
    let accepted = 0;
    let refused = 0;
    for (const path of paths) {
      for (const value of VARIANTS) {
        const label = `${path.join('.')} = ${value === DELETE ? '(removed)' : JSON.stringify(value)}`;
        if (expectSame(readRuntimeConfig, RuntimeConfig, withValue(base, path, value), label)) accepted++;
        else refused++;
      }
    }
    expect(accepted).toBeGreaterThan(40);
    expect(refused).toBeGreaterThan(40);
  });

  it('on files that are not objects', () => {
    for (const input of [null, [], 'config', 7]) expect(expectSame(readRuntimeConfig, RuntimeConfig, input, JSON.stringify(input))).toBe(false);
  });
});

describe('loadRuntimeConfig', () => {
  const load = (body: unknown) => loadRuntimeConfig('/config.json', Promise.resolve(new Response(JSON.stringify(body))));

  it('reads a valid file without the schema, and names the field and the rule of an invalid one', async () => {
    await expect(load({ refreshSeconds: 60 })).resolves.toMatchObject({ refreshSeconds: 60, apiBaseUrl: '' });
    const error = await load({ refreshSeconds: 60, apiBaseUrl: 'ftp://files.example' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe('apiBaseUrl: apiBaseUrl must be empty (same origin) or an http(s) URL');
    await expect(load({ refreshSeconds: 2 })).rejects.toThrow('refreshSeconds: must be at least 5');
    await expect(load({ statuses: { delivered: { label: 'Delivered' } } })).rejects.toThrow(/^statuses/);
  });
});

describe('readErrorBody agrees with the ErrorBody schema', () => {
  const base = { error: { code: 'invalid_request', message: 'The branch is invalid.', details: [{ path: 'branch.name', message: 'Name is required' }] }, extra: 1 };

  it('on every field removed, nulled or given each wrong value, and on other shapes', () => {
    const paths = [['error'], ['error', 'code'], ['error', 'message'], ['error', 'details'], ['error', 'details', '0'], ['error', 'details', '0', 'path'], ['error', 'details', '0', 'message'], ['error', 'other']];
    let accepted = 0;
    for (const path of paths) {
      for (const value of VARIANTS) {
        if (expectSame(readErrorBody, ErrorBody, withValue(base, path, value), `${path.join('.')} = ${String(value)}`)) accepted++;
      }
    }
    expect(accepted).toBeGreaterThan(20);
    for (const input of [null, [], 'error', { message: 'Down for maintenance' }]) expect(readErrorBody(input)).toBeUndefined();
  });
});
