/**
 * Where to go after sign-in: `target` when it resolves to a page of this origin (no open
 * redirect), as path, query and hash; otherwise the jobs. Compared by resolved origin, not by
 * the text's shape: `/\evil.example` and `//evil.example` both resolve to another origin.
 */
export function safeRedirect(target: string | undefined, origin = window.location.origin): string {
  if (!target) return '/jobs';
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return '/jobs';
  }
  if (url.origin !== origin || url.pathname.startsWith('/sign-in')) return '/jobs';
  return `${url.pathname}${url.search}${url.hash}`;
}
