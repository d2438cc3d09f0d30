/*
 * The entry script is small on purpose: it starts the requests the first screen needs
 * (./app/early-start.ts), then loads the app, so that the two download in parallel instead of
 * one after the other (index.html also preloads the app's chunk).
 */
import { startEarly } from './app/early-start';
import { errorMessage } from './lib/error-message';

const config = startEarly();

import('./app/start').then(
  (app) => app.start(config),
  (error: unknown) => {
    // A failed chunk download (usually a new version deployed meanwhile): say so, not a blank page.
    const root = document.getElementById('root')!;
    root.textContent = `Dispatch could not load its code (${errorMessage(error)}). Reload the page to try again.`;
    root.setAttribute('role', 'alert');
  },
);
