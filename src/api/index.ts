import './catalog-words';

export * from './client';
export { clearEarlyGets, startEarlyGet } from './early';
export * from './errors';
export * from './endpoints';
export * from './branch-endpoints';
export * from './job-search';
export * from './job-actions';
export * from './queries';
export * from './context';
export type { ScanOptions, ScanOutcome, ScanProgress } from './scan';
export { useJobsScan, type JobsScan, type JobsScanRead, type ScanPhase } from './useJobsScan';
export { fetchJobsWithCursor, fetchJobChanges, followJobStream } from './job-changes';
export { readEventStream, type StreamEvent } from './event-stream';
