import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/tokens.css';
import { App } from './app/App';
import { createAppInstance } from './app/bootstrap';
import { ConfigError, loadRuntimeConfig } from './app/config';
import { ConfigErrorScreen } from './app/ConfigErrorScreen';

const root = createRoot(document.getElementById('root')!);

loadRuntimeConfig().then(
  (config) => {
    const instance = createAppInstance(config);
    root.render(
      <StrictMode>
        <App {...instance} />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    const file = error instanceof ConfigError ? error.file : 'config.json';
    root.render(<ConfigErrorScreen file={file} message={(error as Error).message} />);
  },
);
