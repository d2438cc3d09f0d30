import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy chunks (drawer, dialogs, export) are transformed on first import under vitest, which
// takes more than the default 1 s on a loaded 2-core machine: wait up to 5 s for what appears.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the router's scroll restoration calls it on navigation.
window.scrollTo = () => {};

// jsdom lays nothing out, so no box ever changes size: a ResizeObserver that is never called.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
