import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type RefObject } from 'react';
import { Button, Field, inputClass } from '../../../ui';
import PopoverPanel from '../../../ui/PopoverPanel';
import { fromZonedInput } from './zoned-input';
import s from './filters.module.css';

/**
 * A created-time bound's popover (loaded on demand): a date-time field read as `zone`'s wall
 * clock, applied by Enter or Apply, emptied by Clear; Esc leaves the bound as it was.
 */
export default function TimeBoundPanel({
  anchorRef,
  onClose,
  label,
  source,
  edge,
  zone,
  onCommit,
}: {
  /** The bound's button: the popover sits against it and gives it the focus back. */
  anchorRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  label: string;
  /** The bound as the field's value ('' for none). */
  source: string;
  edge: 'start' | 'end';
  zone: string;
  /** False when the filters refuse the bound (a start after the end). */
  onCommit: (v: number | undefined) => boolean;
}) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(source);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const commit = (epoch: number | undefined) => {
    if (onCommit(epoch)) onClose();
    else setError(edge === 'start' ? t`The start is after the end.` : t`The end is before the start.`);
  };
  const apply = () => {
    // A date-time half typed reads as empty: that is not "no bound".
    if (input.current?.validity.badInput) return setError(t`Pick a date and a time.`);
    // Unchanged: the bound keeps its seconds (a preset's 23:59:59).
    if (draft === source) return onClose();
    const epoch = draft === '' ? undefined : fromZonedInput(draft, zone, edge);
    if (epoch === null) setError(t`Pick a date and a time.`);
    else commit(epoch);
  };
  return (
    <PopoverPanel anchorRef={anchorRef} open onOpenChange={onClose} label={label} align="start">
      <div className={s.timePanel}>
        <Field label={t`${label} (${zone})`} error={error}>
          <input
            ref={input}
            className={inputClass}
            type="datetime-local"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              }
            }}
          />
        </Field>
        <div className={s.timeActions}>
          <Button size="sm" variant="ghost" onClick={() => commit(undefined)} disabled={source === ''}>
            <Trans>Clear</Trans>
          </Button>
          <Button size="sm" variant="primary" onClick={() => apply()}>
            <Trans>Apply</Trans>
          </Button>
        </div>
      </div>
    </PopoverPanel>
  );
}
