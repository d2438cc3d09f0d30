import { lazy, type ComponentType } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Starts loading the component's code (once); resolves when it can render without suspending. */
  preload: () => Promise<unknown>;
  /** True once the code is loaded: rendering it then never suspends. */
  isLoaded: () => boolean;
};

/**
 * `React.lazy` that stops suspending once its code is loaded. A plain `lazy` component
 * suspends on its first render even when the module was preloaded, and React then waits up
 * to 300 ms (its Suspense reveal throttle) before showing the content: a drawer opened right
 * after its code was preloaded on row focus showed a skeleton for ~0.6 s. This one renders
 * the loaded component directly when `preload()` has finished, and falls back to `lazy`
 * (which suspends) only when it has not.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // a failed download can be tried again
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function PreloadableComponent(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload, isLoaded: () => loaded !== undefined });
}
