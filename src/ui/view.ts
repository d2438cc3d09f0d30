/**
 * A view written once for two renderers: `make` is React's `createElement` in the app, and
 * `htmlMake` (below) in the entry script's first paint, which runs before React has loaded
 * (src/features/jobs/first-paint.ts). Props are the React names of the attributes used here.
 */
export type ViewProps = Record<string, string | number | boolean | undefined>;
export type ViewChild<N> = N | string | number | null | undefined | false;
export type Make<N> = (tag: string, props: ViewProps | null, ...children: ViewChild<N>[]) => N;

const ATTRIBUTE_NAMES: Record<string, string> = { className: 'class', dateTime: 'datetime', htmlFor: 'for' };

/** Elements that have no end tag (HTML's void elements, those a view here may use). */
const VOID = new Set(['br', 'col', 'hr', 'img', 'input', 'wbr']);

/** HTML text built by `htmlMake`; a plain string child is text, escaped. */
export type Html = { readonly html: string };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/**
 * Builds the markup of the same calls as React's `createElement`, for `innerHTML`: one parse of
 * the whole screen by the browser is much cheaper than a DOM call per element on a cold page
 * (the entry script's code runs once, interpreted). Tags and attribute names come from the
 * code; every value and text is escaped.
 */
export const htmlMake: Make<Html> = (tag, props, ...children) => {
  let html = `<${tag}`;
  for (const key in props) {
    const value = props[key];
    if (value === undefined || value === false) continue;
    html += ` ${ATTRIBUTE_NAMES[key] ?? key}`;
    if (value !== true) html += `="${escapeHtml(String(value))}"`;
  }
  html += '>';
  if (VOID.has(tag)) return { html };
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    html += typeof child === 'object' ? child.html : escapeHtml(String(child));
  }
  return { html: `${html}</${tag}>` };
};
