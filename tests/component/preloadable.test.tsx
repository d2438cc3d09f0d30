import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from '../../src/ui';

const load = () => import('./fixtures/LazyGreeting');

function renderInSuspense(node: React.ReactNode) {
  return render(<Suspense fallback={<p>Loading…</p>}>{node}</Suspense>);
}

describe('preloadable (lazy code that shows at once when preloaded)', () => {
  it('shows the component in the very first commit once its code was preloaded, never the fallback', async () => {
    const Greeting = preloadable(() => load().then((m) => m.default));
    await Greeting.preload();
    expect(Greeting.isLoaded()).toBe(true);
    act(() => {
      renderInSuspense(<Greeting name="Ada" />);
    });
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('without a preload it suspends like React.lazy and then shows the component', async () => {
    const Greeting = preloadable(() => load().then((m) => m.default));
    act(() => {
      renderInSuspense(<Greeting name="Grace" />);
    });
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
    expect(Greeting.isLoaded()).toBe(true);
  });
});
