/**
 * A development OpenID provider, in process: oidc-provider 8 with its development login page
 * (`devInteractions`: any password), for `npm run idp` (scripts/idp.ts) and the tests. Never a
 * production provider: accounts are two fixed people, keys and every grant live in memory.
 *
 * - One public client, `dispatch`: authorization code with PKCE (S256), refresh tokens rotated
 *   on every use; a consumed refresh token presented again is refused and its grant revoked
 *   (oidc-provider's own handling).
 * - Two accounts: `supervisor` (Sam Supervisor, acts on every job, changes no branch: scope
 *   `jobs:write`) and `manager` (Mia Manager, may change one branch and act on its jobs: scopes
 *   `branches:write jobs:write`, claim `branch_ids`). Any other login is refused on the login page.
 * - Access tokens are JWTs (RS256) for the API (`audience`), carrying `sub`, `name`, `scope`
 *   and, for the manager, `branch_ids`. No consent screen: the grant is made when the person
 *   signs in, without `branches:write` for the supervisor even when the dashboard asks for it.
 * - RP-initiated logout without its confirmation page: signing out returns to the dashboard.
 */
import { generateKeyPair, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// oidc-provider ships no type declarations: the few parts used here are typed below (OidcModule).
// @ts-expect-error -- untyped module, typed by OidcModule
import * as oidcProviderModule from 'oidc-provider';
import { WRITE_BRANCHES_SCOPE, WRITE_JOBS_SCOPE } from '../src/contract/access';

/** The scope the dashboard asks for. */
export const DASHBOARD_SCOPE = `openid profile offline_access ${WRITE_BRANCHES_SCOPE} ${WRITE_JOBS_SCOPE}`;
/** The API's own scopes, which a person holds or not. */
const API_SCOPES = [WRITE_BRANCHES_SCOPE, WRITE_JOBS_SCOPE];
export const DEV_IDP_CLIENT_ID = 'dispatch';

export interface DevIdpOptions {
  /** 0: any free port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * Origins of the dashboard (`http://localhost:5173`): each may sign in (redirect URI
   * `${origin}/auth/callback`), sign out (`${origin}/sign-in`) and call the provider (CORS).
   */
  dashboardOrigins: string[];
  /** The API's identifier: the access tokens' `aud`, e.g. `http://127.0.0.1:8787` or `dispatch-api`. */
  audience: string;
  /** The branch id the manager may change. */
  managerBranch: string;
  /** Default 300. */
  accessTokenTtlSeconds?: number;
  /** How long a refresh token chain lasts from sign-in (rotation does not extend it). Default 14 days. */
  refreshTokenTtlSeconds?: number;
}

export interface DevIdp {
  /** The issuer, e.g. http://127.0.0.1:8788 (no trailing slash). */
  issuer: string;
  /** `dispatch`. */
  clientId: string;
  /** Stops listening and drops open connections. Safe to call twice. */
  close(): Promise<void>;
}

interface Person {
  name: string;
  /** Scopes of the API this person may be granted. */
  apiScopes: string[];
  branchIds?: string[];
}

// ---------------------------------------------------------------------------------------
// The parts of oidc-provider used here (its configuration is documented in
// node_modules/oidc-provider/lib/helpers/defaults.js).

interface OidcGrant {
  jti: string;
  accountId: string;
  clientId: string;
  addOIDCScope(scope: string): void;
  getOIDCScopeFiltered(filter: Set<string>): string;
  addResourceScope(resource: string, scope: string): void;
  rejectResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

interface GrantClass {
  new (init: { accountId: string; clientId: string }): OidcGrant;
  find(id: string): Promise<OidcGrant | undefined>;
}

interface OidcClient {
  clientId: string;
  applicationType: string;
  clientAuthMethod: string;
  grantTypeAllowed(type: string): boolean;
}

interface OidcToken {
  accountId?: string;
  scope?: string;
}

interface OidcContext {
  oidc: {
    provider: { Grant: GrantClass };
    client: OidcClient;
    account?: { accountId: string };
    session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    entities: {
      Grant?: OidcGrant;
      AuthorizationCode?: { scopes: Set<string> };
      RefreshToken?: { scopes: Set<string> };
    };
  };
}

/** Koa's context, as far as the middleware here uses it. */
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  req: IncomingMessage;
  res: ServerResponse;
  status: number;
  body: unknown;
  type: string;
  set(name: string, value: string): void;
  redirect(url: string): void;
}

interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
  on(event: 'server_error', listener: (ctx: unknown, error: Error) => void): void;
  interactionDetails(
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<{ uid: string; prompt: { name: string } }>;
  interactionResult(
    req: IncomingMessage,
    res: ServerResponse,
    result: { login: { accountId: string } },
    options: { mergeWithLastSubmission: boolean },
  ): Promise<string>;
}

interface OidcModule {
  default: new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
  errors: { InvalidTarget: new () => Error };
}

const oidc = oidcProviderModule as OidcModule;

// ---------------------------------------------------------------------------------------

/**
 * Starts the provider. The issuer is `http://<host>:<port>`: plain http, which oidc-provider
 * accepts as it is (no `proxy` setting is needed without a TLS-terminating proxy in front).
 */
export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  const host = options.host ?? '127.0.0.1';
  const accessTokenTtl = options.accessTokenTtlSeconds ?? 300;
  const refreshTokenTtl = options.refreshTokenTtlSeconds ?? 14 * 24 * 60 * 60;
  const origins = new Set(options.dashboardOrigins.map((origin) => new URL(origin).origin));
  const { audience, managerBranch } = options;
  // A resource indicator must be an absolute URI (RFC 8707); an audience that is not one (such
  // as `dispatch-api`) gets one made from it, and the tokens' `aud` is the audience either way.
  const resource = isAbsoluteUri(audience)
    ? audience
    : `urn:dispatch:audience:${encodeURIComponent(audience)}`;

  const people = new Map<string, Person>([
    ['supervisor', { name: 'Sam Supervisor', apiScopes: [WRITE_JOBS_SCOPE] }],
    [
      'manager',
      {
        name: 'Mia Manager',
        apiScopes: [WRITE_BRANCHES_SCOPE, WRITE_JOBS_SCOPE],
        branchIds: [managerBranch],
      },
    ],
  ]);

  const key = await signingKey();
  // The issuer holds the port: listen first, then make the provider and hand it the requests
  // (from here on synchronously, so no request comes in before it is there).
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(new Error(`development provider: cannot listen on ${host}:${options.port}: ${error.message}`)),
    );
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const configuration: Record<string, unknown> = {
    clients: [
      {
        client_id: DEV_IDP_CLIENT_ID,
        client_name: 'Dispatch dashboard',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [...origins].map((origin) => `${origin}/auth/callback`),
        post_logout_redirect_uris: [...origins].map((origin) => `${origin}/sign-in`),
      },
    ],
    // The authorization code flow only (no implicit or hybrid response types in discovery).
    responseTypes: ['code'],
    // PKCE, S256 only, for every request (oidc-provider's defaults too, stated here).
    pkce: { methods: ['S256'], required: () => true },
    claims: { openid: ['sub'], profile: ['name'] },
    async findAccount(_ctx: unknown, sub: string) {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ sub, name: person.name }) };
    },
    // The dashboard and the API are one party's: no consent screen. The grant is made at sign-in
    // with what the person may have: the API's scopes they hold, the others marked as refused (so
    // the consent prompt finds nothing left to ask).
    async loadExistingGrant(ctx: OidcContext) {
      const { oidc: o } = ctx;
      const accountId = o.account?.accountId ?? o.session.accountId;
      const person = accountId ? people.get(accountId) : undefined;
      if (!accountId || !person) return undefined;
      const grantId = o.result?.consent?.grantId ?? o.session.grantIdFor(o.client.clientId);
      const existing = grantId ? await o.provider.Grant.find(grantId) : undefined;
      if (existing && existing.accountId === accountId && existing.clientId === o.client.clientId) {
        return existing;
      }
      const grant = new o.provider.Grant({ accountId, clientId: o.client.clientId });
      grant.addOIDCScope('openid profile offline_access');
      grant.addResourceScope(resource, person.apiScopes.join(' '));
      const refused = API_SCOPES.filter((scope) => !person.apiScopes.includes(scope));
      if (refused.length > 0) grant.rejectResourceScope(resource, refused.join(' '));
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Without a `resource` parameter, the authorization is for the API...
        defaultResource: async () => resource,
        // ...and so is the access token of the token endpoint (not one for userinfo).
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx: unknown, indicator: string) {
          if (indicator !== resource) throw new oidc.errors.InvalidTarget();
          return {
            scope: API_SCOPES.join(' '),
            audience,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    // In the access token: who it is, and the manager's branch.
    async extraTokenClaims(_ctx: unknown, token: OidcToken) {
      const person = token.accountId ? people.get(token.accountId) : undefined;
      if (!person) return undefined;
      return { name: person.name, ...(person.branchIds ? { branch_ids: person.branchIds } : {}) };
    },
    formats: {
      customizers: {
        // `scope` always present: the OpenID scopes granted, then the API's (none for the
        // supervisor, whose token would otherwise have no `scope` at all).
        async jwt(ctx: OidcContext, token: OidcToken, jwt: { payload: Record<string, unknown> }) {
          const { Grant: grant, AuthorizationCode: code, RefreshToken: refresh } = ctx.oidc.entities;
          const requested = code?.scopes ?? refresh?.scopes;
          const openid = grant && requested ? grant.getOIDCScopeFiltered(requested) : '';
          const scope = [openid, token.scope ?? ''].join(' ').trim();
          jwt.payload.scope = scope;
        },
      },
    },
    // The OpenID rule drops `offline_access` unless the request also says prompt=consent; the
    // dashboard (a browser app without a consent screen here) gets refresh tokens regardless,
    // as oidc-provider's documentation shows for public web clients.
    async issueRefreshToken(_ctx: unknown, client: OidcClient, code: { scopes: Set<string> }) {
      if (!client.grantTypeAllowed('refresh_token')) return false;
      return (
        code.scopes.has('offline_access') ||
        (client.applicationType === 'web' && client.clientAuthMethod === 'none')
      );
    },
    // Rotated on every use; a consumed one presented again revokes the grant.
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx: unknown, origin: string, client: OidcClient) =>
      client.clientId === DEV_IDP_CLIENT_ID && origins.has(origin),
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: refreshTokenTtl,
      Grant: refreshTokenTtl,
      // A rotated token keeps the time left of the one it replaces (oidc-provider's default for
      // browser apps): the chain ends refreshTokenTtl after sign-in, then the person signs in again.
      RefreshToken(
        ctx: { oidc: { entities: { RotatedRefreshToken?: { remainingTTL: number } } } } | undefined,
      ) {
        return ctx?.oidc.entities.RotatedRefreshToken?.remainingTTL ?? refreshTokenTtl;
      },
    },
    // Cookies on plain http: SameSite=None needs Secure, so Lax for both kinds.
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    jwks: { keys: [key] },
    adapter: memoryAdapter(),
    renderError,
  };

  let provider: OidcProvider;
  try {
    provider = quietly(() => new oidc.default(issuer, configuration));
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  provider.on('server_error', (_ctx, error) => {
    console.error(`development provider: ${error.message}`);
  });
  provider.use(loginPage(provider, people, managerBranch));
  server.on('request', provider.callback());

  let closing: Promise<void> | undefined;
  return {
    issuer,
    clientId: DEV_IDP_CLIENT_ID,
    close: () => (closing ??= closeServer(server)),
  };
}

// ---------------------------------------------------------------------------------------
// The login page (devInteractions' own), with who may sign in, and a refusal of anyone else.

const INTERACTION_PATH = /^\/interaction\/([^/]+)$/;
const MAX_FORM_BYTES = 16 * 1024;

function loginPage(provider: OidcProvider, people: Map<string, Person>, managerBranch: string) {
  return async (ctx: KoaContext, next: () => Promise<void>): Promise<void> => {
    const match = INTERACTION_PATH.exec(ctx.path);
    if (!match) return next();

    if (ctx.method === 'POST') {
      let details: { uid: string; prompt: { name: string } };
      try {
        details = await provider.interactionDetails(ctx.req, ctx.res);
      } catch {
        return next(); // devInteractions says what is wrong (an expired sign-in, say)
      }
      if (details.uid !== match[1] || details.prompt.name !== 'login') return next();
      const form = new URLSearchParams(await readForm(ctx.req));
      const login = (form.get('login') ?? '').trim().toLowerCase();
      ctx.set('Cache-Control', 'no-store');
      if (people.has(login)) {
        const returnTo = await provider.interactionResult(
          ctx.req,
          ctx.res,
          { login: { accountId: login } },
          { mergeWithLastSubmission: false },
        );
        ctx.redirect(returnTo);
      } else {
        ctx.redirect(`${ctx.path}?${new URLSearchParams({ unknown: form.get('login') ?? '' })}`);
      }
      ctx.status = 303;
      return;
    }

    await next();
    if (ctx.method !== 'GET' || typeof ctx.body !== 'string' || !ctx.body.includes('value="login"')) return;
    const unknown = typeof ctx.query.unknown === 'string' ? ctx.query.unknown : undefined;
    const notice =
      (unknown !== undefined
        ? `<p role="alert" style="color:#b00020">There is no account “${escapeHtml(unknown)}” here: sign in as supervisor or manager.</p>`
        : '') +
      `<p>Sign in as <strong>supervisor</strong> (reads only) or <strong>manager</strong> (may change ${escapeHtml(managerBranch)}), with any password.</p>`;
    ctx.body = ctx.body.replace('</h1>', `</h1>${notice}`);
  };
}

async function readForm(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new Error('sign-in form too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

// ---------------------------------------------------------------------------------------
// Pages of RP-initiated logout and errors (oidc-provider's defaults ask to be replaced).

/** The logout confirmation, confirmed at once: sign-out ends the provider's session too. */
async function logoutSource(ctx: KoaContext, form: string): Promise<void> {
  const confirmed = form.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Sign out</button></noscript></form>',
  );
  ctx.type = 'html';
  ctx.body = page(
    'Signing out',
    `<p>Signing out…</p>${confirmed}<script>document.getElementById('op.logoutForm').submit()</script>`,
  );
}

/** Shown when a logout had nowhere to return to. */
async function postLogoutSuccessSource(ctx: KoaContext): Promise<void> {
  ctx.type = 'html';
  ctx.body = page('Signed out', '<p>You are signed out.</p>');
}

async function renderError(ctx: KoaContext, out: Record<string, string>): Promise<void> {
  ctx.type = 'html';
  ctx.body = page(
    'Sign-in error',
    Object.entries(out)
      .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</p>`)
      .join(''),
  );
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// ---------------------------------------------------------------------------------------

function isAbsoluteUri(value: string): boolean {
  try {
    return !new URL(value).href.includes('#');
  } catch {
    return false;
  }
}

/** An RS256 signing key made now, as a private JWK (what oidc-provider's `jwks` takes). */
async function signingKey(): Promise<Record<string, unknown>> {
  const { privateKey } = await new Promise<{ privateKey: KeyObject }>((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, _publicKey, privateKey) =>
      error ? reject(error) : resolve({ privateKey }),
    ),
  );
  return {
    ...privateKey.export({ format: 'jwk' }),
    alg: 'RS256',
    use: 'sig',
    kid: randomBytes(8).toString('hex'),
  };
}

/**
 * oidc-provider's storage, in memory and this provider's own (its bundled memory adapter is one
 * store for every provider of the process, and warns that it is for development).
 */
function memoryAdapter() {
  const entries = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>();
  const byGrant = new Map<string, Set<string>>();
  const byUid = new Map<string, string>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return (model: string) => {
    const key = (id: string) => `${model}:${id}`;
    const find = async (id: string) => {
      const entry = live(key(id));
      return entry ? { ...entry.payload } : undefined;
    };
    return {
      async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
        const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Infinity;
        entries.set(key(id), { payload, expiresAt });
        if (typeof payload.grantId === 'string') {
          const keys = byGrant.get(payload.grantId) ?? new Set<string>();
          byGrant.set(payload.grantId, keys.add(key(id)));
        }
        if (model === 'Session' && typeof payload.uid === 'string') byUid.set(payload.uid, id);
      },
      find,
      async findByUid(uid: string) {
        const id = byUid.get(uid);
        return id === undefined ? undefined : find(id);
      },
      async findByUserCode() {
        return undefined; // no device flow
      },
      async consume(id: string) {
        const entry = live(key(id));
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id: string) {
        entries.delete(key(id));
      },
      async revokeByGrantId(grantId: string) {
        for (const k of byGrant.get(grantId) ?? []) entries.delete(k);
        byGrant.delete(grantId);
      },
    };
  };
}

/**
 * Makes the provider without its one warning that cannot be configured away: that
 * devInteractions (the development login page, the point of this provider) is on.
 */
function quietly<T>(make: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('devInteractions is enabled')) return;
    warn(...args);
  };
  try {
    return make();
  } finally {
    console.warn = warn;
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
