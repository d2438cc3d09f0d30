import { useCallback, useEffect, useId, useMemo, useRef, useState, type ClipboardEvent } from 'react';
import {
  Controller,
  FormProvider,
  useForm,
  useFormContext,
  useFormState,
  useWatch,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BranchPatch, issuesToDetails, type Branch } from '../../contract';
import { isApiError, queryKeys } from '../../api';
import {
  Badge,
  Banner,
  Button,
  ConfirmDialog,
  Field,
  formatDateTime,
  formatRelative,
  inputClass,
  useNow,
  useToast,
} from '../../ui';
import { ConflictDialog } from './ConflictDialog';
import { ContactsField } from './ContactsField';
import {
  FIELD_NAMES,
  buildPatch,
  changedFields,
  diffValues,
  diffZones,
  rebase,
  type Change,
  type PatchField,
} from './diff';
import { clearDraft, createDebounced, readDraft, writeDraft, type BranchDraft } from './draft';
import {
  createFormSchema,
  describePath,
  formIssues,
  mapDetailPath,
  parseDegrees,
  toFormValues,
  formZones,
  type BranchFormValues,
  type FormIssue,
} from './form-model';
import { RenameDialog } from './RenameDialog';
import { recordRename } from './renames';
import { ReviewDialog } from './ReviewDialog';
import { BranchGoneError, useBranchSave, type SaveVariables } from './useBranchSave';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import { zoneProblems } from './zone-check';
import { ZonesSection, type ZonesErrors } from './ZonesSection';
import s from './branches.module.css';

const DRAFT_DELAY_MS = 400;

type FormSchema = ReturnType<typeof createFormSchema>;

/** Top-level form keys a form path belongs to (`contacts.0.name` -> `contacts`). */
function topField(path: string): PatchField {
  return path.split('.')[0] as PatchField;
}

/**
 * The zod resolver, keeping only errors of fields that differ from the loaded branch: a
 * field the manager did not touch is not sent, so an oddity the server already holds
 * (a legacy phone format, say) never blocks saving something else.
 */
function changedOnlyResolver(schema: FormSchema, base: BranchFormValues): Resolver<BranchFormValues> {
  const resolve = zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<BranchFormValues>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors = result.errors as Record<string, unknown>;
    const keys = Object.keys(errors);
    if (keys.length === 0) return result;
    const changed = new Set<string>(changedFields(base, values));
    const kept = Object.fromEntries(keys.filter((k) => changed.has(k)).map((k) => [k, errors[k]]));
    return Object.keys(kept).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: kept as typeof result.errors };
  };
}

/** Problems of changed fields only (the reason Save is disabled). */
function relevantIssues(schema: FormSchema, base: BranchFormValues, values: BranchFormValues): FormIssue[] {
  const issues = formIssues(schema, values);
  if (issues.length === 0) return issues;
  const changed = new Set<string>(changedFields(base, values));
  return issues.filter((i) => changed.has(topField(i.path)));
}

type BannerState = {
  tone: 'danger' | 'warning' | 'info';
  title: string;
  message?: string;
  lines?: string[];
  retry?: SaveVariables;
} | null;

// ---------------------------------------------------------------------------------------
// Sections
// ---------------------------------------------------------------------------------------

function IdentitySection({ originalId, onChangeId }: { originalId: string; onChangeId: () => void }) {
  const { register, control, setValue } = useFormContext<BranchFormValues>();
  const { errors } = useFormState({ control, name: ['id', 'name', 'active'] });
  const id = useWatch<BranchFormValues, 'id'>({ name: 'id' });
  const renamed = id !== originalId;
  return (
    <section className={s.card} aria-labelledby="identity-title">
      <div className={s.cardHeader}>
        <h2 id="identity-title" className={s.cardTitle}>
          Identity
        </h2>
      </div>
      <div className={s.inline} style={{ alignItems: 'flex-start' }}>
        <Field
          className={s.inlineGrow}
          label="Id"
          error={errors.id?.message}
          hint={
            renamed ? (
              <>
                Was <code>{originalId}</code>: saving renames the branch.{' '}
              </>
            ) : (
              'Used in links and job filters'
            )
          }
        >
          <input className={`${inputClass} ${s.mono}`} readOnly {...register('id')} />
        </Field>
        <div className={s.inline} style={{ marginTop: 22 }}>
          <Button onClick={onChangeId}>Change id…</Button>
          {renamed && (
            <Button
              variant="ghost"
              onClick={() => setValue('id', originalId, { shouldDirty: true, shouldValidate: true })}
              aria-label={`Undo id change (back to ${originalId})`}
            >
              Undo
            </Button>
          )}
        </div>
      </div>
      <Field label="Name" error={errors.name?.message}>
        <input className={inputClass} autoComplete="off" {...register('name')} />
      </Field>
      <label className={s.checkRow}>
        <input type="checkbox" {...register('active')} />
        Active
      </label>
    </section>
  );
}

/**
 * Latitude and longitude are text fields holding decimal degrees. The map pin of the zone
 * editor writes the same fields: `setValue('coordinates.latitude', lat.toFixed(6), { shouldDirty: true,
 * shouldValidate: true })` (and longitude); everything else (diff, draft, body) follows.
 */
function LocationSection() {
  const { register, control, setValue } = useFormContext<BranchFormValues>();
  const { errors } = useFormState({ control, name: ['coordinates', 'formatted_address'] });
  // Pasting "51.5072, -0.1276" into latitude fills both fields.
  const onPastePair = (e: ClipboardEvent<HTMLInputElement>) => {
    const m = /^\s*([-+]?\d+(?:\.\d+)?)\s*[,;\s]\s*([-+]?\d+(?:\.\d+)?)\s*$/.exec(
      e.clipboardData.getData('text'),
    );
    if (!m) return;
    e.preventDefault();
    setValue('coordinates.latitude', m[1]!, { shouldDirty: true, shouldValidate: true, shouldTouch: true });
    setValue('coordinates.longitude', m[2]!, { shouldDirty: true, shouldValidate: true, shouldTouch: true });
  };
  return (
    <section className={s.card} aria-labelledby="location-title">
      <div className={s.cardHeader}>
        <h2 id="location-title" className={s.cardTitle}>
          Location
        </h2>
      </div>
      <div className={s.row2}>
        <Field
          label="Latitude"
          error={errors.coordinates?.latitude?.message}
          hint="Decimal degrees, −90 to 90"
        >
          <input
            className={`${inputClass} num`}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            onPaste={onPastePair}
            {...register('coordinates.latitude')}
          />
        </Field>
        <Field
          label="Longitude"
          error={errors.coordinates?.longitude?.message}
          hint="Decimal degrees, −180 to 180"
        >
          <input
            className={`${inputClass} num`}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            {...register('coordinates.longitude')}
          />
        </Field>
      </div>
      <Field label="Formatted address" error={errors.formatted_address?.message}>
        <textarea
          className={inputClass}
          rows={2}
          style={{ resize: 'vertical' }}
          {...register('formatted_address')}
        />
      </Field>
    </section>
  );
}

function ZonesField({
  branchId,
  serverErrors,
  onEdited,
}: {
  branchId: string;
  serverErrors: ZonesErrors | undefined;
  onEdited: () => void;
}) {
  const { control, trigger, setValue } = useFormContext<BranchFormValues>();
  const coordinates = useWatch<BranchFormValues, 'coordinates'>({ name: 'coordinates' });
  const lat = parseDegrees(coordinates?.latitude ?? '');
  const lon = parseDegrees(coordinates?.longitude ?? '');
  const pin = useMemo<[number, number] | null>(
    () => (lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? [lon, lat] : null),
    [lat, lon],
  );
  // The pin writes the text fields (6 decimals), as typing would; diff, draft and body follow.
  const onPinChange = useCallback(
    ({ latitude, longitude }: { latitude: number; longitude: number }) => {
      const options = { shouldDirty: true, shouldValidate: true, shouldTouch: true } as const;
      setValue('coordinates.latitude', latitude.toFixed(6), options);
      setValue('coordinates.longitude', longitude.toFixed(6), options);
    },
    [setValue],
  );
  return (
    <Controller
      control={control}
      name="delivery_zones"
      render={({ field }) => (
        <ZonesSection
          branchId={branchId}
          value={field.value}
          onChange={(fc) => {
            field.onChange(formZones(fc));
            onEdited();
            void trigger('delivery_zones');
          }}
          // The zones' own problems are shown by the editor on each zone (and block Save through
          // the form schema); these are the service's verdicts from the last save.
          errors={serverErrors}
          pin={pin}
          onPinChange={onPinChange}
        />
      )}
    />
  );
}

// ---------------------------------------------------------------------------------------
// Sticky action bar
// ---------------------------------------------------------------------------------------

function ActionBar({
  base,
  schema,
  saving,
  draftNote,
  onSave,
  onDiscard,
}: {
  base: BranchFormValues;
  schema: FormSchema;
  saving: boolean;
  draftNote: string | null;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const { control, trigger, setFocus } = useFormContext<BranchFormValues>();
  const values = useWatch({ control }) as BranchFormValues;
  const zones = useWatch<BranchFormValues, 'delivery_zones'>({ control, name: 'delivery_zones' });
  const zoneChanges = useMemo(() => diffZones(base.delivery_zones, zones), [base, zones]);
  const current = useMemo(() => ({ ...values, delivery_zones: zones }), [values, zones]);
  const changes = diffValues(base, current, zoneChanges);
  const issues = changes.length ? relevantIssues(schema, base, current) : [];
  const reasonId = useId();
  const count = changes.length;
  let reason: string | null = null;
  if (count === 0) reason = 'No changes to save';
  else if (issues.length) {
    const first = issues[0]!;
    reason = `Save is disabled: ${issues.length === 1 ? '1 problem' : `${issues.length} problems`} to fix. ${describePath(first.path)}: ${first.message}`;
  }
  const goToProblem = async () => {
    await trigger();
    const first = issues[0];
    if (!first) return;
    const path = first.path.startsWith('delivery_zones') ? null : first.path;
    if (path) setFocus(path as FieldPath<BranchFormValues>);
    else document.getElementById('zones-title')?.scrollIntoView({ block: 'center' });
  };
  return (
    <div className={s.actionBar} role="region" aria-label="Save changes">
      <div className={s.actionStatus}>
        <span className={s.actionCount} aria-live="polite">
          {count === 0 ? 'No unsaved changes' : `${count} unsaved ${count === 1 ? 'change' : 'changes'}`}
        </span>
        {reason && count > 0 ? (
          <span className={s.actionReasonError}>
            <span id={reasonId}>{reason}</span>{' '}
            <Button size="sm" variant="ghost" onClick={() => void goToProblem()}>
              Show
            </Button>
          </span>
        ) : (
          <span id={reasonId} className={s.actionReason}>
            {reason ?? draftNote ?? 'Review the changes before they are sent.'}
          </span>
        )}
      </div>
      <div className={s.actionButtons}>
        <Button onClick={onDiscard} disabled={count === 0 || saving}>
          Discard
        </Button>
        <Button
          variant="primary"
          onClick={onSave}
          disabled={reason !== null || saving}
          aria-describedby={reasonId}
        >
          {saving ? 'Saving…' : 'Review and save'}
        </Button>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------------------

function initialDraftOffer(routeId: string, base: BranchFormValues): BranchDraft | null {
  const draft = readDraft(routeId);
  if (!draft) return null;
  // Nothing to bring back: no edits, or edits that the server already holds (saved elsewhere,
  // or the save went through just before the page was lost).
  if (
    changedFields(draft.base, draft.values).length === 0 ||
    changedFields(base, rebase(draft.base, draft.values, base).values).length === 0
  ) {
    clearDraft(routeId);
    return null;
  }
  return draft;
}

/**
 * The branch editor: Identity, Location, Contacts and Delivery zones; a review of every
 * change before the PUT; conflict check; server errors on their fields; a draft kept as the
 * manager types; and a guard against leaving with unsaved changes.
 */
export function BranchForm({ branch, latest }: { branch: Branch; latest: Branch | null | undefined }) {
  const routeId = branch.id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useToast();
  const now = useNow(15_000);

  const [loaded, setLoaded] = useState(branch);
  const base = useMemo(() => toFormValues(loaded), [loaded]);
  const baseRef = useRef(base);
  const loadedRef = useRef(loaded);
  useEffect(() => {
    baseRef.current = base;
    loadedRef.current = loaded;
  }, [base, loaded]);

  const schema = useMemo(() => createFormSchema(zoneProblems), []);
  const resolver = useMemo(() => changedOnlyResolver(schema, base), [schema, base]);
  const form = useForm<BranchFormValues>({
    defaultValues: base,
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });

  const [renameOpen, setRenameOpen] = useState(false);
  const [discardOpen, setDiscardOpen] = useState(false);
  const [review, setReview] = useState<{ patch: BranchPatch; changes: Change[] } | null>(null);
  const [conflict, setConflict] = useState<{ fresh: Branch; patch: BranchPatch } | null>(null);
  const [banner, setBanner] = useState<BannerState>(null);
  const [zoneServerErrors, setZoneServerErrors] = useState<ZonesErrors | undefined>();
  const save = useBranchSave(loaded);

  // ----- draft -----
  const [draftOffer, setDraftOffer] = useState<BranchDraft | null>(() => initialDraftOffer(routeId, base));
  const [restoreNote, setRestoreNote] = useState<BannerState>(null);
  const [draftStatus, setDraftStatus] = useState<{ savedAt: number } | { error: string } | null>(null);
  const offerPending = useRef(draftOffer !== null);
  useEffect(() => {
    offerPending.current = draftOffer !== null;
  }, [draftOffer]);

  const persistDraft = useCallback(() => {
    if (offerPending.current) return; // never overwrite a draft the manager has not decided on
    const values = form.getValues();
    if (changedFields(baseRef.current, values).length === 0) {
      clearDraft(routeId);
      setDraftStatus(null);
      return;
    }
    const savedAt = Math.floor(Date.now() / 1000);
    const result = writeDraft({
      branchId: routeId,
      savedAt,
      baseUpdatedAt: loadedRef.current.updated_at,
      base: baseRef.current,
      values,
    });
    setDraftStatus(result.ok ? { savedAt } : { error: result.reason });
  }, [form, routeId]);
  const [draftWriter] = useState(() => createDebounced(DRAFT_DELAY_MS));

  useEffect(() => {
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: () => draftWriter.schedule(persistDraft),
    });
    const flush = () => draftWriter.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      draftWriter.flush();
    };
  }, [form, draftWriter, persistDraft]);

  const restoreDraft = () => {
    if (!draftOffer) return;
    const r = rebase(draftOffer.base, draftOffer.values, base);
    form.reset(r.values, { keepDefaultValues: true });
    offerPending.current = false;
    setDraftOffer(null);
    if (draftOffer.baseUpdatedAt !== loaded.updated_at) {
      setRestoreNote(
        r.overlapping.length
          ? {
              tone: 'warning',
              title: 'Restored. The branch also changed on the server since your draft.',
              message: `Your version of ${r.overlapping.map((f) => FIELD_NAMES[f]).join(', ')} replaces the server’s when you save. Other fields show the server’s current values.`,
            }
          : {
              tone: 'info',
              title: 'Restored onto the current version of the branch.',
              message:
                'The branch changed on the server since your draft, in fields you had not edited; those show the server’s values.',
            },
      );
    }
    void form.trigger();
    persistDraft();
  };

  const discardDraft = () => {
    clearDraft(routeId);
    offerPending.current = false;
    setDraftOffer(null);
    draftWriter.schedule(persistDraft);
  };

  // ----- leaving -----
  const hasChanges = useCallback(() => changedFields(baseRef.current, form.getValues()).length > 0, [form]);
  const { blocker, allowNavigation } = useUnsavedChangesGuard(hasChanges, () => draftWriter.flush());

  // ----- saving -----
  const applyServerErrors = (details: { path: string; message: string }[]): string[] => {
    const contactCount = form.getValues('contacts').length;
    const others: string[] = [];
    const zones: ZonesErrors = {};
    let first: string | null = null;
    for (const d of details) {
      const m = mapDetailPath(d.path, d.message, contactCount);
      if (m.kind === 'field') {
        form.setError(m.field as FieldPath<BranchFormValues>, { type: 'server', message: m.message });
        first ??= m.field;
      } else if (m.kind === 'zone') {
        if (m.index === null) zones.message = m.message;
        else zones.byIndex = { ...zones.byIndex, [m.index]: m.message };
      } else {
        others.push(`${d.path || 'request'}: ${d.message}`);
      }
    }
    setZoneServerErrors(zones.message || zones.byIndex ? zones : undefined);
    if (first && first !== 'contacts') form.setFocus(first as FieldPath<BranchFormValues>);
    return others;
  };

  const runSave = (vars: SaveVariables) => {
    draftWriter.flush(); // the draft holds the edits whatever happens next (a 401 leaves this page)
    setBanner(null);
    save.mutate(vars, {
      onSuccess: async (outcome) => {
        if (outcome.status === 'conflict') {
          setReview(null);
          setConflict({ fresh: outcome.fresh, patch: vars.patch });
          return;
        }
        const count = review?.changes.length;
        draftWriter.cancel();
        clearDraft(routeId);
        setReview(null);
        setConflict(null);
        setZoneServerErrors(undefined);
        setRestoreNote(null);
        setDraftStatus(null);
        setLoaded(outcome.saved);
        const savedValues = toFormValues(outcome.saved);
        baseRef.current = savedValues;
        loadedRef.current = outcome.saved;
        form.reset(savedValues);
        const renamed = outcome.newId !== outcome.oldId;
        notify({
          title: renamed ? `Branch renamed to ${outcome.newId} and saved` : 'Branch saved',
          body: `${outcome.saved.name}${count ? `: ${count} ${count === 1 ? 'change' : 'changes'} saved` : ''}.`,
        });
        if (renamed) {
          recordRename(outcome.oldId, outcome.newId);
          allowNavigation();
          await navigate({ to: '/branches/$id', params: { id: outcome.newId }, replace: false });
          queryClient.removeQueries({ queryKey: queryKeys.branch(outcome.oldId), exact: true });
        }
      },
      onError: (error) => {
        setReview(null);
        setConflict(null);
        if (error instanceof BranchGoneError) {
          setBanner({
            tone: 'danger',
            title: 'Not saved',
            message: `${error.message} Your edits are kept in this browser.`,
          });
          return;
        }
        if (!isApiError(error)) {
          setBanner({
            tone: 'danger',
            title: 'Not saved',
            message: error instanceof Error ? error.message : String(error),
          });
          return;
        }
        if (error.kind === 'unauthorized' || error.kind === 'aborted') return; // sign-in takes over; the draft has the edits
        const others = error.details.length ? applyServerErrors(error.details) : [];
        const mappedCount = error.details.length - others.length;
        if (
          error.status === 409 &&
          vars.patch.id !== undefined &&
          !error.details.some((d) => /(^|\.)id$/.test(d.path))
        ) {
          form.setError('id', {
            type: 'server',
            message: `A branch with id ${vars.patch.id} already exists. Choose another id.`,
          });
          form.setFocus('id');
        }
        if (error.kind === 'contract' && error.status !== null && error.status < 300) {
          // The service accepted the request but answered in a shape we cannot read: the save
          // may well have landed. Saving again re-checks the branch first (conflict check).
          setBanner({
            tone: 'danger',
            title: 'The save may have gone through',
            message: `${error.message} Your edits are kept. Reload the branch to see what the service holds, or review and save again.`,
          });
          return;
        }
        if (error.retryable) {
          setBanner({
            tone: 'danger',
            title: 'Not saved',
            message: `${error.message} Your edits are kept; try again when the connection is back.`,
            retry: vars,
          });
          return;
        }
        setBanner({
          tone: 'danger',
          title:
            error.status === 409
              ? 'Not saved: the id is taken'
              : 'Not saved: the service refused the changes',
          message: `${error.message}${mappedCount > 0 ? ` ${mappedCount === 1 ? 'One problem is' : `${mappedCount} problems are`} shown next to the fields.` : ''}`,
          lines: others,
        });
      },
    });
  };

  const openReview = form.handleSubmit((values) => {
    const patch = buildPatch(loaded, values);
    const check = BranchPatch.safeParse(patch);
    if (!check.success) {
      const others = applyServerErrors(issuesToDetails(check.error.issues, ['branch']));
      if (others.length) setBanner({ tone: 'danger', title: 'These changes cannot be sent', lines: others });
      return;
    }
    const changes = diffValues(base, values);
    if (changes.length === 0) return;
    setBanner(null);
    setReview({ patch: check.data, changes });
  });

  const discardAll = () => {
    setDiscardOpen(false);
    draftWriter.cancel();
    clearDraft(routeId);
    form.reset(base);
    setBanner(null);
    setZoneServerErrors(undefined);
    setRestoreNote(null);
    setDraftStatus(null);
  };

  const reloadFromConflict = () => {
    if (!conflict) return;
    const fresh = conflict.fresh;
    const freshValues = toFormValues(fresh);
    const r = rebase(base, form.getValues(), freshValues);
    queryClient.setQueryData(queryKeys.branch(routeId), fresh);
    setLoaded(fresh);
    baseRef.current = freshValues;
    loadedRef.current = fresh;
    form.reset(freshValues);
    form.reset(r.values, { keepDefaultValues: true });
    setConflict(null);
    setRestoreNote({
      tone: 'info',
      title: 'Reloaded the server’s version.',
      message: r.kept.length
        ? `Your changes to ${r.kept.map((f) => FIELD_NAMES[f]).join(', ')} are re-applied on top. Review and save again.`
        : 'You had no changes to re-apply.',
    });
    persistDraft();
  };

  const stale = latest && latest.updated_at > loaded.updated_at && !conflict ? latest : null;
  const gone = latest === null;
  const draftNote =
    draftStatus && 'savedAt' in draftStatus
      ? `Draft kept in this browser (${age(draftStatus.savedAt, now)}).`
      : null;

  return (
    <FormProvider {...form}>
      <div className={s.page}>
        <div className={s.pageHeader}>
          <div className={s.pageTitleBlock}>
            <nav className={s.crumbs} aria-label="Breadcrumb">
              <Link to="/branches" activeOptions={{ exact: true }}>
                Branches
              </Link>
              <span aria-hidden="true">/</span>
              <span className={s.mono} aria-current="page">
                {loaded.id}
              </span>
            </nav>
            <h1 className={s.title}>
              {loaded.name || 'Unnamed branch'}
              {loaded.active ? <Badge tone="success">Active</Badge> : <Badge tone="muted">Inactive</Badge>}
            </h1>
            <p className={s.meta}>
              Last saved {formatDateTime(loaded.updated_at)}
              {loaded.updated_by?.user_name ? ` by ${loaded.updated_by.user_name}` : ''}
              {loaded.time_zone ? ` · Time zone ${loaded.time_zone}` : ''}
            </p>
          </div>
        </div>

        {draftOffer && (
          <Banner
            tone="warning"
            role="alert"
            actions={
              <div className={s.inline}>
                <Button variant="primary" size="sm" onClick={restoreDraft}>
                  Restore changes
                </Button>
                <Button size="sm" onClick={discardDraft}>
                  Discard draft
                </Button>
              </div>
            }
          >
            <strong>Unsaved changes from {age(draftOffer.savedAt, now)}</strong> (
            {formatDateTime(draftOffer.savedAt)}) are kept in this browser: {describeDraft(draftOffer)}.
            {draftOffer.baseUpdatedAt !== loaded.updated_at &&
              ' The branch has changed on the server since; restoring keeps its newer values in the fields you did not edit.'}
          </Banner>
        )}
        {restoreNote && (
          <Banner
            tone={restoreNote.tone === 'danger' ? 'danger' : restoreNote.tone}
            actions={
              <Button size="sm" variant="ghost" aria-label="Dismiss" onClick={() => setRestoreNote(null)}>
                ✕
              </Button>
            }
          >
            <strong>{restoreNote.title}</strong> {restoreNote.message}
          </Banner>
        )}
        {stale && (
          <Banner
            tone="info"
            actions={
              <Button
                size="sm"
                onClick={() => setConflict({ fresh: stale, patch: buildPatch(loaded, form.getValues()) })}
              >
                See what changed
              </Button>
            }
          >
            This branch was saved on the server {formatRelative(stale.updated_at, now)}
            {stale.updated_by?.user_name ? ` by ${stale.updated_by.user_name}` : ''}, after you opened it.
          </Banner>
        )}
        {gone && (
          <Banner tone="warning">
            Branch <code>{loaded.id}</code> is no longer found on the server (renamed or deleted elsewhere).
            Your edits stay here and in the draft, but saving will fail.
          </Banner>
        )}
        {banner && (
          <Banner
            tone={banner.tone}
            role="alert"
            actions={
              <div className={s.inline}>
                {banner.retry && (
                  <Button
                    variant="primary"
                    size="sm"
                    onClick={() => runSave(banner.retry!)}
                    disabled={save.isPending}
                  >
                    {save.isPending ? 'Retrying…' : 'Retry'}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label="Dismiss message"
                  onClick={() => setBanner(null)}
                >
                  ✕
                </Button>
              </div>
            }
          >
            <strong>{banner.title}.</strong> {banner.message}
            {banner.lines && banner.lines.length > 0 && (
              <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                {banner.lines.map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            )}
          </Banner>
        )}

        <form
          noValidate
          aria-label={`Edit branch ${loaded.id}`}
          onSubmit={(e) => {
            e.preventDefault();
            void openReview(e);
          }}
          style={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-3)' }}
        >
          <div className={s.grid}>
            <IdentitySection originalId={loaded.id} onChangeId={() => setRenameOpen(true)} />
            <LocationSection />
          </div>
          <ContactsField />
          <ZonesField
            branchId={loaded.id}
            serverErrors={zoneServerErrors}
            onEdited={() => setZoneServerErrors(undefined)}
          />
          <ActionBar
            base={base}
            schema={schema}
            saving={save.isPending}
            draftNote={draftStatus && 'error' in draftStatus ? draftStatus.error : draftNote}
            onSave={() => void openReview()}
            onDiscard={() => setDiscardOpen(true)}
          />
        </form>
      </div>

      {renameOpen && (
        <RenameDialog
          open
          currentId={form.getValues('id')}
          originalId={loaded.id}
          onCancel={() => setRenameOpen(false)}
          onConfirm={(newId) => {
            setRenameOpen(false);
            form.setValue('id', newId, { shouldDirty: true, shouldValidate: true, shouldTouch: true });
            form.clearErrors('id');
          }}
        />
      )}
      {review && (
        <ReviewDialog
          open
          changes={review.changes}
          patch={review.patch}
          branchId={loaded.id}
          saving={save.isPending}
          onCancel={() => setReview(null)}
          onConfirm={() => runSave({ patch: review.patch })}
        />
      )}
      {conflict && (
        <ConflictDialog
          open
          loaded={loaded}
          fresh={conflict.fresh}
          mine={form.getValues()}
          saving={save.isPending}
          onCancel={() => setConflict(null)}
          onReload={reloadFromConflict}
          onOverwrite={() => runSave({ patch: buildPatch(loaded, form.getValues()), overwrite: true })}
        />
      )}
      <ConfirmDialog
        open={discardOpen}
        title="Discard your changes?"
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        destructive
        onConfirm={discardAll}
        onCancel={() => setDiscardOpen(false)}
      >
        The form goes back to the branch as it is on the server, and the draft kept in this browser is
        deleted.
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Discard and leave"
        cancelLabel="Stay"
        destructive
        onConfirm={() => {
          draftWriter.cancel();
          clearDraft(routeId);
          blocker.proceed?.();
        }}
        onCancel={() => blocker.reset?.()}
        extraActions={
          <Button
            onClick={() => {
              draftWriter.flush();
              blocker.proceed?.();
            }}
          >
            Keep draft and leave
          </Button>
        }
      >
        Branch {loaded.id} has unsaved changes. Stay to review and save them, keep them as a draft in this
        browser to come back to, or discard them.
      </ConfirmDialog>
    </FormProvider>
  );
}

/** "moments ago", "3 min. ago". */
function age(epochSeconds: number, now: number): string {
  return Math.abs(now - epochSeconds) < 45 ? 'moments ago' : formatRelative(epochSeconds, now);
}

function describeDraft(draft: BranchDraft): string {
  const fields = changedFields(draft.base, draft.values);
  return `changes to ${fields.map((f) => FIELD_NAMES[f].toLowerCase()).join(', ')}`;
}
