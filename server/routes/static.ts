import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from '../cors';
import { Representation, sendRepresentation, type Coding } from '../representation';

/** The origin of an http(s) URL, or null (empty, relative, 'offline', not a URL). */
function originOf(value: unknown): string | null {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * The dashboard's Content-Security-Policy: its own origin, plus the hosts its runtime config
 * names: the service (`apiBaseUrl`, when it is another origin) for requests and images, the map
 * style (`mapStyle`: the style, its tiles, glyphs and sprites on the style's host) for requests
 * and images, `imageOrigins` (where the service's photos and signatures live) for images, and
 * with `auth.type` "oidc" the identity provider (`auth.authority`) for requests: the page
 * fetches its discovery document and exchanges the sign-in's code at its token endpoint.
 * Nothing else: a style whose tiles live on other hosts needs them added here.
 */
export function contentSecurityPolicy(
  config: { apiBaseUrl?: unknown; mapStyle?: unknown; imageOrigins?: unknown; auth?: unknown } = {},
): string {
  const api = originOf(config.apiBaseUrl);
  const map = originOf(config.mapStyle);
  const auth = config.auth as { type?: unknown; authority?: unknown } | null | undefined;
  const provider = auth && typeof auth === 'object' && auth.type === 'oidc' ? originOf(auth.authority) : null;
  const images = Array.isArray(config.imageOrigins) ? config.imageOrigins.map(originOf) : [];
  const hosts = (...origins: (string | null)[]) =>
    [...new Set(origins.filter((o): o is string => o !== null))].map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${hosts(api, map, ...images)}`,
    "worker-src 'self' blob:",
    `connect-src 'self'${hosts(api, map, provider)}`,
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** config.json of the build in `dir`, as far as it can be read (the dashboard validates it itself). */
function runtimeConfigIn(dir: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const INDEX = 'index.html';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** The usual security headers of an HTML page, beside the CSP and the two every response has. */
export const HTML_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** Compressed copies written beside the built files by `npm run build` (scripts/precompress.ts). */
export const PRECOMPRESSED: readonly [Coding, string][] = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

export const contentTypeOf = (path: string): string =>
  TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

type StaticFile = { representation: Representation; headers: Record<string, string> };

/**
 * Files the server hands out: not dot-files (the build's `.vite/manifest.json`), not source
 * maps, which the build writes for its size check and for debugging but which are not
 * published (they would give away the whole source), and not the compressed copies, which
 * are served in place of their original.
 */
function servable(path: string): boolean {
  return !path.split('/').some((part) => part === '' || part.startsWith('.')) && !/\.(map|br|gz)$/.test(path);
}

/**
 * Vite puts content-hashed files under assets/: they never change, and neither do their
 * compressed copies, which are read from disk when the build wrote them. Anything else (the
 * HTML, config.json, which is edited per deployment) is revalidated, the ETag making that a
 * 304, and compressed here when first asked for.
 */
function staticFile(path: string, full: string, body: Buffer, csp: string): StaticFile {
  const hashed = path.startsWith('assets/');
  const precompressed: Partial<Record<Coding, Buffer>> = {};
  if (hashed) {
    for (const [coding, suffix] of PRECOMPRESSED) {
      if (existsSync(full + suffix)) precompressed[coding] = readFileSync(full + suffix);
    }
  }
  const type = contentTypeOf(path);
  const headers: Record<string, string> = {
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (path.endsWith('.html')) {
    Object.assign(headers, HTML_SECURITY_HEADERS, { 'Content-Security-Policy': csp });
  }
  return { representation: new Representation(body, type, precompressed), headers };
}

/** Every servable file under `root`, by its URL path without the leading slash. */
function readTree(root: string, csp: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const path = relative(root, full).split(sep).join('/');
    if (!servable(path)) continue;
    files.set(path, staticFile(path, full, readFileSync(full), csp));
  }
  return files;
}

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile): Promise<FastifyReply> {
  return sendRepresentation(request, reply, file.representation, file.headers);
}

/**
 * Serves the built dashboard from `root` at `/`, without a token. Returns the SPA fallback
 * for the not-found handler: any other GET outside /v1 gets index.html, so client routes
 * such as /jobs or /branches/LDN-01 load the app.
 *
 * The files are read into memory at start-up (a build is a few MB), with their ETags and the
 * compressed copies the build wrote: a cold load asks for eight files at once, and each costs
 * only a lookup, not a trip through the file system. A file added later is read on its first
 * request and kept; a file changed later is not seen until a restart (restart the server after
 * a rebuild).
 */
export function registerStatic(
  app: FastifyInstance,
  root: string,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | undefined {
  const dir = resolve(root);
  const csp = contentSecurityPolicy(runtimeConfigIn(dir));
  const files = readTree(dir, csp);
  const index = files.get(INDEX);
  /**
   * A file not there at start-up, read now; never outside `dir`, only a servable one. A path
   * whose last part has no extension is a client route (/jobs, /branches/LDN-01): not looked
   * for on disk, so a navigation costs no file-system call.
   */
  const readLate = async (path: string): Promise<StaticFile | undefined> => {
    if (!/\.[^/.]+$/.test(path)) return undefined;
    if (!servable(path)) return undefined;
    const full = resolve(dir, path);
    if (!full.startsWith(dir + sep)) return undefined;
    try {
      const file = staticFile(path, full, await readFile(full), csp);
      files.set(path, file);
      return file;
    } catch {
      return undefined; // missing, or a directory: a client route
    }
  };
  if (!index) throw new Error(`STATIC_DIR ${root} has no ${INDEX}`);

  app.get('/*', async (request, reply) => {
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0]!).replace(/^\/+/, '');
    } catch {
      path = '';
    }
    const file = files.get(path === '' ? INDEX : path) ?? (await readLate(path));
    if (file) return send(request, reply, file);
    return reply.callNotFound();
  });

  return (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiPath(request.url)) return undefined;
    return send(request, reply, index);
  };
}
