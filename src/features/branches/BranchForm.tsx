import { useMemo, useState } from 'react';
import { FormProvider, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Branch, BranchPatch } from '../../contract';
import { queryKeys, useApi } from '../../api';
import {
  Badge,
  Banner,
  Button,
  ConfirmDialog,
  formatDateTime,
  formatRelative,
  useNow,
  useToast,
} from '../../ui';
import { ActionBar } from './ActionBar';
import { ConflictDialog } from './ConflictDialog';
import { ContactsField } from './ContactsField';
import type { BranchDraft } from './draft';
import { FIELDS, changedFields, type PatchField } from './fields';
import {
  createFormSchema,
  toFormValues,
  unusualHours,
  type BranchFormValues,
  type FormSchema,
  type UnusualHours,
} from './form-model';
import { IdentitySection, LocationSection, ZonesField } from './FormSections';
import { MapToolsLink } from './ZonesSection';
import { putBody } from './put-body';
import { rebase } from './rebase';
import { RenameDialog } from './RenameDialog';
import { recordRename } from './renames';
import type { ImpactPoints } from './impact';
import { reviewChanges, type Change } from './review';
import { ReviewDialog } from './ReviewDialog';
import { saveErrorView, unsendableView, type FormBanner, type SaveErrorView } from './save-errors';
import { useBranchDraft } from './useBranchDraft';
import { useBranchSave, type SaveVariables } from './useBranchSave';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import { zoneProblems } from './zone-check';
import type { ZonesErrors } from './ZonesSection';
import s from './branches.module.css';

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

const fieldNames = (fields: readonly PatchField[]) => fields.map((f) => FIELDS[f].label).join(', ');

/**
 * The branch editor: Identity, Location, Contacts and Delivery zones; a review of every
 * change before the PUT; conflict check; server errors on their fields; a draft kept as the
 * manager types; and a guard against leaving with unsaved changes.
 */
export function BranchForm({ branch, latest }: { branch: Branch; latest: Branch | null | undefined }) {
  const routeId = branch.id;
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useToast();
  const now = useNow(15_000);

  const [{ loaded, base }, setOrigin] = useState(() => adopt(branch));
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
  const [review, setReview] = useState<{
    patch: BranchPatch;
    changes: Change[];
    zones: { before: BranchFormValues['delivery_zones']; after: BranchFormValues['delivery_zones'] } | null;
  } | null>(null);
  // The impact preview's deliveries, on the zone map until the zones change again.
  const [impactPoints, setImpactPoints] = useState<ImpactPoints | null>(null);
  const [conflict, setConflict] = useState<Branch | null>(null);
  const [hoursCheck, setHoursCheck] = useState<{ contacts: UnusualHours[]; proceed: () => void } | null>(
    null,
  );
  const [banner, setBanner] = useState<{ shown: FormBanner; retry: SaveVariables | null } | null>(null);
  const [restoreNote, setRestoreNote] = useState<FormBanner | null>(null);
  const [zoneServerErrors, setZoneServerErrors] = useState<ZonesErrors | undefined>();
  const save = useBranchSave(loaded);
  const draft = useBranchDraft(form, {
    service: api.baseUrl,
    branchId: routeId,
    base,
    baseUpdatedAt: loaded.updated_at,
  });
  const { blocker, allowNavigation, signingOut } = useUnsavedChangesGuard(
    () => changedFields(base, form.getValues()).length > 0,
    draft.flush,
  );

  const showErrors = (view: SaveErrorView, vars: SaveVariables | null) => {
    for (const { field, message } of view.fields) {
      form.setError(field as FieldPath<BranchFormValues>, { type: 'server', message });
    }
    setZoneServerErrors(view.zones);
    if (view.focus) form.setFocus(view.focus as FieldPath<BranchFormValues>);
    setBanner(view.banner && { shown: view.banner, retry: view.banner.retry ? vars : null });
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
    setBanner(null);
    save.mutate(vars, {
      onSuccess: async (outcome) => {
        setReview(null);
        if (outcome.status === 'conflict') {
          setConflict(outcome.fresh);
          return;
        }
        const count = review?.changes.length;
        const next = adopt(outcome.saved);
        setOrigin(next);
        form.reset(next.base);
        draft.clear();
        setConflict(null);
        setZoneServerErrors(undefined);
        setImpactPoints(null);
        setRestoreNote(null);
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
        const view = saveErrorView(error, vars.patch, form.getValues('contacts').length);
        if (view) showErrors(view, vars);
      },
    });
  };

  const openReview = form.handleSubmit((values) => {
    const patch = checkedPatch(values);
    if (!patch) return;
    const changes = reviewChanges(base, values);
    if (changes.length === 0) return;
    const zones = changedFields(base, values).includes('delivery_zones')
      ? { before: base.delivery_zones, after: values.delivery_zones }
      : null;
    const show = () => {
      setBanner(null);
      setReview({ patch, changes, zones });
    };
    // Hours that end before they start are asked about first: overnight, or a slip of AM/PM?
    const odd = changedFields(base, values).includes('contacts') ? unusualHours(values.contacts) : [];
    if (odd.length > 0) setHoursCheck({ contacts: odd, proceed: show });
    else show();
  });

  const changeHours = () => {
    const first = hoursCheck?.contacts[0];
    setHoursCheck(null);
    // After the dialog has handed the focus back to the button that opened it.
    if (first) setTimeout(() => form.setFocus(`contacts.${first.index}.work_timings.to`), 0);
  };

  const overwrite = () => {
    const patch = checkedPatch(form.getValues());
    if (patch) runSave({ patch, overwrite: true });
    else setConflict(null);
  };

  const discardAll = () => {
    setDiscardOpen(false);
    form.reset(base);
    draft.clear();
    setBanner(null);
    setZoneServerErrors(undefined);
    setImpactPoints(null);
    setRestoreNote(null);
  };

  const reloadFromConflict = () => {
    if (!conflict) return;
    const next = adopt(conflict);
    const r = rebase(base, form.getValues(), next.base);
    queryClient.setQueryData(queryKeys.branch(routeId), conflict);
    setOrigin(next);
    form.reset(next.base);
    form.reset(r.values, { keepDefaultValues: true });
    setConflict(null);
    setRestoreNote({
      tone: 'info',
      title: 'Reloaded the server’s version.',
      message: r.kept.length
        ? `Your changes to ${fieldNames(r.kept)} are re-applied on top. Review and save again.`
        : 'You had no changes to re-apply.',
    });
  };

  const restoreDraft = () => {
    const offer = draft.offer;
    const r = draft.restore();
    if (!offer || !r || offer.baseUpdatedAt === loaded.updated_at) return;
    setRestoreNote(
      r.overlapping.length
        ? {
            tone: 'warning',
            title: 'Restored. The branch also changed on the server since your draft.',
            message: `Your version of ${fieldNames(r.overlapping)} replaces the server’s when you save. Other fields show the server’s current values.`,
          }
        : {
            tone: 'info',
            title: 'Restored onto the current version of the branch.',
            message:
              'The branch changed on the server since your draft, in fields you had not edited; those show the server’s values.',
          },
    );
  };

  const stale = latest && latest.updated_at > loaded.updated_at && !conflict ? latest : null;
  const gone = latest === null;
  const draftNote =
    draft.status && 'error' in draft.status
      ? draft.status.error
      : draft.status
        ? `Draft kept in this browser (${age(draft.status.savedAt, now)}).`
        : null;

  return (
    <FormProvider {...form}>
      <div className={s.editorPage}>
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

        {draft.offer && (
          <Banner
            tone="warning"
            role="alert"
            actions={
              <div className={s.inline}>
                <Button variant="primary" size="sm" onClick={restoreDraft}>
                  Restore changes
                </Button>
                <Button size="sm" onClick={draft.discardOffer}>
                  Discard draft
                </Button>
              </div>
            }
          >
            <strong>Unsaved changes from {age(draft.offer.savedAt, now)}</strong> (
            {formatDateTime(draft.offer.savedAt)}) are kept in this browser: {describeDraft(draft.offer)}.
            {draft.offer.baseUpdatedAt !== loaded.updated_at &&
              ' The branch has changed on the server since; restoring keeps its newer values in the fields you did not edit.'}
          </Banner>
        )}
        {restoreNote && (
          <Banner
            tone={restoreNote.tone}
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
              <Button size="sm" onClick={() => setConflict(stale)}>
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
            tone={banner.shown.tone}
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
            <strong>{banner.shown.title}.</strong> {banner.shown.message}
            {banner.shown.lines && banner.shown.lines.length > 0 && (
              <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                {banner.shown.lines.map((l) => (
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
          className={s.form}
        >
          {/* Wide screens: the fields scroll on the left, the zone map stays on the right. */}
          <div className={s.workspace}>
            <div className={s.formColumn}>
              <MapToolsLink />
              <div className={s.grid}>
                <IdentitySection originalId={loaded.id} onChangeId={() => setRenameOpen(true)} />
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
          <ActionBar
            base={base}
            schema={schema}
            saving={save.isPending}
            draftNote={draftNote}
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
          zones={review.zones}
          onImpactPoints={setImpactPoints}
          onCancel={() => setReview(null)}
          onConfirm={() => runSave({ patch: review.patch })}
        />
      )}
      {conflict && (
        <ConflictDialog
          open
          base={base}
          loaded={loaded}
          fresh={conflict}
          mine={form.getValues()}
          saving={save.isPending}
          onCancel={() => setConflict(null)}
          onReload={reloadFromConflict}
          onOverwrite={overwrite}
        />
      )}
      <ConfirmDialog
        open={hoursCheck !== null}
        title="Hours that end before they start"
        confirmLabel="Save these hours"
        cancelLabel="Change the hours"
        onConfirm={() => {
          hoursCheck?.proceed();
          setHoursCheck(null);
        }}
        onCancel={changeHours}
      >
        <ul className={s.dialogList}>
          {hoursCheck?.contacts.map((c) => (
            <li key={c.index}>
              Contact {c.index + 1}
              {c.name ? ` (${c.name})` : ''}:{' '}
              {c.kind === 'overnight'
                ? `${c.from} to ${c.to}, ending the next day.`
                : `starts and ends at ${c.from}.`}
            </li>
          ))}
        </ul>
        Save them as they are, or change them (an AM that should be PM, say)?
      </ConfirmDialog>
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
      {/* Leaving with unsaved changes; signing out removes the drafts, so it offers no draft to keep. */}
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        title={signingOut ? 'Sign out without saving?' : 'Leave without saving?'}
        confirmLabel={signingOut ? 'Discard and sign out' : 'Discard and leave'}
        cancelLabel="Stay"
        destructive
        onConfirm={() => {
          draft.clear();
          blocker.proceed?.();
        }}
        onCancel={() => blocker.reset?.()}
        extraActions={
          signingOut ? undefined : (
            <Button
              onClick={() => {
                draft.flush();
                blocker.proceed?.();
              }}
            >
              Keep draft and leave
            </Button>
          )
        }
      >
        {signingOut
          ? `Branch ${loaded.id} has unsaved changes. Signing out removes them from this browser, draft included. Stay to review and save them first.`
          : `Branch ${loaded.id} has unsaved changes. Stay to review and save them, keep them as a draft in this browser to come back to, or discard them.`}
      </ConfirmDialog>
    </FormProvider>
  );
}

/** "moments ago", "3 min. ago". */
function age(epochSeconds: number, now: number): string {
  return Math.abs(now - epochSeconds) < 45 ? 'moments ago' : formatRelative(epochSeconds, now);
}

function describeDraft(draft: BranchDraft): string {
  return `changes to ${fieldNames(changedFields(draft.base, draft.values)).toLowerCase()}`;
}
