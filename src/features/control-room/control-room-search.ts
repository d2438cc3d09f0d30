/**
 * The control room's URL search params (docs/design.md, "Routes"): its window, its filters,
 * the list's own narrowing, the open job, the rider shown and the figure whose jobs are listed: the route's parser. An invalid
 * value reads as absent, so links never fail.
 */
import { dropInvalid, paramText, wholeNumber } from '../../contract/search-params';
import { z } from '../../contract/zod';
import type { ExceptionKind } from '../../rules/exceptions';

export type WindowChoice = 'today' | '24h' | '7d' | 'custom';
const WINDOWS = ['today', '24h', '7d', 'custom'] as const satisfies readonly WindowChoice[];
const REASONS = ['late', 'rider', 'stuck', 'at-risk'] as const satisfies readonly ExceptionKind[];

export type ControlRoomSearch = {
  /** Absent: today, in each branch's own time zone. */
  window?: Exclude<WindowChoice, 'today'>;
  /** A custom window's bounds (epoch seconds, `created_at`). */
  from?: number;
  to?: number;
  branch_id?: string;
  team_id?: string;
  /** The exceptions list narrowed to one reason… */
  reason?: ExceptionKind;
  /** …and to one branch's jobs ('' for jobs without a branch). */
  list_branch?: string;
  /** The job whose panel is open. */
  job?: number;
  /** The rider whose jobs and position are shown. */
  rider?: number;
  /** The figure whose jobs are listed (figure-list.ts: `completed`, `created:1732867200`…). */
  list?: string;
};

const Params = z.catch(
  z.object({
    window: dropInvalid(z.enum(WINDOWS)),
    from: dropInvalid(wholeNumber(0)),
    to: dropInvalid(wholeNumber(0)),
    branch_id: dropInvalid(paramText),
    team_id: dropInvalid(paramText),
    reason: dropInvalid(z.enum(REASONS)),
    list_branch: dropInvalid(z.string().check(z.maxLength(100))),
    job: dropInvalid(wholeNumber(0)),
    rider: dropInvalid(wholeNumber(0)),
    list: dropInvalid(z.string().check(z.maxLength(120))),
  }),
  {},
);

/** Route validator (`validateSearch`). Keys read as absent stay, set to undefined (see url-params.ts). */
export function validateControlRoomSearch(input: Record<string, unknown>): ControlRoomSearch {
  const s = Params.parse(input);
  const window = s.window;
  let { from, to } = s;
  if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
  const custom = window === 'custom' && from !== undefined;
  return {
    window: window === 'today' || (window === 'custom' && !custom) ? undefined : window,
    from: custom ? from : undefined,
    to: custom ? to : undefined,
    branch_id: s.branch_id,
    team_id: s.team_id,
    reason: s.reason,
    list_branch: s.list_branch,
    job: s.job,
    rider: s.rider,
    list: s.list,
  };
}
