import { z } from 'zod';

const text = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string().trim().min(1).max(100).optional().catch(undefined),
);
const int = (min: number) => z.coerce.number().int().min(min).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined);

/**
 * The jobs screen's URL search params, named as the API's (DESIGN.md "Routes"). Invalid
 * values fall back to their defaults, never crash.
 */
export const JobsSearch = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  status: int(0),
  branch_id: text,
  team_id: text,
  timestamp_from: int(0),
  timestamp_to: int(0),
  job: int(0),
});
export type JobsSearch = z.infer<typeof JobsSearch>;

/** Route validator: every param is optional in links; the result always has a page. */
export function validateJobsSearch(input: Partial<Record<keyof JobsSearch, unknown>>): JobsSearch {
  return JobsSearch.parse(input);
}
