export * from './client';
export { clearEarlyGets, startEarlyGet } from './early';
export * from './errors';
export * from './endpoints';
export * from './branch-endpoints';
export * from './queries';
export * from './context';
export type { ScanOptions, ScanOutcome, ScanProgress } from './scan';
export { useJobsScan, type JobsScan, type JobsScanRead, type ScanPhase } from './useJobsScan';
