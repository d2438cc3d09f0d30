/**
 * The jobs screen's filters: URL search params named as the API's (DESIGN.md "Routes").
 * Import-free, so the entry script (src/app/early-start.ts) can use it before zod loads.
 */
export const FILTER_KEYS = ['status', 'branch_id', 'team_id', 'timestamp_from', 'timestamp_to'] as const;
