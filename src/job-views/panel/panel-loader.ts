import { preloadOverlays, preloadable } from '../../ui';

/**
 * The job panel is its own chunk (it is not needed for the first rows); its code, the job
 * details and the dialog primitives (the narrow screen's overlay) are preloaded when a row is
 * first hovered or focused, so opening a job does not wait for a download.
 */
export const LazyJobPanel = preloadable(() =>
  import('./JobPanel').then((m) => {
    void m.preloadJobDetails();
    return m.JobPanel;
  }),
);

export function preloadJobPanel(): void {
  void LazyJobPanel.preload();
  void preloadOverlays();
}
