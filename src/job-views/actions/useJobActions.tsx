/**
 * Where job actions are offered (docs/design.md, "Job actions (optional)"): only where the
 * service answers `GET /v1/jobs/{id}` (the extension) and the sign-in may act. A bare service,
 * a read that fails, or one still under way offers none: no control is drawn.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { jobWithActionsQueryOptions, mayActOnJobs, useApi, type JobWithActions } from '../../api';
import type { Job, JobActionName } from '../../contract';
import type { ActionStart } from './JobActionDialog';
import { heldJobs } from './held-jobs';

const JobActionDialog = lazy(() => import('./JobActionDialog'));
export const BulkActionDialog = lazy(() => import('./BulkActionDialog'));
export type { ActionStart };

/** Starts loading the dialogs' code (on a pointer or focus near an action). */
export function preloadActionDialogs(): void {
  void import('./JobActionDialog');
  void import('./BulkActionDialog');
}

/**
 * Whether actions are offered on the screen of `probeJobId` (a job it shows): the service has
 * the extension and the token may act (api/job-actions.ts, `mayActOnJobs`). False while unknown.
 */
export function useActionsOffered(probeJobId: number | undefined): boolean {
  const api = useApi();
  const probe = useQuery({
    ...jobWithActionsQueryOptions(api, probeJobId ?? 0),
    enabled: probeJobId !== undefined,
    // The answer to "is there an extension" does not change while the screen is open: kept
    // while the probe asks again of another first job (an action moved the rows), so what
    // the actions show (a bulk dialog's results) stays.
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  const data = probe.data;
  return !!data && mayActOnJobs(api.token(), data);
}

export type ActionOffer = {
  /** What may be done to the job now (empty on a bare service or while unknown). */
  allowed: ReadonlySet<JobActionName>;
  /** Why nothing may be done, as the service said (none on a bare service). */
  refused: string | undefined;
  /** The extension answered for this job. */
  extension: boolean;
  open: (start: ActionStart) => void;
  /** The dialog, when open: render it anywhere under the screen. */
  dialog: ReactNode;
};

/** A visible control named as `control` (its replacement, when the screen drew it anew). */
function sameControl(control: HTMLElement): HTMLElement | null {
  const visible = (el: HTMLElement) => el.isConnected && el.getClientRects().length > 0;
  if (visible(control)) return control;
  const name = (el: Element) => el.getAttribute('aria-label') ?? el.textContent;
  for (const el of document.querySelectorAll<HTMLElement>(control.tagName))
    if (visible(el) && name(el) === name(control)) return el;
  return null;
}

/**
 * One job's actions and their dialog: for the job panel and the exceptions list. When the
 * dialog closes the focus goes back to the control that opened it, or, if the screen drew that
 * control anew meanwhile (a 412 reads the job again), to the control now in its place.
 */
export function useActionOffer(
  job: Pick<Job, 'id'>,
  shown: Iterable<Job> | undefined,
  onActed?: (result: JobWithActions) => void,
  read = true,
): ActionOffer {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery({ ...jobWithActionsQueryOptions(api, job.id), enabled: read });
  const [start, setStart] = useState<{ start: ActionStart; from: HTMLElement | null } | null>(null);
  const data = query.data;
  const allowed = new Set((data?.actions.allowed ?? []) as JobActionName[]);
  const fleet = useCallback(() => heldJobs(queryClient, shown), [queryClient, shown]);
  // The opener of the dialog last closed: after the dialog's own return of the focus (Radix's,
  // a task after it unmounts), the focus is put on its replacement if it did not land.
  const closedFrom = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const from = closedFrom.current;
    if (start || !from) return;
    closedFrom.current = null;
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      sameControl(from)?.focus();
    });
    return () => clearTimeout(timer);
  }, [start]);
  const dialog = start && (
    <Suspense fallback={null}>
      <JobActionDialog
        key={job.id}
        jobId={job.id}
        start={start.start}
        returnFocusTo={start.from}
        fleet={fleet}
        onClose={() => {
          closedFrom.current = start.from;
          setStart(null);
        }}
        onActed={onActed}
      />
    </Suspense>
  );
  return {
    allowed,
    refused: data?.actions.refused,
    extension: !!data,
    open: (next) =>
      setStart({
        start: next,
        from: document.activeElement instanceof HTMLElement ? document.activeElement : null,
      }),
    dialog,
  };
}
