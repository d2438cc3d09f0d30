export { JobsPage } from './JobsPage';
export { validateJobsSearch, pageRequest, filtersOf, type JobsSearch } from './url-params';
