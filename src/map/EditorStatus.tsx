import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { EditorMode } from './editor-map';
import { MODE_LABELS, overlapList } from './status-line';
import type { OverlapWith } from './zone-checks';
import s from './ZoneEditor.module.css';

/**
 * The editor's status line (the mode, the selected zone, what to do next) and, when the
 * selected zone overlaps others, the line naming them.
 */
export function EditorStatus({
  mode,
  readOnly,
  selectedName,
  hint,
  hintId,
  neighbours,
}: {
  mode: EditorMode;
  readOnly: boolean;
  selectedName: string | null;
  hint: string;
  hintId: string;
  neighbours: readonly OverlapWith[];
}) {
  const { t, i18n } = useLingui();
  const overlapped = overlapList(neighbours);
  const count = neighbours.length;
  return (
    <>
      <div className={s.statusLine}>
        <span className={s.mode} aria-live="polite">
          <span className="visually-hidden">
            <Trans>Mode:</Trans>{' '}
          </span>
          {readOnly ? t`Viewing (read-only)` : i18n._(MODE_LABELS[mode])}
          {mode !== 'draw' && mode !== 'pin' && selectedName ? (
            <>
              {' · '}
              <bdi>{selectedName}</bdi>
            </>
          ) : null}
        </span>
        <span id={hintId} className={s.hint} title={hint}>
          {hint}
        </span>
      </div>
      {neighbours.length > 0 && (
        <p className={s.overlapLine} data-overlap-line>
          {readOnly ? (
            <Trans>
              <bdi>{selectedName}</bdi> overlaps {overlapped}.
            </Trans>
          ) : (
            <Trans>
              <bdi>{selectedName}</bdi> overlaps {overlapped}: “Clip to neighbours” removes{' '}
              <Plural value={count} one="that area" other="those areas" /> from <bdi>{selectedName}</bdi>.
            </Trans>
          )}
        </p>
      )}
    </>
  );
}
