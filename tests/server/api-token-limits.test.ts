/**
 * Limits of the static tokens of API_TOKENS (server/config.ts): `read-only`, `branches=ID|ID`,
 * read from the environment as the server reads it, then used over real HTTP. Also the
 * configuration the server refuses to start with, said without showing a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseApiTokens, readConfig } from '../../server/config';
import { getBranch } from '../support/branches';
import { startTestServer, type TestServer } from '../support/server';
import { parseError, rawRequest } from './http';

const API_TOKENS = 'admin-token, floor-token read-only, north-token branches=LDN-01|man-01';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: 5, tokens: readConfig({ API_TOKENS }).tokens });
});
afterAll(async () => {
  await server.close();
});

const put = (token: string, id: string, body: string) =>
  rawRequest(`${server.url}/v1/branches/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
const rename = (token: string, id: string, branch: Record<string, unknown>) =>
  put(token, id, JSON.stringify({ branch }));
const nameOf = async (id: string) => (await getBranch({ url: server.url, token: 'admin-token' }, id))?.name;

describe('API_TOKENS limits', () => {
  it('reads the entries: a token, then its limits', () => {
    expect(parseApiTokens(API_TOKENS)).toEqual([
      { token: 'admin-token', permissions: { writeBranches: true, writeJobs: true, branchIds: null } },
      { token: 'floor-token', permissions: { writeBranches: false, writeJobs: false, branchIds: null } },
      {
        token: 'north-token',
        permissions: { writeBranches: true, writeJobs: true, branchIds: ['LDN-01', 'man-01'] },
      },
    ]);
    // As before limits existed: spaces around entries, empty entries, any b64token character.
    expect(parseApiTokens(' a.b~c+d/e== ,, x-y_z ').map((entry) => entry.token)).toEqual([
      'a.b~c+d/e==',
      'x-y_z',
    ]);
    expect(parseApiTokens('t1   READ-ONLY')[0]!.permissions.writeBranches).toBe(false);
  });

  it('a token without limits reads and saves every branch', async () => {
    const response = await rename('admin-token', 'MAN-01', { name: 'Manchester Piccadilly' });
    expect(response.status, response.text).toBe(200);
    expect(await nameOf('MAN-01')).toBe('Manchester Piccadilly');
    const branch = await getBranch({ url: server.url, token: 'admin-token' }, 'MAN-01');
    expect(branch?.updated_by).toMatchObject({ user_type: 'api', user_name: 'API client' });
  });

  it('read-only reads, and its saves are 403 before the body is looked at, nothing changed', async () => {
    expect(
      (await rawRequest(`${server.url}/v1/jobs`, { headers: { authorization: 'Bearer floor-token' } }))
        .status,
    ).toBe(200);
    const before = await nameOf('LDN-01');
    for (const body of [
      JSON.stringify({ branch: { name: 'Not saved' } }),
      '{"branch": ',
      '{"branch":{"name":""}}',
    ]) {
      const response = await put('floor-token', 'LDN-01', body);
      expect(response.status, response.text).toBe(403);
      expect(parseError(403, response.json()).error.message).toBe(
        'This sign-in may read branches but not change them: saving needs the branches:write permission. ' +
          'Ask an administrator or the branch’s manager.',
      );
    }
    expect(await nameOf('LDN-01')).toBe(before);
  });

  it('branches= saves those branches (in any case) and refuses the others, renames included', async () => {
    expect((await rename('north-token', 'LDN-01', { name: 'London Old Street' })).status).toBe(200);
    expect((await rename('north-token', 'MAN-01', { name: 'Manchester Deansgate' })).status).toBe(200);
    expect(await nameOf('MAN-01')).toBe('Manchester Deansgate');

    const before = await nameOf('BER-01');
    const refused = await rename('north-token', 'BER-01', { name: 'Not saved' });
    expect(refused.status).toBe(403);
    expect(parseError(403, refused.json()).error.message).toBe(
      'This sign-in may not change branch BER-01. BER-01 is saved by its own manager or an administrator.',
    );
    expect(await nameOf('BER-01')).toBe(before);

    const renamed = await rename('north-token', 'LDN-01', { id: 'LDN-09' });
    expect(renamed.status).toBe(403);
    expect(parseError(403, renamed.json()).error.details).toEqual([
      { path: 'branch.id', message: 'Outside the branches this sign-in may change' },
    ]);
    expect(await nameOf('LDN-01')).toBe('London Old Street');
    // A change of case of its own id is a rename to the same id.
    expect((await rename('north-token', 'LDN-01', { id: 'ldn-01' })).status).toBe(200);
    expect((await rename('north-token', 'ldn-01', { id: 'LDN-01' })).status).toBe(200);
    // An unknown id outside the list: 403, not 404.
    expect((await rename('north-token', 'NOPE-99', { name: 'x' })).status).toBe(403);
  });
});

describe('configuration refused, saying why in one line', () => {
  const refusal = (env: NodeJS.ProcessEnv): string => {
    try {
      readConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { message } = error as ConfigError;
      expect(message.split('\n')).toHaveLength(1);
      return message;
    }
    throw new Error(`readConfig accepted ${JSON.stringify(env)}`);
  };

  it('an unknown limit, named with the accepted ones', () => {
    expect(refusal({ API_TOKENS: 'good-token, other-token readonly' })).toBe(
      'API_TOKENS entry 2: unknown limit "readonly"; the limits are read-only, branches=ID|ID|… (tokens hold no spaces)',
    );
    expect(refusal({ API_TOKENS: 'a-token branch=LDN-01' })).toContain('unknown limit "branch=LDN-01"');
  });

  it('a word that may be the rest of a token is not shown', () => {
    const message = refusal({ API_TOKENS: 'first-half 9f3KxQ7secondHalf' });
    expect(message).toContain('API_TOKENS entry 1: unknown limit (not shown: it may be part of a token)');
    expect(message).not.toContain('9f3KxQ7secondHalf');
    expect(message).not.toContain('first-half');
    expect(refusal({ API_TOKENS: 'first-half secondHalf==' })).not.toContain('secondHalf');
  });

  it('a token with characters a Bearer token cannot carry, without printing it', () => {
    for (const token of ['s3cr3t;value', 'quoted"token', 'pipe|token', 'naïve-token', '=leading']) {
      const message = refusal({ API_TOKENS: `ok-token, ${token}` });
      expect(message).toMatch(/^API_TOKENS entry 2: a token may hold only letters, digits and/);
      expect(message).not.toContain(token);
    }
  });

  it('branches= without ids, with a malformed id, or twice; read-only with branches=; a token listed twice', () => {
    expect(refusal({ API_TOKENS: 't-1 branches=' })).toContain('branches= needs branch ids separated by |');
    expect(refusal({ API_TOKENS: 't-1 branches=LDN-01||MAN-01' })).toContain('with none empty');
    expect(refusal({ API_TOKENS: 't-1 branches=LDN-01|-bad' })).toContain(
      'branches= lists "-bad", which is not a branch id',
    );
    expect(refusal({ API_TOKENS: 't-1 branches=LDN-01 branches=MAN-01' })).toContain(
      'branches= is given twice',
    );
    expect(refusal({ API_TOKENS: 't-1 read-only branches=LDN-01' })).toContain(
      'read-only and branches= together',
    );
    expect(refusal({ API_TOKENS: 'admin-token,read-only' })).toBe(
      'API_TOKENS entry 2 is the limit "read-only" without a token before it: limits follow their token after a space, in the same entry',
    );
    expect(refusal({ API_TOKENS: 'admin-token, branches=LDN-01' })).toContain('entry 2 is the limit');
    const twice = refusal({ API_TOKENS: 'same-token, other, same-token read-only' });
    expect(twice).toBe('API_TOKENS entries 1 and 3 are the same token: list it once, with its limits');
  });
});

describe('OIDC_ISSUER and OIDC_AUDIENCE', () => {
  const issuer = 'https://idp.example/realms/dispatch';

  it('are read together', () => {
    expect(readConfig({}).oidc).toBeNull();
    expect(readConfig({ OIDC_ISSUER: ` ${issuer} `, OIDC_AUDIENCE: 'dispatch-api' }).oidc).toEqual({
      issuer,
      audience: 'dispatch-api',
      maxLifetimeSeconds: 86_400,
    });
    // The issuer is kept as written, trailing slash included: tokens' iss is compared with it exactly.
    expect(
      readConfig({ OIDC_ISSUER: 'https://tenant.auth0.example/', OIDC_AUDIENCE: 'a' }).oidc?.issuer,
    ).toBe('https://tenant.auth0.example/');
  });

  it('take the longest lifetime of a token from OIDC_MAX_TOKEN_LIFETIME, in seconds', () => {
    const env = { OIDC_ISSUER: issuer, OIDC_AUDIENCE: 'a' };
    expect(readConfig({ ...env, OIDC_MAX_TOKEN_LIFETIME: '3600' }).oidc?.maxLifetimeSeconds).toBe(3600);
    expect(() => readConfig({ ...env, OIDC_MAX_TOKEN_LIFETIME: '1h' })).toThrow(ConfigError);
  });

  it('refuse one without the other, and an issuer that is not an http(s) URL', () => {
    expect(() => readConfig({ OIDC_ISSUER: issuer })).toThrow(
      new ConfigError(
        'OIDC_AUDIENCE is empty: with OIDC_ISSUER set, name the audience the identity provider puts in access tokens for this service (their aud claim)',
      ),
    );
    expect(() => readConfig({ OIDC_AUDIENCE: 'dispatch-api' })).toThrow(
      /OIDC_AUDIENCE is set but OIDC_ISSUER is not/,
    );
    for (const wrong of [
      'idp.example/realms/x',
      'ftp://idp.example',
      'https://idp.example/?realm=x',
      'https://',
    ]) {
      expect(() => readConfig({ OIDC_ISSUER: wrong, OIDC_AUDIENCE: 'a' }), wrong).toThrow(
        /^OIDC_ISSUER must be the identity provider's issuer URL, http\(s\) without a query or fragment/,
      );
    }
  });

  it('let a production server run without API_TOKENS (only the provider’s tokens accepted)', () => {
    const config = readConfig({ NODE_ENV: 'production', OIDC_ISSUER: issuer, OIDC_AUDIENCE: 'dispatch-api' });
    expect(config.tokens).toEqual([]);
    expect(config.tokenGenerated).toBe(false);
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/^API_TOKENS is empty/);
  });
});
