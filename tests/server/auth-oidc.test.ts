/**
 * Access tokens of an identity provider (server/oidc-tokens.ts), against a real provider: a
 * small node:http server here that publishes a discovery document and a key set, and tokens
 * signed with jose. Every refusal is a 401 in the error format with
 * `WWW-Authenticate: Bearer error="invalid_token"`, and nothing of a token reaches the log.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBranch } from '../support/branches';
import { TEST_TOKEN, freePort, startTestServer, type TestServer } from '../support/server';
import { parseError, rawRequest } from './http';

const AUDIENCE = 'dispatch-api';
const INVALID_TOKEN = 'Bearer error="invalid_token"';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function signingKey(kid: string): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** The identity provider: discovery and keys under a realm path, as Keycloak serves them. */
interface Provider {
  issuer: string;
  /** The keys published in the key set. */
  published: JWK[];
  /** Paths asked for, in order. */
  requests: string[];
  listen(port?: number): Promise<number>;
  close(): Promise<void>;
}

function provider(): Provider {
  const state: Provider = {
    issuer: '',
    published: [],
    requests: [],
    listen: async (port = 0) => {
      await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
      const bound = (server.address() as AddressInfo).port;
      state.issuer = `http://127.0.0.1:${bound}/realms/dispatch`;
      return bound;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  const server: Server = createServer((request, response) => {
    state.requests.push(request.url ?? '');
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/realms/dispatch/.well-known/openid-configuration') {
      send({ issuer: state.issuer, jwks_uri: `${state.issuer}/protocol/openid-connect/certs` });
    } else if (request.url === '/realms/dispatch/protocol/openid-connect/certs') {
      send({ keys: state.published });
    } else {
      response.writeHead(404).end();
    }
  });
  return state;
}

const now = () => Math.floor(Date.now() / 1000);

/** `typ` null: no typ header. */
function sign(
  key: SigningKey,
  claims: JWTPayload,
  issuer: string,
  typ: string | null = 'at+jwt',
): Promise<string> {
  return new SignJWT({ aud: AUDIENCE, iss: issuer, sub: 'u-ada', exp: now() + 300, iat: now(), ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, ...(typ === null ? {} : { typ }) })
    .sign(key.privateKey);
}

const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let idp: Provider;
let server: TestServer;
let key: SigningKey;
let token: (claims?: JWTPayload, by?: SigningKey) => Promise<string>;

beforeAll(async () => {
  idp = provider();
  await idp.listen();
  key = await signingKey('key-1');
  idp.published.push(key.jwk);
  token = (claims = {}, by = key) => sign(by, claims, idp.issuer);
  server = await startTestServer({
    jobs: 5,
    oidc: { issuer: idp.issuer, audience: AUDIENCE, jwksCooldownMs: 0 },
    logger: { level: 'info', stream: logStream },
  });
});
afterAll(async () => {
  await server.close();
  await idp.close();
});

const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
const getJobs = (value: string) => rawRequest(`${server.url}/v1/jobs`, { headers: bearer(value) });

/** A 401 for a refused token: the error format, the invalid_token challenge, and `message`. */
async function expectRefused(response: Promise<Awaited<ReturnType<typeof rawRequest>>>, message: string) {
  const answer = await response;
  expect(answer.status, answer.text).toBe(401);
  expect(answer.headers['www-authenticate']).toBe(INVALID_TOKEN);
  expect(parseError(401, answer.json()).error.message).toBe(message);
}

describe('access tokens of the identity provider', () => {
  it('accepts a token signed by the provider, for this audience, not expired', async () => {
    const response = await getJobs(await token());
    expect(response.status, response.text).toBe(200);
    // The discovery document once, then the keys.
    expect(idp.requests.slice(0, 2)).toEqual([
      '/realms/dispatch/.well-known/openid-configuration',
      '/realms/dispatch/protocol/openid-connect/certs',
    ]);
  });

  it('accepts an audience among several, and an expiry within the 30 s of clock tolerance', async () => {
    expect((await getJobs(await token({ aud: ['account', AUDIENCE] }))).status).toBe(200);
    expect((await getJobs(await token({ exp: now() - 10 }))).status).toBe(200);
  });

  it('refuses a token whose signature is not the provider’s (another key, same kid)', async () => {
    const impostor = await signingKey('key-1');
    await expectRefused(getJobs(await token({}, impostor)), 'The access token is not valid');
  });

  it('refuses a token of another issuer', async () => {
    await expectRefused(
      getJobs(await token({ iss: 'https://idp.example/realms/other' })),
      'The access token was issued by an identity provider this service does not trust',
    );
  });

  it('refuses a token for another audience', async () => {
    await expectRefused(
      getJobs(await token({ aud: 'another-service' })),
      'The access token was not issued for this service',
    );
  });

  it('refuses an expired token', async () => {
    await expectRefused(
      getJobs(await token({ exp: now() - 120 })),
      'The access token has expired; sign in again',
    );
  });

  it('accepts the types of an access token, or none, and refuses any other', async () => {
    for (const typ of ['at+jwt', 'JWT', 'jwt', 'application/at+JWT', null]) {
      const response = await getJobs(await sign(key, {}, idp.issuer, typ));
      expect(response.status, `${typ}: ${response.text}`).toBe(200);
    }
    for (const typ of ['id_token+jwt', 'logout+jwt', 'dpop+jwt', 'JOSE', '']) {
      await expectRefused(
        getJobs(await sign(key, {}, idp.issuer, typ)),
        'The token is not an access token (its typ header is neither JWT nor at+jwt); sign in again',
      );
    }
  });

  it('refuses a token that lives longer than the maximum (24 hours by default), with or without iat', async () => {
    const longer =
      'The access token lives longer than this service accepts (24 hours); ask the identity provider for shorter-lived tokens, and sign in again';
    await expectRefused(getJobs(await token({ exp: 32_503_680_000 })), longer); // the year 3000
    await expectRefused(getJobs(await token({ iat: now() - 3600, exp: now() + 86_400 })), longer);
    await expectRefused(getJobs(await token({ iat: undefined, exp: now() + 90_000 })), longer);
    // A day exactly, issued an hour ago or without iat: accepted.
    expect((await getJobs(await token({ iat: now() - 3600, exp: now() + 82_800 }))).status).toBe(200);
    expect((await getJobs(await token({ iat: undefined, exp: now() + 86_000 }))).status).toBe(200);
  });

  it('refuses a token without a subject, and a token that only looks like a JWT', async () => {
    await expectRefused(getJobs(await token({ sub: undefined })), 'The access token is not valid');
    await expectRefused(getJobs('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.c2ln'), 'The access token is not valid');
  });

  it('fetches the keys again for an unknown kid: refused before the key is published, accepted after', async () => {
    const rotated = await signingKey('key-2');
    const signed = await token({}, rotated);
    await expectRefused(
      getJobs(signed),
      'The access token is signed with a key the identity provider does not publish; sign in again',
    );
    idp.published.push(rotated.jwk);
    const response = await getJobs(signed);
    expect(response.status, response.text).toBe(200);
  });

  it('still accepts the static tokens of API_TOKENS', async () => {
    expect((await getJobs(TEST_TOKEN)).status).toBe(200);
    await expectRefused(getJobs('not-a-known-token'), 'The access token is not valid');
  });

  it('keeps the bare challenge for a request without a token', async () => {
    const response = await rawRequest(`${server.url}/v1/jobs`);
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    parseError(401, response.json());
  });

  it('records who saved a branch: the person signed in, by subject and name', async () => {
    const signed = await token({ sub: 'u-grace', name: 'Grace Hopper', scope: 'openid branches:write' });
    const response = await rawRequest(`${server.url}/v1/branches/LDN-01`, {
      method: 'PUT',
      headers: { ...bearer(signed), 'content-type': 'application/json' },
      body: JSON.stringify({ branch: { formatted_address: '1 Hopper Lane, London' } }),
    });
    expect(response.status, response.text).toBe(200);
    const branch = await getBranch(server, 'LDN-01');
    expect(branch?.updated_by).toEqual({ user_type: 'user', user_id: 'u-grace', user_name: 'Grace Hopper' });
  });

  it('names the person by preferred_username, then email, then subject', async () => {
    const save = async (claims: JWTPayload, address: string) => {
      const signed = await token({ scope: 'branches:write', ...claims });
      const response = await rawRequest(`${server.url}/v1/branches/LDN-01`, {
        method: 'PUT',
        headers: { ...bearer(signed), 'content-type': 'application/json' },
        body: JSON.stringify({ branch: { formatted_address: address } }),
      });
      expect(response.status, response.text).toBe(200);
      return (await getBranch(server, 'LDN-01'))?.updated_by?.user_name;
    };
    expect(await save({ preferred_username: 'ghopper', email: 'grace@example.com' }, 'a')).toBe('ghopper');
    expect(await save({ email: 'grace@example.com' }, 'b')).toBe('grace@example.com');
    expect(await save({ sub: 'u-only' }, 'c')).toBe('u-only');
  });

  it('writes neither a token nor any 20 characters of one to the log', async () => {
    lines.length = 0;
    const signed = await token({ scope: 'branches:write' });
    const refused = await token({ aud: 'another-service' });
    const expired = await token({ exp: now() - 120 });
    await getJobs(signed);
    await getJobs(refused);
    await getJobs(expired);
    await getJobs(TEST_TOKEN);
    await getJobs(`${TEST_TOKEN}x`);
    await rawRequest(`${server.url}/v1/branches/LDN-01`, {
      method: 'PUT',
      headers: { ...bearer(signed), 'content-type': 'application/json' },
      body: JSON.stringify({ branch: { name: 'London' } }),
    });
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const secret of [signed, refused, expired, TEST_TOKEN]) {
      expect(log).not.toContain(secret);
      for (let start = 0; start + 20 <= secret.length; start++) {
        expect(log.includes(secret.slice(start, start + 20)), `a slice of a token at ${start}`).toBe(false);
      }
    }
  });
});

describe('what a signed-in person may change: the branches:write scope and branch_ids', () => {
  const put = (signed: string, id: string, branch: Record<string, unknown>) =>
    rawRequest(`${server.url}/v1/branches/${id}`, {
      method: 'PUT',
      headers: { ...bearer(signed), 'content-type': 'application/json' },
      body: JSON.stringify({ branch }),
    });
  /** A 403 in the error format, and the branch as it was. */
  async function expectForbidden(
    response: Promise<Awaited<ReturnType<typeof rawRequest>>>,
    message: string,
    unchanged: { id: string; name: string },
  ) {
    const answer = await response;
    expect(answer.status, answer.text).toBe(403);
    expect(parseError(403, answer.json()).error.message).toBe(message);
    expect((await getBranch(server, unchanged.id))?.name).toBe(unchanged.name);
  }
  const nameOf = async (id: string) => (await getBranch(server, id))!.name;

  it('without branches:write, reads but does not save (403, nothing changed)', async () => {
    const signed = await token({ scope: 'openid profile' });
    expect((await getJobs(signed)).status).toBe(200);
    expect((await rawRequest(`${server.url}/v1/branches/LDN-01`, { headers: bearer(signed) })).status).toBe(
      200,
    );
    await expectForbidden(
      put(signed, 'LDN-01', { name: 'Not saved' }),
      'This sign-in may read branches but not change them: saving needs the branches:write permission. ' +
        'Ask an administrator or the branch’s manager.',
      { id: 'LDN-01', name: await nameOf('LDN-01') },
    );
  });

  it('with branches:write and branch_ids, saves those branches and no other', async () => {
    const signed = await token({ scope: 'openid branches:write', branch_ids: ['LDN-01'] });
    const saved = await put(signed, 'LDN-01', { name: 'London Shoreditch' });
    expect(saved.status, saved.text).toBe(200);
    expect(await nameOf('LDN-01')).toBe('London Shoreditch');
    await expectForbidden(
      put(signed, 'MAN-01', { name: 'Not saved' }),
      'This sign-in may not change branch MAN-01. MAN-01 is saved by its own manager or an administrator.',
      { id: 'MAN-01', name: await nameOf('MAN-01') },
    );
  });

  it('takes the scope from scp too, as an array (Okta) or a string (Entra ID)', async () => {
    const asArray = await token({ scp: ['openid', 'branches:write'], branch_ids: ['MAN-01', 'LDN-01'] });
    expect((await put(asArray, 'MAN-01', { name: 'Manchester Ancoats' })).status).toBe(200);
    const asString = await token({ scp: 'User.Read branches:write' });
    expect((await put(asString, 'MAN-01', { name: 'Manchester Northern Quarter' })).status).toBe(200);
    expect(await nameOf('MAN-01')).toBe('Manchester Northern Quarter');
    const names = await token({ scp: ['branches:read'], scope: 'branches' });
    expect((await put(names, 'MAN-01', { name: 'x' })).status).toBe(403);
  });

  it('refuses a rename to a branch outside branch_ids, and compares ids regardless of case', async () => {
    const signed = await token({ scope: 'branches:write', branch_ids: ['ldn-01', 'LDN-02'] });
    const before = await nameOf('LDN-01');
    const renamed = await put(signed, 'LDN-01', { id: 'MAN-77', name: 'Moved' });
    expect(renamed.status, renamed.text).toBe(403);
    const body = parseError(403, renamed.json());
    expect(body.error.message).toBe(
      'This sign-in may not change branch MAN-77, so it cannot rename a branch to it. Nothing was changed.',
    );
    expect(body.error.details).toEqual([
      { path: 'branch.id', message: 'Outside the branches this sign-in may change' },
    ]);
    // The branch asked for, not the token's claim.
    expect(renamed.text).not.toMatch(/ldn-01|LDN-02/i);
    expect(await nameOf('LDN-01')).toBe(before);
    expect(await getBranch(server, 'MAN-77')).toBeNull();
    // ldn-01 covers LDN-01: the same id in another case.
    expect((await put(signed, 'LDN-01', { name: before })).status).toBe(200);
  });

  it('answers 403 before 404: a limited sign-in is not told whether another branch exists', async () => {
    const signed = await token({ scope: 'branches:write', branch_ids: ['LDN-01', 'NOPE-98'] });
    expect((await put(signed, 'NOPE-99', { name: 'x' })).status).toBe(403);
    expect((await put(signed, 'NOPE-98', { name: 'x' })).status).toBe(404);
  });

  it('allows no branch when branch_ids is not a list of ids', async () => {
    const signed = await token({ scope: 'branches:write', branch_ids: 'LDN-01' });
    const answer = await put(signed, 'LDN-01', { name: 'x' });
    expect(answer.status).toBe(403);
    expect(parseError(403, answer.json()).error.message).toBe(
      'This sign-in may not change branch LDN-01. LDN-01 is saved by its own manager or an administrator.',
    );
  });
});

describe('the identity provider down when the server starts', () => {
  let down: Provider;
  let port: number;
  let app: TestServer;
  let signer: SigningKey;
  const issuerAt = (p: number) => `http://127.0.0.1:${p}/realms/dispatch`;

  beforeAll(async () => {
    port = await freePort();
    down = provider();
    signer = await signingKey('down-1');
    down.published.push(signer.jwk);
    app = await startTestServer({
      jobs: 5,
      oidc: { issuer: issuerAt(port), audience: AUDIENCE, jwksCooldownMs: 0 },
      logger: { level: 'info', stream: logStream },
    });
  });
  afterAll(async () => {
    await app.close();
    await down.close().catch(() => undefined);
  });

  it('starts, answers 503 with a readable message until the provider is up, then accepts its tokens', async () => {
    const signed = await sign(signer, {}, issuerAt(port));
    const get = () => rawRequest(`${app.url}/v1/jobs`, { headers: bearer(signed) });
    // Static tokens work meanwhile.
    expect((await rawRequest(`${app.url}/v1/jobs`, { headers: bearer(TEST_TOKEN) })).status).toBe(200);
    lines.length = 0;
    // Not the token's fault: 503 (the client keeps its sign-in and tries again), not 401.
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await get();
      expect(answer.status, answer.text).toBe(503);
      expect(answer.headers['www-authenticate']).toBeUndefined();
      expect(answer.headers['retry-after']).toBe('5');
      expect(parseError(503, answer.json()).error.message).toBe(
        'The access token could not be checked: the identity provider is not answering as expected. Try again in a moment.',
      );
    }
    // The log tells the operator what failed, each time (the failed discovery is not kept).
    const warnings = lines.filter((line) => line.includes('Identity provider'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(
      `its discovery document ${issuerAt(port)}/.well-known/openid-configuration could not be fetched (ECONNREFUSED)`,
    );
    await down.listen(port);
    const response = await get();
    expect(response.status, response.text).toBe(200);
  });
});
