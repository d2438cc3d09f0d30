import { render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { vi } from 'vitest';
import { App } from '../../src/app/App';
import { tokenStore } from '../../src/app/auth';
import { createAppInstance } from '../../src/app/bootstrap';
import { RuntimeConfig } from '../../src/config';

export const testStatuses = {
  '1': { label: 'Created', tone: 'neutral' },
  '2': { label: 'Assigned', tone: 'info' },
  '3': { label: 'Accepted', tone: 'info' },
  '4': { label: 'At pickup', tone: 'info' },
  '5': { label: 'Picked up', tone: 'accent' },
  '6': { label: 'In transit', tone: 'accent' },
  '7': { label: 'Delivered', tone: 'success', final: true, outcome: 'success' },
  '8': { label: 'Failed', tone: 'danger', final: true, outcome: 'failure' },
  '9': { label: 'Cancelled', tone: 'muted', final: true, outcome: 'cancelled' },
  '10': { label: 'Returned', tone: 'warning', final: true, outcome: 'failure' },
} as const;

/**
 * Renders the whole app at `path` against a real service at `apiBaseUrl` (the in-process
 * reference server), signed in with `token` unless it is null.
 */
export function renderApp({
  apiBaseUrl,
  token,
  path,
  config,
}: {
  apiBaseUrl: string;
  token: string | null;
  path: string;
  config?: Partial<RuntimeConfig>;
}) {
  if (token) tokenStore.set(token);
  else tokenStore.clear();
  const history = createMemoryHistory({ initialEntries: [path] });
  const instance = createAppInstance(
    RuntimeConfig.parse({
      apiBaseUrl,
      mapStyle: 'offline',
      statuses: testStatuses,
      refreshSeconds: 30,
      ...config,
    }),
    { history },
  );
  const utils = render(<App {...instance} />);
  return { ...utils, ...instance, history };
}

/** A wide screen (≥ 1280 px) for the screens that follow it; undone by `vi.unstubAllGlobals()`. */
export function stubWideScreen(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(min-width: 1280px)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
