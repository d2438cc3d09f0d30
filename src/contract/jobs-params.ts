/**
 * The filters of `GET /v1/jobs`, named as the interface names them (besides `page`).
 * A module of its own without imports: the entry script copies these from the URL into the
 * early request (src/app/early-start.ts) before any schema has loaded.
 */
export const JOBS_FILTER_KEYS = ['status', 'branch_id', 'team_id', 'timestamp_from', 'timestamp_to'] as const;
export type JobsFilterKey = (typeof JOBS_FILTER_KEYS)[number];
