import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/tokens.css';
import { App } from './App';
import { createAppInstance } from './bootstrap';
import { ConfigError, loadRuntimeConfig, CONFIG_URL } from './config';
import { ConfigErrorScreen } from './ConfigErrorScreen';

/** Renders the app once the runtime config is read (or a screen naming the file when it is broken). */
export function start(configResponse: Promise<Response>): void {
  // User Timing mark (DevTools, the bench's load milestones): every initial module is downloaded and evaluated.
  performance.mark('dispatch:app-start');
  const root = createRoot(document.getElementById('root')!);
  loadRuntimeConfig(CONFIG_URL, configResponse).then(
    (config) => {
      const instance = createAppInstance(config);
      const render = () =>
        root.render(
          <StrictMode>
            <App {...instance} />
          </StrictMode>,
        );
      // The first screen's route is resolved before the first render (only the jobs loader
      // waits, at most FIRST_ROWS_WAIT_MS for the rows): React then renders and commits the
      // whole screen once, instead of an empty shell that is laid out and then rendered again.
      instance.router.load().then(render, render);
    },
    (error: unknown) => {
      const file = error instanceof ConfigError ? error.file : 'config.json';
      root.render(<ConfigErrorScreen file={file} message={(error as Error).message} />);
    },
  );
}
