/**
 * Where to go after sign-in: `target` when it resolves to a page of this origin (no open
 * redirect), as path, query and hash; otherwise the jobs. Compared by resolved origin, not by
 * the text's shape: `/\evil.example` and `//evil.example` both resolve to another origin; and
 * never a result that starts with `//` or `\`, which would read as another origin in turn.
 */
export function safeRedirect(target: string | undefined, origin = window.location.origin): string {
  if (!target) return '/jobs';
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return '/jobs';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that itself reads as another origin (`/.//evil.example` resolves to `//evil.example`).
  if (url.origin !== origin || url.pathname.startsWith('/sign-in') || /^\/[/\\]/.test(path)) return '/jobs';
  return path;
}
