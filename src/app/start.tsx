import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/tokens.css';
import { ConfigError, CONFIG_URL, loadRuntimeConfig } from '../config';
import { App } from './App';
import { createAppInstance } from './bootstrap';
import { ConfigErrorScreen } from './ConfigErrorScreen';
import { errorMessage } from '../lib/error-message';
import { LocaleProvider, startLocale } from '../i18n';

/** Renders the app once the runtime config is read (or a screen naming the file when it is broken). */
export function start(configResponse: Promise<Response>): void {
  // User Timing mark (DevTools, the bench's load milestones): the app's code is in and evaluated.
  performance.mark('dispatch:app-start');
  const root = createRoot(document.getElementById('root')!);
  // The remembered (or the browser's) language: its catalog loads beside the config; English
  // is already in. A catalog that fails to load leaves English.
  const locale = startLocale().catch(() => undefined);
  loadRuntimeConfig(CONFIG_URL, configResponse)
    .then(async (config) => {
      // The identity provider's library loads only where config.json asks for it.
      const { auth } = config;
      const session =
        auth.type === 'oidc' ? await import('./oidc-session').then((m) => m.startOidcSession(auth)) : null;
      await locale;
      return createAppInstance(config, { session });
    })
    .then(
      (app) => {
        root.render(
          <StrictMode>
            <App {...app} />
          </StrictMode>,
        );
      },
      (error: unknown) => {
        const file = error instanceof ConfigError ? error.file : CONFIG_URL;
        void locale.then(() =>
          root.render(
            <LocaleProvider>
              <ConfigErrorScreen file={file} message={errorMessage(error)} />
            </LocaleProvider>,
          ),
        );
      },
    );
}
