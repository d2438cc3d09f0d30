/** A URL that may be shown as an image: http(s) only (no data:, javascript:, file: ...). */
export function safeImageUrl(value: unknown): string | null {
  let candidate: unknown = value;
  if (candidate && typeof candidate === 'object') {
    const obj = candidate as Record<string, unknown>;
    candidate = obj.url ?? obj.src ?? obj.href ?? obj.image ?? obj.link;
  }
  if (typeof candidate !== 'string') return null;
  const trimmed = candidate.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
