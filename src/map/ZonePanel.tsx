/**
 * The list beside the map: one entry per zone with its name (editable), area, corner count,
 * problems (with "Show" to fly to the place) and warnings. Selection is shared with the map.
 * No maplibre here: it renders from plain data.
 */
import { useEffect, useId, useRef, type CSSProperties } from 'react';
import { formatAreaKm2, type ZoneWarning } from '../geo';
import { Badge, Button } from '../ui';
import s from './ZonePanel.module.css';
import type { ZoneRow } from './zone-checks';
import type { ClipBy } from './zone-ops';
import { countOf } from '../lib/count';

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
  return km2 === null || !Number.isFinite(km2) ? '— km²' : formatAreaKm2(km2);
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
  const totalKm2 = rows.reduce((sum, row) => sum + (row.areaKm2 ?? 0), 0);
  return (
    <section className={s.panel} aria-label="Zones">
      <header className={s.panelHeader}>
        <div className={s.panelTitleRow}>
          <h3 className={s.panelTitle} ref={headingRef} tabIndex={-1}>
            {count === 0 ? 'No zones' : countOf(count, 'zone', 'zones')}
          </h3>
          {count > 0 && <span className={`${s.panelTotal} num`}>Total {formatArea(totalKm2)}</span>}
        </div>
        <div className={s.panelSummary}>
          {invalidCount > 0 && <Badge tone="danger">{invalidCount} invalid</Badge>}
          {warningCount > 0 && <Badge tone="warning">{countOf(warningCount, 'warning', 'warnings')}</Badge>}
          {count > 0 && invalidCount === 0 && warningCount === 0 && <Badge tone="success">All valid</Badge>}
        </div>
        {general.length > 0 && (
          <ul className={s.messages} aria-label="Warnings about the zones">
            {general.map((warning) => (
              <li key={warning.code} className={s.warning}>
                <span>{warning.message}</span>
                {'position' in warning && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onShowPlace(warning.position)}
                    aria-label={`Show on the map: ${warning.message}`}
                  >
                    Show
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </header>
      {count === 0 ? (
        <p className={s.panelEmpty}>
          {readOnly ? 'No delivery zones.' : 'Draw a zone on the map, or import a GeoJSON, KML or KMZ file.'}
        </p>
      ) : (
        <ol ref={listRef} className={s.zoneList}>
          {rows.map((row) => {
            const selected = row.key === selectedKey;
            const title = row.name || `Zone ${row.index + 1}`;
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
                    aria-label={`Zone ${row.index + 1}: select ${title} on the map`}
                    aria-pressed={selected}
                    title="Select and zoom to this zone"
                  >
                    <span className={s.zoneSwatch} aria-hidden="true" />
                    {row.index + 1}
                  </button>
                  {readOnly ? (
                    <span className={`${s.zoneName} ${s.zoneNameText}`} data-zone-name>
                      {row.name || `Zone ${row.index + 1} (no name)`}
                    </span>
                  ) : (
                    <>
                      <input
                        className={s.zoneName}
                        value={row.name}
                        placeholder={`Zone ${row.index + 1} (no name)`}
                        aria-label={`Name of zone ${row.index + 1}`}
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
                        aria-label={`Delete ${title}`}
                        title="Delete this zone"
                      >
                        ✕
                      </Button>
                    </>
                  )}
                </div>
                <div className={s.zoneMeta}>
                  <span className="num">{formatArea(row.areaKm2)}</span>
                  <span aria-hidden="true">·</span>
                  <span className="num">{countOf(row.vertexCount, 'corner', 'corners')}</span>
                  {row.holes.length > 0 && (
                    <>
                      <span aria-hidden="true">·</span>
                      <span>{countOf(row.holes.length, 'hole', 'holes')}</span>
                    </>
                  )}
                  {invalid ? <Badge tone="danger">Invalid</Badge> : <Badge tone="success">Valid</Badge>}
                </div>
                {row.holes.length > 0 && (
                  <ul className={s.holes} aria-label={`Holes of ${title}`}>
                    {row.holes.map((hole) => (
                      <li key={hole.ring} className={s.hole}>
                        <span>
                          Hole {hole.ring} <span className="num">{formatArea(hole.areaKm2)}</span>
                        </span>
                        <span className={s.messageActions}>
                          {hole.position && (
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() => onShow(row.key, hole.position!)}
                              aria-label={`Show hole ${hole.ring} of ${title} on the map`}
                            >
                              Show
                            </Button>
                          )}
                          {!readOnly && (
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() => onDeleteHole(row.key, hole.ring)}
                              aria-label={`Delete hole ${hole.ring} of ${title}`}
                              title="Delete this hole: the zone covers its area again"
                            >
                              ✕
                            </Button>
                          )}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {invalid && (
                  <ul className={s.messages} aria-label={`Problems of ${title}`}>
                    {external !== undefined && (
                      <li className={s.problem}>
                        <span id={`${problemsId}-x`}>{external}</span>
                      </li>
                    )}
                    {row.issues.map((issue, i) => (
                      <li key={`${issue.code}-${i}`} className={s.problem}>
                        <span id={`${problemsId}-${i}`}>{issue.message}</span>
                        {issue.position && (
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => onShow(row.key, issue.position)}
                            aria-label={`Show on the map: ${issue.message}`}
                          >
                            Show
                          </Button>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
                {row.warnings.length > 0 && (
                  <ul className={s.messages} aria-label={`Warnings of ${title}`}>
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
                      return (
                        <li key={`${warning.code}-${i}`} className={s.warning}>
                          <span>
                            {warning.message}
                            {other?.branch !== undefined && !readOnly && (
                              <span className={s.aside}>
                                {' '}
                                <bdi>{other.branch}</bdi>’s zone is changed in its own editor.
                              </span>
                            )}
                          </span>
                          <span className={s.messageActions}>
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() => onShow(row.key, position)}
                              aria-label={`Show on the map: ${warning.message}`}
                            >
                              Show
                            </Button>
                            {clips.map((clip) => (
                              <Button
                                key={clip.key}
                                size="sm"
                                variant="ghost"
                                onClick={() => onClip(clip.key, clip.by)}
                                aria-label={`Clip ${clip.name}: remove the overlap with ${clip.key === row.key ? otherName : title} from ${clip.name}`}
                                title={`Remove this overlap from ${clip.name}`}
                              >
                                Clip <bdi>{clip.name}</bdi>
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
