import { lazy } from 'react';

export { JobsPage } from './JobsPage';
export { validateJobsSearch, pageRequest, filtersOf, type JobsSearch } from './url-params';
export type { OverviewSearch } from './overview/overview-params';

/** The control room: a chunk of its own, out of the jobs screen's first load. */
export const OverviewPage = lazy(() => import('./overview/OverviewPage'));
export const preloadOverview = () => import('./overview/OverviewPage');
