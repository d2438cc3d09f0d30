/**
 * The control room's URL search params (docs/design.md, "Routes"): its window, its filters,
 * the list's own narrowing, the open job and the rider shown. Read by hand, not with the
 * contract's zod, since the router holds every route's validator in the first load; an
 * invalid value reads as absent, so links never fail.
 */
import type { ExceptionKind } from '../../rules/exceptions';

export type WindowChoice = 'today' | '24h' | '7d' | 'custom';
const WINDOWS: readonly WindowChoice[] = ['today', '24h', '7d', 'custom'];
const REASONS: readonly ExceptionKind[] = ['late', 'rider', 'stuck', 'at-risk'];

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
};

const whole = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};
const text = (v: unknown): string | undefined => {
  const t = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return t.length >= 1 && t.length <= 100 ? t : undefined;
};
const oneOf = <T extends string>(list: readonly T[], v: unknown): T | undefined =>
  list.find((item) => item === v);

/** Route validator (`validateSearch`). Keys read as absent stay, set to undefined (see url-params.ts). */
export function validateControlRoomSearch(s: Record<string, unknown>): ControlRoomSearch {
  const window = oneOf(WINDOWS, s.window);
  let from = whole(s.from);
  let to = whole(s.to);
  if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
  const custom = window === 'custom' && from !== undefined;
  return {
    window: window === 'today' || (window === 'custom' && !custom) ? undefined : window,
    from: custom ? from : undefined,
    to: custom ? to : undefined,
    branch_id: text(s.branch_id),
    team_id: text(s.team_id),
    reason: oneOf(REASONS, s.reason),
    list_branch: typeof s.list_branch === 'string' && s.list_branch.length <= 100 ? s.list_branch : undefined,
    job: whole(s.job),
    rider: whole(s.rider),
  };
}
