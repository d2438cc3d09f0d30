import { useMemo, useState } from 'react';
import { FormProvider, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Branch, BranchPatch } from '../../../contract';
import { queryKeys, useApi } from '../../../api';
import { useConfig } from '../../../config';
import { branchAccess } from '../../../api/access';
import { ConfirmDialog, useNow, useToast } from '../../../ui';
import { ActionBar } from './ActionBar';
import { BranchHeader } from './BranchHeader';
import { ConflictDialog } from '../review/ConflictDialog';
import { ContactsField } from './ContactsField';
import { draftNote, fieldNames, restoredNote } from '../drafts/draft-note';
import { changedFields } from '../form/fields';
import { createFormSchema, toFormValues, type BranchFormValues, type FormSchema } from '../form/form-model';
import { FormBanners } from './FormBanners';
import { IdentitySection, LocationSection, ZonesField } from './FormSections';
import { LeaveDialog } from './LeaveDialog';
import { MapToolsLink, useZoneContext } from './ZonesSection';
import { putBody } from '../review/put-body';
import { rebase } from '../review/rebase';
import { RenameDialog } from './RenameDialog';
import { recordRename } from './renames';
import type { ImpactPoints } from '../impact/impact';
import { reviewChanges, type Change } from '../review/review';
import { ReviewDialog } from '../review/ReviewDialog';
import { allowedDistanceKm, loadReviewFindings, type ReviewFindings } from '../review/review-warnings';
import { saveErrorView, unsendableView, type FormBanner, type SaveErrorView } from '../review/save-errors';
import { useBranchDraft } from '../drafts/useBranchDraft';
import { useBranchSave, type SaveVariables } from '../review/useBranchSave';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import { zoneProblems } from './zone-problems';
import type { ZonesErrors } from './ZonesSection';
import s from '../branches.module.css';

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

/** The branch as loaded and its form values, which are the form's defaults. */
function adopt(branch: Branch) {
  return { loaded: branch, base: toFormValues(branch) };
}

type Zones = BranchFormValues['delivery_zones'];

/** The one dialog open over the form (the leave guard's dialog follows the router's blocker instead). */
type Dialog =
  | { kind: 'rename' }
  | { kind: 'discard' }
  | {
      kind: 'review';
      patch: BranchPatch;
      changes: Change[];
      findings: ReviewFindings;
      zones: { before: Zones; after: Zones } | null;
    }
  | { kind: 'conflict'; fresh: Branch };

/**
 * The branch editor: Identity, Location, Contacts and Delivery zones; a review of every
 * change before the PUT; conflict check; server errors on their fields; a draft kept as the
 * manager types; and a guard against leaving with unsaved changes.
 *
 * Read-only when the sign-in's token says it may not save this branch (src/api/access.ts):
 * the reason above the form, every field disabled (react-hook-form's `disabled`), the zone map
 * without its editing tools, and no action bar, rename, draft or leave guard.
 */
export function BranchForm({ branch, latest }: { branch: Branch; latest: Branch | null | undefined }) {
  const routeId = branch.id;
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useToast();
  const now = useNow(15_000);
  const { zoneLimits } = useConfig();
  const farKm = allowedDistanceKm(zoneLimits, routeId);

  const [{ loaded, base }, setOrigin] = useState(() => adopt(branch));
  // What the sign-in may do here, as its token says when the editor opens (the service still
  // decides: a save it refuses is a 403, save-errors.ts).
  const [access] = useState(() => branchAccess(api.token(), routeId));
  const { t } = useLingui();
  const readOnly = !access.canSave;
  const loadedId = loaded.id;
  const schema = useMemo(() => createFormSchema(zoneProblems), []);
  const resolver = useMemo(() => changedOnlyResolver(schema, base), [schema, base]);
  const form = useForm<BranchFormValues>({
    defaultValues: base,
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    disabled: readOnly,
  });

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [saveError, setSaveError] = useState<{ shown: FormBanner; retry: SaveVariables | null } | null>(null);
  const [note, setNote] = useState<FormBanner | null>(null);
  const [zoneServerErrors, setZoneServerErrors] = useState<ZonesErrors | undefined>();
  // The impact preview's deliveries, on the zone map until the zones change again.
  const [impactPoints, setImpactPoints] = useState<ImpactPoints | null>(null);
  const save = useBranchSave(loaded);
  const draft = useBranchDraft(form, {
    service: api.baseUrl,
    branchId: routeId,
    base,
    baseUpdatedAt: loaded.updated_at,
    readOnly,
  });
  // Other branches' zones, as the zone map has them: the review's overlap warnings are the map's.
  const { context: zoneContext } = useZoneContext(loaded.id);
  const { blocker, allowNavigation, signingOut } = useUnsavedChangesGuard(
    () => !readOnly && changedFields(base, form.getValues()).length > 0,
    draft.flush,
  );

  const showErrors = (view: SaveErrorView, vars: SaveVariables | null) => {
    for (const { field, message } of view.fields) {
      form.setError(field as FieldPath<BranchFormValues>, { type: 'server', message });
    }
    setZoneServerErrors(view.zones);
    if (view.focus) form.setFocus(view.focus as FieldPath<BranchFormValues>);
    setSaveError(view.banner && { shown: view.banner, retry: view.banner.retry ? vars : null });
  };

  /**
   * The form on a version of the branch: its values (or `values` on top of them), and nothing
   * left of before (no dialog, no banner but `withNote`, no errors from the service, no impact
   * points).
   */
  const resetTo = (
    next: ReturnType<typeof adopt>,
    values?: BranchFormValues,
    withNote: FormBanner | null = null,
  ) => {
    setOrigin(next);
    form.reset(next.base);
    if (values) form.reset(values, { keepDefaultValues: true });
    setDialog(null);
    setSaveError(null);
    setNote(withNote);
    setZoneServerErrors(undefined);
    setImpactPoints(null);
  };

  /** The PUT body of the form's values, or null once the reasons it cannot be sent are shown. */
  const checkedPatch = (values: BranchFormValues): BranchPatch | null => {
    const body = putBody(base, values);
    if (body.ok) return body.patch;
    showErrors(unsendableView(body.details, values.contacts.length), null);
    return null;
  };

  const runSave = (vars: SaveVariables) => {
    draft.flush(); // the draft holds the edits whatever happens next (a 401 leaves this page)
    setSaveError(null);
    const count = dialog?.kind === 'review' ? dialog.changes.length : 0;
    save.mutate(vars, {
      onSuccess: async (outcome) => {
        if (outcome.status === 'conflict') {
          setDialog({ kind: 'conflict', fresh: outcome.fresh });
          return;
        }
        resetTo(adopt(outcome.saved));
        draft.clear();
        const renamed = outcome.newId !== outcome.oldId;
        const newId = outcome.newId;
        const savedName = outcome.saved.name;
        const changesText = plural(count, { one: '# change', other: '# changes' });
        notify({
          title: renamed ? (
            <Trans>
              Branch renamed to <bdi>{newId}</bdi> and saved
            </Trans>
          ) : (
            t`Branch saved`
          ),
          body: count ? (
            <Trans>
              <bdi>{savedName}</bdi>: {changesText} saved.
            </Trans>
          ) : (
            <>
              <bdi>{savedName}</bdi>.
            </>
          ),
        });
        if (renamed) {
          recordRename(outcome.oldId, outcome.newId);
          allowNavigation();
          await navigate({ to: '/branches/$id', params: { id: outcome.newId }, replace: false });
          queryClient.removeQueries({ queryKey: queryKeys.branch(outcome.oldId), exact: true });
        }
      },
      onError: (error) => {
        setDialog(null);
        const view = saveErrorView(error, vars.patch, form.getValues('contacts').length);
        if (view) showErrors(view, vars);
      },
    });
  };

  const openReview = form.handleSubmit(async (values) => {
    const patch = checkedPatch(values);
    if (!patch) return;
    const changes = reviewChanges(base, values);
    if (changes.length === 0) return;
    const changed = changedFields(base, values);
    const zones = changed.includes('delivery_zones')
      ? { before: base.delivery_zones, after: values.delivery_zones }
      : null;
    const findings = await loadReviewFindings(values, base, zoneContext, farKm);
    setSaveError(null);
    setDialog({ kind: 'review', patch, changes, findings, zones });
  });

  const overwrite = () => {
    const patch = checkedPatch(form.getValues());
    if (patch) runSave({ patch, overwrite: true });
    else setDialog(null);
  };

  const reloadFromConflict = (fresh: Branch) => {
    const next = adopt(fresh);
    const r = rebase(base, form.getValues(), next.base);
    const kept = fieldNames(r.kept);
    queryClient.setQueryData(queryKeys.branch(routeId), fresh);
    resetTo(next, r.values, {
      tone: 'info',
      title: t`Reloaded the server’s version.`,
      message: r.kept.length
        ? t`Your changes to ${kept} are re-applied on top. Review and save again.`
        : t`You had no changes to re-apply.`,
    });
  };

  const restoreDraft = (key?: string) => {
    const restored = key ? draft.others.find((o) => o.key === key)?.draft : draft.offer;
    const changedOnServer = restored?.baseUpdatedAt !== loaded.updated_at;
    const r = key ? draft.restoreOther(key) : draft.restore();
    // Onto another version of the branch, or under newer edits: say what the form now holds.
    if (r) setNote((shown) => restoredNote(r, changedOnServer) ?? shown);
  };

  const retry = saveError?.retry;

  return (
    <FormProvider {...form}>
      <div className={s.editorPage}>
        <BranchHeader branch={loaded} />

        <FormBanners
          readOnly={access.canSave ? null : access.reason}
          loaded={loaded}
          now={now}
          offer={draft.offer}
          onRestore={() => restoreDraft()}
          onDiscardDraft={draft.discardOffer}
          others={draft.others}
          onRestoreOther={restoreDraft}
          onDiscardOther={draft.discardOther}
          note={note}
          onDismissNote={() => setNote(null)}
          stale={
            latest && latest.updated_at > loaded.updated_at && dialog?.kind !== 'conflict' ? latest : null
          }
          // Read-only, there are no edits to weigh against the newer version: it is simply shown.
          onSeeChanges={(fresh) =>
            readOnly ? resetTo(adopt(fresh)) : setDialog({ kind: 'conflict', fresh })
          }
          gone={latest === null}
          error={saveError?.shown ?? null}
          onRetry={retry ? () => runSave(retry) : undefined}
          onDismissError={() => setSaveError(null)}
          saving={save.isPending}
        />

        <form
          noValidate
          aria-label={readOnly ? t`Branch ${loadedId} (read-only)` : t`Edit branch ${loadedId}`}
          onSubmit={(e) => {
            e.preventDefault();
            void openReview(e);
          }}
          className={s.form}
        >
          {/* Wide screens: the fields scroll on the left, the zone map stays on the right. */}
          <div className={s.workspace}>
            <div className={s.formColumn}>
              <MapToolsLink />
              <div className={s.grid}>
                <IdentitySection originalId={loaded.id} onChangeId={() => setDialog({ kind: 'rename' })} />
                <LocationSection />
              </div>
              <ContactsField />
            </div>
            <div className={s.mapColumn}>
              <ZonesField
                branchId={loaded.id}
                serverErrors={zoneServerErrors}
                onEdited={() => {
                  setZoneServerErrors(undefined);
                  setImpactPoints(null);
                }}
                points={impactPoints}
              />
            </div>
          </div>
          {!readOnly && (
            <ActionBar
              base={base}
              schema={schema}
              saving={save.isPending}
              draftNote={draftNote(draft.status, now)}
              onSave={() => void openReview()}
              onDiscard={() => setDialog({ kind: 'discard' })}
            />
          )}
        </form>
      </div>

      {dialog?.kind === 'rename' && (
        <RenameDialog
          open
          currentId={form.getValues('id')}
          originalId={loaded.id}
          onCancel={() => setDialog(null)}
          onConfirm={(newId) => {
            setDialog(null);
            form.setValue('id', newId, { shouldDirty: true, shouldValidate: true, shouldTouch: true });
            form.clearErrors('id');
          }}
        />
      )}
      {dialog?.kind === 'review' && (
        <ReviewDialog
          open
          changes={dialog.changes}
          findings={dialog.findings}
          patch={dialog.patch}
          branchId={loaded.id}
          saving={save.isPending}
          zones={dialog.zones}
          onImpactPoints={setImpactPoints}
          onCancel={() => setDialog(null)}
          onConfirm={() => runSave({ patch: dialog.patch })}
        />
      )}
      {dialog?.kind === 'conflict' && (
        <ConflictDialog
          open
          base={base}
          loaded={loaded}
          fresh={dialog.fresh}
          mine={form.getValues()}
          saving={save.isPending}
          onCancel={() => setDialog(null)}
          onReload={() => reloadFromConflict(dialog.fresh)}
          onOverwrite={overwrite}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'discard'}
        title={t`Discard your changes?`}
        confirmLabel={t`Discard changes`}
        cancelLabel={t`Keep editing`}
        destructive
        onConfirm={() => {
          resetTo({ loaded, base });
          draft.clear();
        }}
        onCancel={() => setDialog(null)}
      >
        <Trans>
          The form goes back to the branch as it is on the server, and the draft kept in this browser is
          deleted.
        </Trans>
      </ConfirmDialog>
      <LeaveDialog
        open={blocker.status === 'blocked'}
        signingOut={signingOut}
        branchId={loaded.id}
        onStay={() => blocker.reset?.()}
        onDiscard={() => {
          draft.clear();
          blocker.proceed?.();
        }}
        onKeepDraft={() => {
          draft.flush();
          blocker.proceed?.();
        }}
      />
    </FormProvider>
  );
}
