export { JobsPage } from './JobsPage';
export { validateJobsSearch, type JobsSearch } from './search';
