import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { clearDraft, readDraft, writeDraft, type BranchDraft } from './draft';
import { changedFields } from './fields';
import type { BranchFormValues } from './form-model';
import { rebase, type Rebased } from './rebase';

const DRAFT_DELAY_MS = 400;

export type DraftStatus = { savedAt: number } | { error: string } | null;

/**
 * Runs the latest scheduled function once `delayMs` after the last `schedule(fn)`. `flush`
 * runs a pending call now; `cancel` drops it.
 */
export function createDebounced(delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pendingFn: (() => void) | null = null;
  const run = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const fn = pendingFn;
    pendingFn = null;
    fn?.();
  };
  return {
    schedule(fn: () => void) {
      pendingFn = fn;
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, delayMs);
    },
    flush() {
      if (pendingFn) run();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pendingFn = null;
    },
  };
}

/** The stored draft, when it holds edits the server does not already have. */
function initialOffer(service: string, branchId: string, base: BranchFormValues): BranchDraft | null {
  const draft = readDraft(service, branchId);
  if (!draft) return null;
  // Nothing to bring back: no edits, or edits that the server already holds (saved elsewhere,
  // or the save went through just before the page was lost).
  if (
    changedFields(draft.base, draft.values).length === 0 ||
    changedFields(base, rebase(draft.base, draft.values, base).values).length === 0
  ) {
    clearDraft(service, branchId);
    return null;
  }
  return draft;
}

/**
 * The draft of the branch form: written to localStorage a moment after each change (and at
 * once on `flush`: before a save, when the page is hidden, when the form goes away), offered
 * back when the editor opens on a stored draft, never overwritten until the manager has chosen
 * to restore or discard it.
 */
export function useBranchDraft(
  form: UseFormReturn<BranchFormValues>,
  {
    service,
    branchId,
    base,
    baseUpdatedAt,
  }: {
    service: string;
    /** The id the editor was opened with: the draft's key. */
    branchId: string;
    /** The branch as loaded, in form values. */
    base: BranchFormValues;
    baseUpdatedAt: number;
  },
) {
  const [offer, setOffer] = useState<BranchDraft | null>(() => initialOffer(service, branchId, base));
  const [status, setStatus] = useState<DraftStatus>(null);
  const latest = useRef({ base, baseUpdatedAt, offerPending: offer !== null });
  useEffect(() => {
    latest.current.base = base;
    latest.current.baseUpdatedAt = baseUpdatedAt;
  }, [base, baseUpdatedAt]);

  const persist = useCallback(() => {
    const { base, baseUpdatedAt, offerPending } = latest.current;
    if (offerPending) return; // never overwrite a draft the manager has not decided on
    const values = form.getValues();
    if (changedFields(base, values).length === 0) {
      clearDraft(service, branchId);
      setStatus(null);
      return;
    }
    const savedAt = Math.floor(Date.now() / 1000);
    const result = writeDraft({ service, branchId, savedAt, baseUpdatedAt, base, values });
    setStatus(result.ok ? { savedAt } : { error: result.reason });
  }, [form, service, branchId]);

  const [writer] = useState(() => createDebounced(DRAFT_DELAY_MS));
  useEffect(() => {
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: () => writer.schedule(persist),
    });
    const flush = () => writer.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      writer.flush();
    };
  }, [form, writer, persist]);

  const decided = () => {
    latest.current.offerPending = false;
    setOffer(null);
  };

  return {
    /** A stored draft to offer back, until the manager restores or discards it. */
    offer,
    status,
    /** Puts the offered draft's edits onto the branch as loaded now; says what was re-applied. */
    restore(): Rebased | null {
      if (!offer) return null;
      const r = rebase(offer.base, offer.values, latest.current.base);
      form.reset(r.values, { keepDefaultValues: true });
      decided();
      void form.trigger();
      return r;
    },
    /** Deletes the offered draft; the form's own edits are kept from now on. */
    discardOffer() {
      clearDraft(service, branchId);
      decided();
      writer.schedule(persist);
    },
    /** Writes a pending draft now. */
    flush: writer.flush,
    /** Forgets the draft: nothing pending, nothing stored (after a save, a discard). */
    clear() {
      writer.cancel();
      clearDraft(service, branchId);
      setStatus(null);
    },
  };
}
