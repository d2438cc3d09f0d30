import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  clearDraft,
  readDraft,
  readOtherDrafts,
  removeDraftAt,
  writeDraft,
  type DraftEdits,
  type OtherDraft,
} from './draft';
import { draftKey } from './draft-keys';
import { holdEditing, openEditorKeys, tabId } from './tab';
import { changedFields } from '../form/fields';
import type { BranchFormValues } from '../form/form-model';
import { rebase, restoreUnder, type Restored } from '../review/rebase';

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

/** Does the draft hold edits the server does not already have? */
function worthOffering(draft: DraftEdits, base: BranchFormValues): boolean {
  // Nothing to bring back: no edits, or edits that the server already holds (saved elsewhere,
  // or the save went through just before the page was lost).
  return (
    changedFields(draft.base, draft.values).length > 0 &&
    changedFields(base, rebase(draft.base, draft.values, base).values).length > 0
  );
}

/**
 * What this tab's stored draft brings when the editor opens: a draft to offer back (the older
 * one when the stored edits were made while it was on offer), and those newer edits, which go
 * straight back into the form.
 */
function opening(service: string, branchId: string, tab: string, base: BranchFormValues) {
  const stored = readDraft(service, branchId, tab);
  const older = stored?.older ?? stored;
  const offer = older && worthOffering(older, base) ? older : null;
  const newer = stored?.older ? rebase(stored.base, stored.values, base) : null;
  const resume = newer && newer.kept.length > 0 ? newer.values : null;
  if (stored && !offer && !resume) clearDraft(service, branchId, tab);
  return { offer, resume };
}

/** Another tab's draft of the branch: on offer here, or kept by that tab's open editor. */
export type OthersDraft = OtherDraft & { open: boolean };

/**
 * The other tabs' drafts worth offering: a draft whose editor is open in its tab stays that
 * tab's (shown, not offered); one whose tab is closed is offered here, or removed when the
 * server already holds its edits.
 */
async function othersOpening(
  service: string,
  branchId: string,
  tab: string,
  base: BranchFormValues,
): Promise<OthersDraft[]> {
  const open = await openEditorKeys();
  return readOtherDrafts(service, branchId, tab).flatMap((other): OthersDraft[] => {
    const isOpen = open?.has(other.key) ?? false;
    if (isOpen) return [{ ...other, open: true }];
    if (worthOffering(other.draft, base)) return [{ ...other, open: false }];
    removeDraftAt(other.key);
    return [];
  });
}

/**
 * The draft of the branch form, this tab's own: written to localStorage a moment after each
 * change (and at once on `flush`: before a save, when the page is hidden, when the form goes
 * away). A stored draft is offered back when the editor opens; while it is on offer the form's
 * edits are kept beside it, so that a reload brings those edits back into the form and offers
 * the older draft again, until the manager restores it (under the newer edits) or discards it.
 *
 * Other tabs' drafts of the branch are listed too (`others`): those of a closed tab offered
 * like this tab's own (restoring one moves it into this tab's draft), those of an editor open
 * in another tab named only. A save or a discard here removes this tab's draft alone.
 *
 * Read-only (the sign-in may not save the branch), nothing is offered, written or removed: a
 * draft kept from before stays for a sign-in that may save it.
 */
export function useBranchDraft(
  form: UseFormReturn<BranchFormValues>,
  {
    service,
    branchId,
    base,
    baseUpdatedAt,
    readOnly = false,
  }: {
    service: string;
    /** The id the editor was opened with: the draft's key. */
    branchId: string;
    /** The branch as loaded, in form values. */
    base: BranchFormValues;
    baseUpdatedAt: number;
    readOnly?: boolean;
  },
) {
  const [opened] = useState(() =>
    readOnly ? { offer: null, resume: null } : opening(service, branchId, tabId(), base),
  );
  const [offer, setOffer] = useState<DraftEdits | null>(opened.offer);
  const [others, setOthers] = useState<OthersDraft[]>([]);
  const [status, setStatus] = useState<DraftStatus>(null);
  const latest = useRef({ base, baseUpdatedAt, offer });
  useEffect(() => {
    latest.current.base = base;
    latest.current.baseUpdatedAt = baseUpdatedAt;
  }, [base, baseUpdatedAt]);
  useEffect(() => {
    if (opened.resume) form.reset(opened.resume, { keepDefaultValues: true });
  }, [form, opened]);
  useEffect(() => {
    if (readOnly) return;
    const release = holdEditing(draftKey(service, branchId, tabId()));
    let live = true;
    void othersOpening(service, branchId, tabId(), latest.current.base).then((found) => {
      if (live) setOthers(found);
    });
    return () => {
      live = false;
      release();
    };
  }, [service, branchId, readOnly]);

  /** Stores the form's edits (`newer`, null when there are none) with the draft on offer. */
  const store = useCallback(
    (newer: DraftEdits | null) => {
      const { offer } = latest.current;
      const kept = newer ? { ...newer, older: offer ?? undefined } : offer;
      if (!kept) {
        clearDraft(service, branchId, tabId());
        setStatus(null);
        return;
      }
      const result = writeDraft(tabId(), { service, branchId, ...kept });
      setStatus(!result.ok ? { error: result.reason } : newer ? { savedAt: newer.savedAt } : null);
    },
    [service, branchId],
  );

  const persist = useCallback(() => {
    const { base, baseUpdatedAt } = latest.current;
    const values = form.getValues();
    const edited = changedFields(base, values).length > 0;
    store(edited ? { savedAt: Math.floor(Date.now() / 1000), baseUpdatedAt, base, values } : null);
  }, [form, store]);

  const [writer] = useState(() => createDebounced(DRAFT_DELAY_MS));
  useEffect(() => {
    if (readOnly) return;
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
  }, [form, writer, persist, readOnly]);

  /** The offer is settled: the form's edits are stored alone, now. */
  const decided = () => {
    latest.current.offer = null;
    setOffer(null);
    writer.cancel();
    persist();
  };

  return {
    /** A stored draft to offer back, until the manager restores or discards it. */
    offer,
    status,
    /**
     * Puts the offered draft's edits onto the branch as loaded now, under the form's own edits;
     * says which fields the server or the newer edits had changed too.
     */
    restore(): Restored | null {
      if (!offer) return null;
      const r = restoreUnder(offer, form.getValues(), latest.current.base);
      form.reset(r.values, { keepDefaultValues: true });
      decided();
      void form.trigger();
      return r;
    },
    /** Deletes the offered draft; the form's own edits stay, and stay kept. */
    discardOffer: decided,
    /** Other tabs' drafts of the branch: offered when their tab is closed, named when it is open. */
    others,
    /**
     * Puts a closed tab's draft (at `key`) onto the branch as loaded now, under the form's own
     * edits, which this tab's draft then holds; the other tab's copy is removed.
     */
    restoreOther(key: string): Restored | null {
      const other = others.find((o) => o.key === key && !o.open);
      if (!other) return null;
      const r = restoreUnder(other.draft, form.getValues(), latest.current.base);
      form.reset(r.values, { keepDefaultValues: true });
      writer.cancel();
      persist();
      removeDraftAt(key);
      setOthers((all) => all.filter((o) => o.key !== key));
      void form.trigger();
      return r;
    },
    /** Deletes a closed tab's draft. */
    discardOther(key: string) {
      if (!others.some((o) => o.key === key && !o.open)) return;
      removeDraftAt(key);
      setOthers((all) => all.filter((o) => o.key !== key));
    },
    /** Writes a pending draft now. */
    flush: writer.flush,
    /**
     * Forgets the form's edits (after a save, a discard): nothing pending, nothing stored but
     * a draft still on offer.
     */
    clear() {
      if (readOnly) return;
      writer.cancel();
      store(null);
    },
  };
}
