/*
 * The entry script is deliberately tiny: it starts the requests the first screen needs
 * (src/app/early-start.ts), then loads the app. The app's code and those requests download
 * in parallel instead of one after the other. On the jobs screen the entry script paints the
 * rows as soon as they arrive (src/features/jobs/first-paint.ts); the app renders after that
 * frame (its first render and layout would otherwise hold the paint back) and replaces it.
 */
import { startEarly } from './app/early-start';

/** How long the app waits for the first paint before it starts anyway (it then waits for the rows itself). */
const FIRST_PAINT_WAIT_MS = 300;

const early = startEarly();
const waited = Promise.race([
  early.painted,
  new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
]);

// The app's code downloads meanwhile (index.html preloads it), but it is evaluated only once
// the first paint is on screen: evaluated as soon as it was in, it ran between the first
// paint's DOM and that DOM's frame, and held the frame back (~65 ms per pair at CPU 4x,
// README, Performance).
waited.then(() => import('./app/start')).then(
  (app) => app.start(early.config),
  (error: unknown) => {
    // A failed chunk download (usually a new version deployed meanwhile): say so, not a blank page.
    const root = document.getElementById('root')!;
    root.textContent = `Dispatch could not load its code (${(error as Error).message}). Reload the page to try again.`;
    root.setAttribute('role', 'alert');
  },
);
