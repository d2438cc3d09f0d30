import { preloadOverlays, preloadable } from '../../ui';

/**
 * The job drawer is its own chunk (it is not needed for the first rows); its code, the job
 * details and the dialog primitives are preloaded when a row is first hovered or focused, so
 * opening a job does not wait for a download.
 */
export const LazyJobDrawer = preloadable(() =>
  import('./JobDrawer').then((m) => {
    void m.preloadJobDetails();
    return m.JobDrawer;
  }),
);

export function preloadDrawer(): void {
  void LazyJobDrawer.preload();
  void preloadOverlays();
}
