import type { IncomingHttpHeaders } from 'node:http';
import type { BranchVersion } from './repo/branches';

/**
 * A tag without the suffix compression gives it (`"x-br"` names the br form of `"x"`,
 * server/representation.ts): a write's condition is on the stored version, whatever the coding
 * it was read in.
 */
const bareTag = (tag: string) => tag.replace(/-(?:br|gzip)"$/, '"');

/**
 * The condition a PUT sets on the stored branch (RFC 9110 §13.1.1, §13.1.4), checked inside the
 * write's transaction; undefined when it sets none (no header, or `If-Match: *`, which any
 * existing branch meets).
 * - `If-Match`: one of its tags is the branch's ETag (strong comparison: a weak tag never matches).
 * - `If-Unmodified-Since`, only without If-Match: the branch's `updated_at` is not later than that
 *   date (ignored when it is not a date).
 */
export function writePrecondition(
  headers: IncomingHttpHeaders,
): ((stored: BranchVersion) => boolean) | undefined {
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined) {
    const tags = ifMatch.split(',').map((tag) => tag.trim());
    if (tags.includes('*')) return undefined;
    const strong = new Set(tags.filter((tag) => tag.startsWith('"')).map(bareTag));
    return (stored) => strong.has(stored.etag);
  }
  const since = Date.parse(headers['if-unmodified-since'] ?? '');
  if (Number.isNaN(since)) return undefined;
  return (stored) => stored.updatedAt <= Math.floor(since / 1000);
}
