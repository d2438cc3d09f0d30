import { useId, useMemo } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { Button } from '../../../ui';
import { changedFields, describePath } from '../form/fields';
import { formIssues, type BranchFormValues, type FormSchema } from '../form/form-model';
import { fieldChanges, zoneChanges } from '../review/review';
import s from '../branches.module.css';

/**
 * The count of unsaved changes (as the review will list them) and the problems of the changed
 * fields, kept up to date as the manager types. Only the fields that differ from the loaded
 * branch are described and checked; the zones' changes are worked out again only when the
 * zones change (the form holds them by reference, see form-zones.ts), so typing elsewhere never
 * compares or validates 20 zones of 500 corners.
 */
function useUnsavedChanges(base: BranchFormValues, schema: FormSchema) {
  const values = useWatch<BranchFormValues>() as BranchFormValues;
  const zones = values.delivery_zones;
  const zoneReview = useMemo(() => zoneChanges(base.delivery_zones, zones), [base, zones]);
  const changed = changedFields(base, values);
  return {
    count: changed.reduce(
      (n, f) => n + (f === 'delivery_zones' ? zoneReview : fieldChanges(f, base, values)).length,
      0,
    ),
    issues: changed.length ? formIssues(schema, values, changed) : [],
  };
}

/**
 * The sticky bar under the form: how many changes are unsaved, why Save is disabled (with a
 * way to the first problem), the draft's state, Discard, and Review and save.
 */
export function ActionBar({
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
  const { t } = useLingui();
  const { trigger, setFocus } = useFormContext<BranchFormValues>();
  const { count, issues } = useUnsavedChanges(base, schema);
  const reasonId = useId();
  let reason: string | null = null;
  if (count === 0) reason = t`No changes to save`;
  else if (issues.length) {
    const first = issues[0]!;
    const problems = issues.length;
    const field = describePath(first.path);
    const problem = first.message;
    reason = t`Save is disabled: ${plural(problems, { one: '# problem', other: '# problems' })} to fix. ${field}: ${problem}`;
  }
  const goToProblem = async () => {
    await trigger();
    const first = issues[0];
    if (!first) return;
    if (first.path.startsWith('delivery_zones')) {
      document.getElementById('zones-title')?.scrollIntoView({ block: 'center' });
    } else setFocus(first.path as FieldPath<BranchFormValues>);
  };
  return (
    <div className={s.actionBar} role="region" aria-label={t`Save changes`}>
      <div className={s.actionStatus}>
        <span className={s.actionCount} aria-live="polite">
          {count === 0
            ? t`No unsaved changes`
            : plural(count, { one: '# unsaved change', other: '# unsaved changes' })}
        </span>
        {reason && count > 0 ? (
          <span className={s.actionReasonError}>
            <span id={reasonId}>{reason}</span>{' '}
            <Button size="sm" variant="ghost" onClick={() => void goToProblem()}>
              <Trans>Show</Trans>
            </Button>
          </span>
        ) : (
          <span id={reasonId} className={s.actionReason}>
            {reason ?? draftNote ?? t`Review the changes before they are sent.`}
          </span>
        )}
      </div>
      <div className={s.actionButtons}>
        <Button onClick={onDiscard} disabled={count === 0 || saving}>
          <Trans>Discard</Trans>
        </Button>
        <Button
          variant="primary"
          onClick={onSave}
          disabled={reason !== null || saving}
          aria-describedby={reasonId}
        >
          {saving ? t`Saving…` : t`Review and save`}
        </Button>
      </div>
    </div>
  );
}
