/**
 * The list beside the map: one entry per zone with its name (editable), area, corner count,
 * problems (with "Show" to fly to the place) and warnings. Selection is shared with the map.
 * No maplibre here: it renders from plain data.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import { useEffect, useId, useRef, type CSSProperties } from 'react';
import { formatAreaKm2, type ZoneWarning } from '../geo';
import { Badge, Button } from '../ui';
import s from './ZonePanel.module.css';
import type { ZoneRow } from './zone-checks';
import type { ClipBy } from './zone-ops';
import { i18n } from '../i18n';
import { formatCount } from '../lib/count';
import { issueText, warningText } from './geo-messages';

export type ZonePanelProps = {
  rows: readonly ZoneRow[];
  /** Warnings about the zones as a whole (the pin outside all of them). */
  general: readonly ZoneWarning[];
  invalidCount: number;
  warningCount: number;
  selectedKey: string | null;
  /** Problems found outside the editor, by zone index (shown with the zone's own). */
  zoneErrors?: Readonly<Record<number, string>> | undefined;
  /** Names shown as text, and no way to delete or clip a zone or a hole: selecting and "Show" stay. */
  readOnly?: boolean;
  onSelect(key: string): void;
  onRename(key: string, name: string): void;
  onDelete(key: string): void;
  /** Select the zone and fly to the position (or to the zone when there is none). */
  onShow(key: string, position: [number, number] | undefined): void;
  /** Fly to a place that belongs to no zone (the pin). */
  onShowPlace(position: [number, number]): void;
  /**
   * Remove from the zone the area one neighbour overlaps (`by`), or without it every area its
   * neighbours (this branch's and others') overlap.
   */
  onClip(key: string, by?: ClipBy): void;
  /** Remove one hole (inner ring; 1 for the first) of the zone. */
  onDeleteHole(key: string, ring: number): void;
};

/** A zone's area, or a dash when it has none that means anything (a self-crossing outline). */
function formatArea(km2: number | null): string {
  return km2 === null || !Number.isFinite(km2) ? i18n._(msg`— km²`) : formatAreaKm2(km2);
}

export function ZonePanel({
  rows,
  general,
  invalidCount,
  warningCount,
  selectedKey,
  zoneErrors,
  readOnly = false,
  onSelect,
  onRename,
  onDelete,
  onShow,
  onShowPlace,
  onClip,
  onDeleteHole,
}: ZonePanelProps) {
  const { t } = useLingui();
  const idPrefix = useId();
  const listRef = useRef<HTMLOListElement>(null);

  // After a zone is deleted from its row, the focus moves to the row that takes its place (or
  // the list's heading), not to the page: the keys (Ctrl+Z) keep reaching the editor.
  const focusAfterDelete = useRef<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const index = focusAfterDelete.current;
    if (index === null) return;
    focusAfterDelete.current = null;
    const buttons =
      listRef.current?.querySelectorAll<HTMLElement>('[data-zone-key] button[aria-pressed]') ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    (next ?? headingRef.current)?.focus();
  }, [rows]);

  useEffect(() => {
    if (selectedKey === null) return;
    const items = listRef.current?.querySelectorAll<HTMLElement>('[data-zone-key]') ?? [];
    const item = Array.from(items).find((el) => el.dataset.zoneKey === selectedKey);
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedKey]);

  const count = rows.length;
  const clipLabel = (name: string, other: string | undefined) =>
    t`Clip ${name}: remove the overlap with ${other} from ${name}`;
  const total = formatArea(rows.reduce((sum, row) => sum + (row.areaKm2 ?? 0), 0));
  return (
    <section className={s.panel} aria-label={t`Zones`}>
      <header className={s.panelHeader}>
        <div className={s.panelTitleRow}>
          <h3 className={s.panelTitle} ref={headingRef} tabIndex={-1}>
            {count === 0 ? t`No zones` : t`${plural(count, { one: '# zone', other: '# zones' })}`}
          </h3>
          {count > 0 && (
            <span className={`${s.panelTotal} num`}>
              <Trans>Total {total}</Trans>
            </span>
          )}
        </div>
        <div className={s.panelSummary}>
          {invalidCount > 0 && (
            <Badge tone="danger">{t`${plural(invalidCount, { other: '# invalid' })}`}</Badge>
          )}
          {warningCount > 0 && (
            <Badge tone="warning">{t`${plural(warningCount, { one: '# warning', other: '# warnings' })}`}</Badge>
          )}
          {count > 0 && invalidCount === 0 && warningCount === 0 && (
            <Badge tone="success">
              <Trans>All valid</Trans>
            </Badge>
          )}
        </div>
        {general.length > 0 && (
          <ul className={s.messages} aria-label={t`Warnings about the zones`}>
            {general.map((warning) => {
              const text = warningText(warning);
              return (
                <li key={warning.code} className={s.warning}>
                  <span>{text}</span>
                  {'position' in warning && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onShowPlace(warning.position)}
                      aria-label={t`Show on the map: ${text}`}
                    >
                      <Trans>Show</Trans>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </header>
      {count === 0 ? (
        <p className={s.panelEmpty}>
          {readOnly
            ? t`No delivery zones.`
            : t`Draw a zone on the map, or import a GeoJSON, KML or KMZ file.`}
        </p>
      ) : (
        <ol ref={listRef} className={s.zoneList}>
          {rows.map((row) => {
            const selected = row.key === selectedKey;
            const number = formatCount(row.index + 1);
            const corners = row.vertexCount;
            const holes = row.holes.length;
            const title = row.name || t`Zone ${number}`;
            const external = zoneErrors?.[row.index];
            const invalid = row.issues.length > 0 || external !== undefined;
            const problemsId = `${idPrefix}-problems-${row.index}`;
            // The name field is described by the messages themselves (not their "Show" buttons).
            const describedBy = [
              ...(external !== undefined ? [`${problemsId}-x`] : []),
              ...row.issues.map((_, i) => `${problemsId}-${i}`),
            ].join(' ');
            return (
              <li
                key={row.key}
                data-zone-key={row.key}
                style={{ '--zone-color': row.color } as CSSProperties}
                className={[s.zone, selected && s.zoneSelected, invalid && s.zoneInvalid]
                  .filter(Boolean)
                  .join(' ')}
                aria-current={selected ? 'true' : undefined}
                onClick={(e) => {
                  if (e.target instanceof HTMLElement && e.target.closest('input, button')) return;
                  onSelect(row.key);
                }}
              >
                <div className={s.zoneHead}>
                  <button
                    type="button"
                    className={s.zoneSelect}
                    onClick={() => onSelect(row.key)}
                    aria-label={t`Zone ${number}: select ${title} on the map`}
                    aria-pressed={selected}
                    title={t`Select and zoom to this zone`}
                  >
                    <span className={s.zoneSwatch} aria-hidden="true" />
                    {row.index + 1}
                  </button>
                  {readOnly ? (
                    <span className={`${s.zoneName} ${s.zoneNameText}`} data-zone-name>
                      {row.name || t`Zone ${number} (no name)`}
                    </span>
                  ) : (
                    <>
                      <input
                        className={s.zoneName}
                        value={row.name}
                        placeholder={t`Zone ${number} (no name)`}
                        aria-label={t`Name of zone ${number}`}
                        aria-invalid={invalid || undefined}
                        aria-describedby={invalid ? describedBy : undefined}
                        onChange={(e) => onRename(row.key, e.target.value)}
                        onFocus={() => {
                          if (!selected) onSelect(row.key);
                        }}
                      />
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => {
                          focusAfterDelete.current = row.index;
                          onDelete(row.key);
                        }}
                        aria-label={t`Delete ${title}`}
                        title={t`Delete this zone`}
                      >
                        ✕
                      </Button>
                    </>
                  )}
                </div>
                <div className={s.zoneMeta}>
                  <span className="num">{formatArea(row.areaKm2)}</span>
                  <span aria-hidden="true">·</span>
                  <span className="num">{t`${plural(corners, { one: '# corner', other: '# corners' })}`}</span>
                  {row.holes.length > 0 && (
                    <>
                      <span aria-hidden="true">·</span>
                      <span>{t`${plural(holes, { one: '# hole', other: '# holes' })}`}</span>
                    </>
                  )}
                  {invalid ? (
                    <Badge tone="danger">{t`Invalid`}</Badge>
                  ) : (
                    <Badge tone="success">{t`Valid`}</Badge>
                  )}
                </div>
                {row.holes.length > 0 && (
                  <ul className={s.holes} aria-label={t`Holes of ${title}`}>
                    {row.holes.map(({ ring, areaKm2, position: holeAt }) => {
                      const hole = formatCount(ring);
                      const holeArea = formatArea(areaKm2);
                      return (
                        <li key={ring} className={s.hole}>
                          <span>
                            <Trans>
                              Hole {hole} <span className="num">{holeArea}</span>
                            </Trans>
                          </span>
                          <span className={s.messageActions}>
                            {holeAt && (
                              <Button
                                size="sm"
                                variant="ghost"
                                onClick={() => onShow(row.key, holeAt)}
                                aria-label={t`Show hole ${hole} of ${title} on the map`}
                              >
                                <Trans>Show</Trans>
                              </Button>
                            )}
                            {!readOnly && (
                              <Button
                                size="sm"
                                variant="ghost"
                                onClick={() => onDeleteHole(row.key, ring)}
                                aria-label={t`Delete hole ${hole} of ${title}`}
                                title={t`Delete this hole: the zone covers its area again`}
                              >
                                ✕
                              </Button>
                            )}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                )}
                {invalid && (
                  <ul className={s.messages} aria-label={t`Problems of ${title}`}>
                    {external !== undefined && (
                      <li className={s.problem}>
                        <span id={`${problemsId}-x`}>{external}</span>
                      </li>
                    )}
                    {row.issues.map((issue, i) => {
                      const text = issueText(issue);
                      return (
                        <li key={`${issue.code}-${i}`} className={s.problem}>
                          <span id={`${problemsId}-${i}`}>{text}</span>
                          {issue.position && (
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() => onShow(row.key, issue.position)}
                              aria-label={t`Show on the map: ${text}`}
                            >
                              <Trans>Show</Trans>
                            </Button>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                )}
                {row.warnings.length > 0 && (
                  <ul className={s.messages} aria-label={t`Warnings of ${title}`}>
                    {row.warnings.map((warning, i) => {
                      const position = 'position' in warning ? warning.position : undefined;
                      const other = warning.with;
                      // Either zone of the branch can give up the overlap; another branch's zone
                      // is changed in that branch's editor.
                      const clips: { key: string; name: string; by: ClipBy }[] =
                        other && !readOnly
                          ? [
                              { key: row.key, name: title, by: other.by },
                              ...(other.branch === undefined
                                ? [{ key: other.by.zone, name: other.name, by: { zone: row.key } }]
                                : []),
                            ]
                          : [];
                      const otherName =
                        other && (other.branch ? `${other.branch} · ${other.name}` : other.name);
                      const text = warningText(warning);
                      const otherBranch = other?.branch;
                      return (
                        <li key={`${warning.code}-${i}`} className={s.warning}>
                          <span>
                            {text}
                            {other?.branch !== undefined && !readOnly && (
                              <span className={s.aside}>
                                {' '}
                                <Trans>
                                  <bdi>{otherBranch}</bdi>’s zone is changed in its own editor.
                                </Trans>
                              </span>
                            )}
                          </span>
                          <span className={s.messageActions}>
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() => onShow(row.key, position)}
                              aria-label={t`Show on the map: ${text}`}
                            >
                              <Trans>Show</Trans>
                            </Button>
                            {clips.map(({ name: clipName, ...clip }) => (
                              <Button
                                key={clip.key}
                                size="sm"
                                variant="ghost"
                                onClick={() => onClip(clip.key, clip.by)}
                                aria-label={clipLabel(clipName, clip.key === row.key ? otherName : title)}
                                title={t`Remove this overlap from ${clipName}`}
                              >
                                <Trans>
                                  Clip <bdi>{clipName}</bdi>
                                </Trans>
                              </Button>
                            ))}
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
