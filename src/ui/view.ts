/**
 * A view written once for two renderers: `make` is React's `createElement` in the app, and
 * `domMake` (below) in the entry script's first paint, which runs before React has loaded
 * (src/features/jobs/first-paint.ts). Props are the React names of the attributes used here.
 */
export type ViewProps = Record<string, string | number | boolean | undefined>;
export type ViewChild<N> = N | string | number | null | undefined | false;
export type Make<N> = (tag: string, props: ViewProps | null, ...children: ViewChild<N>[]) => N;

const ATTRIBUTE_NAMES: Record<string, string> = { className: 'class', dateTime: 'datetime', htmlFor: 'for' };

/** Builds DOM elements from the same calls as React's `createElement`. */
export const domMake: Make<Node> = (tag, props, ...children) => {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === false) continue;
    el.setAttribute(ATTRIBUTE_NAMES[key] ?? key, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'object' ? child : String(child));
  }
  return el;
};
