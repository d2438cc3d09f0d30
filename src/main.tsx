/*
 * The entry script is deliberately tiny: it starts the requests the first screen needs
 * (src/app/early-start.ts), then loads the app. The app's code and those requests download
 * in parallel instead of one after the other.
 */
import { startEarly } from './app/early-start';

const early = startEarly();

import('./app/start').then(
  (app) => app.start(early.config),
  (error: unknown) => {
    // A failed chunk download (usually a new version deployed meanwhile): say so, not a blank page.
    const root = document.getElementById('root')!;
    root.textContent = `Dispatch could not load its code (${(error as Error).message}). Reload the page to try again.`;
    root.setAttribute('role', 'alert');
  },
);
