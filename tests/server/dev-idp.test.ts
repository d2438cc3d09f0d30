/**
 * The development provider (server/dev-idp.ts) over real HTTP, as a browser would drive it but
 * without one: discovery, sign-in through the login page (authorization code + PKCE), the access
 * tokens' claims checked against the provider's keys, refresh token rotation and reuse, CORS,
 * and sign-out back to the dashboard.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevIdp, DASHBOARD_SCOPE, type DevIdp } from '../../server/dev-idp';

const DASHBOARD = 'http://127.0.0.1:5173';
const REDIRECT_URI = `${DASHBOARD}/auth/callback`;
const AUDIENCE = 'http://127.0.0.1:8787';
const BRANCH = 'LDN-01';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint: string;
  end_session_endpoint: string;
  code_challenge_methods_supported: string[];
  grant_types_supported: string[];
  response_types_supported: string[];
}

interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

/** The cookies of one browser, path and expiry aside (one provider, one sign-in at a time). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now(),
      );
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** One request with the jar's cookies, redirects not followed. */
async function send(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.store(response);
  return response;
}

/** Follows redirects until one leaves the provider (to the dashboard) or a page is answered. */
async function follow(jar: CookieJar, idp: DevIdp, response: Response): Promise<Response | URL> {
  let current = response;
  for (let hops = 0; hops < 10; hops++) {
    const location = current.headers.get('location');
    if (current.status < 300 || current.status >= 400 || !location) return current;
    const next = new URL(location, idp.issuer);
    if (next.origin !== new URL(idp.issuer).origin) return next;
    await current.arrayBuffer();
    current = await send(jar, next.href);
  }
  throw new Error('too many redirects');
}

function formAction(html: string, base: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in the page:\n${html}`);
  return new URL(action.replace(/&amp;/g, '&'), base).href;
}

function hiddenInputs(html: string): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    inputs[name!] = value!;
  }
  return inputs;
}

/** A running provider and what its discovery document says. */
interface Provider {
  idp: DevIdp;
  discovery: Discovery;
  audience: string;
}

async function start(audience: string): Promise<Provider> {
  const idp = await startDevIdp({ port: 0, dashboardOrigins: [DASHBOARD], audience, managerBranch: BRANCH });
  const discovery = (await (
    await fetch(`${idp.issuer}/.well-known/openid-configuration`)
  ).json()) as Discovery;
  return { idp, discovery, audience };
}

let main: Provider;
let idp: DevIdp;
let discovery: Discovery;

beforeAll(async () => {
  main = await start(AUDIENCE);
  ({ idp, discovery } = main);
});

afterAll(async () => {
  await idp?.close();
});

/** Starts a sign-in as the dashboard does and answers with the login page. */
async function openLoginPage(jar: CookieJar, { idp, discovery }: Provider = main) {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: idp.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: DASHBOARD_SCOPE,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const page = await follow(jar, idp, await send(jar, url.href));
  if (page instanceof URL) throw new Error(`sent back without a login page: ${page.href}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  return { verifier, state, html, pageUrl: page.url };
}

/** Submits the login page's form as the browser would. */
async function submitLogin(jar: CookieJar, html: string, pageUrl: string, login: string) {
  const form = new URLSearchParams({ ...hiddenInputs(html), login, password: 'anything' });
  return send(jar, formAction(html, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}

async function token(
  params: Record<string, string>,
  { origin = DASHBOARD, provider: { idp, discovery } = main }: { origin?: string; provider?: Provider } = {},
): Promise<Response> {
  return fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ client_id: idp.clientId, ...params }).toString(),
  });
}

/** A whole sign-in: login page, form, back to the dashboard with a code, the code exchanged. */
async function signIn(login: string, provider: Provider = main) {
  const jar = new CookieJar();
  const { verifier, state, html, pageUrl } = await openLoginPage(jar, provider);
  const back = await follow(jar, provider.idp, await submitLogin(jar, html, pageUrl, login));
  if (!(back instanceof URL))
    throw new Error(`no way back to the dashboard: ${back.status} ${await back.text()}`);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  expect(back.searchParams.get('state')).toBe(state);
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  const response = await token(
    { grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT_URI, code_verifier: verifier },
    { provider },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
  return { jar, tokens: (await response.json()) as TokenResponse };
}

async function verifyAccessToken(
  accessToken: string,
  { idp, discovery, audience }: Provider = main,
): Promise<JWTPayload> {
  const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
  const { payload, protectedHeader } = await jwtVerify(accessToken, jwks, {
    issuer: idp.issuer,
    audience,
    typ: 'at+jwt',
  });
  expect(protectedHeader.alg).toBe('RS256');
  return payload;
}

describe('development provider', () => {
  it('publishes its endpoints', () => {
    expect(discovery.issuer).toBe(idp.issuer);
    for (const endpoint of [
      discovery.authorization_endpoint,
      discovery.token_endpoint,
      discovery.jwks_uri,
      discovery.userinfo_endpoint,
      discovery.end_session_endpoint,
    ]) {
      expect(endpoint.startsWith(`${idp.issuer}/`)).toBe(true);
    }
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
  });

  it('signs the manager in: a JWT for the API that may change its branch', async () => {
    const { tokens } = await signIn('manager');
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBeLessThanOrEqual(300);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();
    const claims = await verifyAccessToken(tokens.access_token);
    expect(claims.sub).toBe('manager');
    expect(claims.name).toBe('Mia Manager');
    expect(claims.client_id).toBe('dispatch');
    expect(String(claims.scope).split(' ')).toEqual(expect.arrayContaining(['branches:write', 'jobs:write']));
    expect(claims.branch_ids).toEqual([BRANCH]);
    // The ID token names the person too (the dashboard shows who is signed in).
    expect(decodeJwt(tokens.id_token!)).toMatchObject({
      sub: 'manager',
      name: 'Mia Manager',
      aud: 'dispatch',
    });
  });

  it("takes an audience that is not a URI (dispatch-api) as the tokens' aud", async () => {
    const other = await start('dispatch-api');
    try {
      const { tokens } = await signIn('manager', other);
      const claims = await verifyAccessToken(tokens.access_token, other);
      expect(claims.aud).toBe('dispatch-api');
      expect(String(claims.scope).split(' ')).toContain('branches:write');
    } finally {
      await other.idp.close();
    }
  });

  it('signs the supervisor in without branches:write, though the dashboard asks for it', async () => {
    const { tokens } = await signIn('supervisor');
    const claims = await verifyAccessToken(tokens.access_token);
    expect(claims.sub).toBe('supervisor');
    expect(claims.name).toBe('Sam Supervisor');
    expect(typeof claims.scope).toBe('string');
    expect(String(claims.scope).split(' ')).not.toContain('branches:write');
    // A supervisor acts on jobs (the job actions), across every branch.
    expect(String(claims.scope).split(' ')).toContain('jobs:write');
    expect(claims).not.toHaveProperty('branch_ids');
  });

  it('refuses any other login on the login page, saying who may sign in', async () => {
    const jar = new CookieJar();
    const { html, pageUrl } = await openLoginPage(jar);
    expect(html).toContain('<strong>manager</strong> (may change LDN-01)');
    const refused = await submitLogin(jar, html, pageUrl, 'mallory');
    expect(refused.status).toBe(303);
    const again = await follow(jar, idp, refused);
    if (again instanceof URL) throw new Error(`left the provider: ${again.href}`);
    const page = await again.text();
    expect(page).toContain('There is no account “mallory” here');
    expect(page).toContain('name="login"');
  });

  it('rotates refresh tokens; a used one presented again is refused and ends the grant', async () => {
    const { tokens } = await signIn('manager');
    const first = tokens.refresh_token!;

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as TokenResponse;
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(first);
    const claims = await verifyAccessToken(next.access_token);
    expect(claims.branch_ids).toEqual([BRANCH]);
    expect(String(claims.scope).split(' ')).toContain('branches:write');

    const reused = await token({ grant_type: 'refresh_token', refresh_token: first });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });

    // oidc-provider revokes the whole grant on reuse: the token the first refresh gave is dead too.
    const successor = await token({ grant_type: 'refresh_token', refresh_token: next.refresh_token! });
    expect(successor.status).toBe(400);
    expect(await successor.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers the dashboard origin only (CORS)', async () => {
    const { tokens } = await signIn('supervisor');
    const elsewhere = await token(
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! },
      { origin: 'http://evil.example' },
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = await fetch(discovery.token_endpoint, {
      method: 'OPTIONS',
      headers: { origin: DASHBOARD, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(DASHBOARD);

    const keys = await fetch(discovery.jwks_uri, { headers: { origin: DASHBOARD } });
    expect(keys.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
  });

  it('signs out straight back to the dashboard, and the next sign-in shows the login page', async () => {
    const { jar, tokens } = await signIn('manager');
    const url = new URL(discovery.end_session_endpoint);
    url.search = new URLSearchParams({
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: `${DASHBOARD}/sign-in`,
    }).toString();
    const confirm = await send(jar, url.href);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain('.submit()'); // the page submits itself
    const done = await send(jar, formAction(html, url.href), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(hiddenInputs(html)).toString(),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${DASHBOARD}/sign-in`);

    // Without offline_access granted, the grant went with the session: its refresh token is dead.
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(refreshed.status).toBe(400);

    const { html: loginPage } = await openLoginPage(jar);
    expect(loginPage).toContain('name="login"');
  });
});
