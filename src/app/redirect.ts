/**
 * Where to go after sign-in: `target` when it resolves to a page of this origin (no open
 * redirect), as path, query and hash; otherwise the control room. Always a path: one `/` then not
 * another or a `\`, so it resolves to this origin whatever it is resolved against.
 * Compared by resolved origin, not by the text's shape: `/\evil.example` and `//evil.example`
 * both resolve to another origin. A URL of another scheme whose origin is this one
 * (`blob:<origin>/…`) is refused: its "path" is a whole URL.
 */
export function safeRedirect(target: string | undefined, origin = window.location.origin): string {
  if (!target) return '/overview';
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return '/overview';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== origin || url.protocol !== new URL(origin).protocol) return '/overview';
  // A path that itself reads as another origin (`/.//evil.example` resolves to `//evil.example`).
  if (!/^\/(?![/\\])/.test(path) || url.pathname.startsWith('/sign-in')) return '/overview';
  return path;
}
