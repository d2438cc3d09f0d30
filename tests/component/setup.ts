import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom's AbortController is not the one Node's fetch accepts: use Node's own, so requests
// from components reach the in-process reference server over real HTTP.
const nodeGlobals = globalThis as unknown as { __nodeAbortController?: typeof AbortController };
void nodeGlobals;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
