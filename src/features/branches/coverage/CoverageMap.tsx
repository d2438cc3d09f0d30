/**
 * The coverage map of the branch list (`/branches?view=map`, loaded when opened): every
 * branch's zones at once on the points map (inactive branches dimmed), the overlaps between
 * zones of different branches shaded and listed with their area (selecting one zooms there;
 * "Fix in" either branch opens its editor at the overlap, its zone selected), and every zone
 * listed by branch: a zone's branch and name show on hover and focus, and
 * selecting a zone (on the map or in the list) opens its branch's editor.
 */
import { Suspense, lazy, useEffect, useId, useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { branchQueryOptions, useApi } from '../../../api';
import type { Branch, StopBranch } from '../../../contract';
import { useConfig } from '../../../config';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatAreaKm2 } from '../../../geo';
import type { FitRequest } from '../../../map';
import { Badge, Banner, Button, EmptyState, Skeleton } from '../../../ui';
import type { CrossOverlap } from '../../../geo/coverage';
import {
  branchLabel,
  branchOfKey,
  coverageZones,
  withOverlaps,
  type CoverageData,
  type CoverageZone,
  type CoverageZones,
} from './coverage-data';
import { focusParam, type BranchEditorSearch } from '../editor/editor-search';
import s from './coverage.module.css';
import { countOf, formatCount } from '../../../lib/count';

const PointsMap = lazy(() => import('../../../map/PointsMap'));

/** Branches read one by one when the service has no list (each through its jobs). */
const FALLBACK_MAX = 50;

export type CoverageMapProps = {
  /** The service's branches (whole), null when it does not list them, undefined while asked. */
  listed: readonly Branch[] | null | undefined;
  /** Without the list: the branches seen in loaded jobs (without their zones). */
  seen: readonly StopBranch[];
};

export default function CoverageMap({ listed, seen }: CoverageMapProps) {
  const api = useApi();
  const partial = listed === null;
  const asking = listed === undefined;
  const ids = useMemo(() => (partial ? seen.slice(0, FALLBACK_MAX).map((b) => b.id) : []), [partial, seen]);
  const fetched = useQueries({
    queries: ids.map((id) => branchQueryOptions(api, id)),
    combine: (results) => ({
      pending: results.filter((r) => r.isPending).length,
      failed: results.filter((r) => r.isError).length,
      branches: results.flatMap((r) => (r.data ? [r.data] : [])),
    }),
  });
  const branches = partial ? fetched.branches : (listed ?? NO_BRANCHES);
  const loading = asking || (partial && fetched.pending > 0);
  const zones = useMemo(() => (loading ? null : coverageZones(branches)), [branches, loading]);
  const found = useOverlaps(zones);
  const data = useMemo(() => zones && withOverlaps(zones, found ?? []), [zones, found]);

  return (
    <div
      className={s.coverage}
      data-coverage={data ? 'ready' : 'loading'}
      data-overlaps={found ? 'ready' : 'measuring'}
    >
      {partial && (
        <Banner tone="info">
          Coverage is partial: this service does not list its branches, so the map shows only the{' '}
          {formatCount(Math.min(seen.length, FALLBACK_MAX))} branches found in loaded jobs
          {seen.length > FALLBACK_MAX ? ` (the first ${FALLBACK_MAX} of ${formatCount(seen.length)})` : ''},
          each read through its jobs. Other branches’ zones are not shown.
          {fetched.failed > 0 ? ` ${formatCount(fetched.failed)} of them could not be read.` : ''}
        </Banner>
      )}
      {/* The map starts while the zones load: its code and base map do not wait for them. */}
      <CoverageBody data={data} measuring={found === null} />
    </div>
  );
}

function SideSkeleton() {
  return (
    <div className={s.side} aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading the branches’ zones…
      </span>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={20} />
      ))}
    </div>
  );
}

const NO_AREAS: CoverageData['areas'] = { type: 'FeatureCollection', features: [] };

function CoverageBody({ data, measuring }: { data: CoverageData | null; measuring: boolean }) {
  const config = useConfig();
  const navigate = useNavigate();
  const summaryId = useId();
  const [hovered, setHovered] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [fit, setFit] = useState<FitRequest | null>(null);
  // Fits to the zones once they are in.
  const bounds = data?.bounds ?? null;
  if (bounds && fit === null) setFit({ bounds, key: 'all' });
  const highlight = hovered ?? selected;
  const shownZone = highlight ? data?.byKey.get(highlight) : undefined;
  const shownOverlap = selected?.startsWith('overlap:')
    ? data?.overlaps.find((o) => `overlap:${o.key}` === selected)
    : undefined;

  const openZone = (key: string) => {
    const zone = data?.byKey.get(key);
    void navigate({ to: '/branches/$id', params: { id: zone?.branchId ?? branchOfKey(key) } });
  };

  if (data && data.zones.length === 0) {
    return (
      <EmptyState title="No zones to show">
        {data.withoutZones.length
          ? `None of the ${formatCount(data.withoutZones.length)} branches has a delivery zone yet. Open a branch to draw its zones.`
          : 'There are no branches to show.'}
      </EmptyState>
    );
  }

  return (
    <div className={s.layout}>
      {data ? (
        <CoverageSide
          data={data}
          measuring={measuring}
          summaryId={summaryId}
          selected={selected}
          onSelectOverlap={(key, b) => {
            setSelected(`overlap:${key}`);
            setFit({ bounds: b, key: `overlap-${key}-${Date.now()}`, animate: true });
          }}
          onHover={setHovered}
        />
      ) : (
        <SideSkeleton />
      )}
      <div className={s.mapColumn}>
        <div className={s.mapBar}>
          <p className={s.caption} aria-live="off" data-coverage-caption>
            {shownZone
              ? `${branchLabel({ id: shownZone.branchId, name: shownZone.branchName })}: ${shownZone.zoneName}${shownZone.active ? '' : ' (inactive)'}`
              : shownOverlap
                ? `Overlap of ${zoneText(shownOverlap.a)} and ${zoneText(shownOverlap.b)}: ${formatAreaKm2(shownOverlap.areaKm2)}`
                : 'A house marks each branch; zoom in for its zones. Point at a zone to see its branch and name; select a zone or a house to open its branch.'}
          </p>
          <Button
            size="sm"
            disabled={!bounds}
            onClick={() => {
              setSelected(null);
              if (bounds) setFit({ bounds, key: `all-${Date.now()}`, animate: true });
            }}
          >
            Fit to all zones
          </Button>
        </div>
        <div className={s.mapArea}>
          <Suspense fallback={<Skeleton style={{ position: 'absolute', inset: 0, height: 'auto' }} />}>
            <PointsMap
              styleUrl={config.mapStyle}
              label="Coverage map: every branch’s delivery zones"
              describedBy={summaryId}
              points={data?.markers ?? NO_POINTS}
              areas={data?.areas ?? NO_AREAS}
              overlaps={data?.shaded ?? NO_AREAS}
              highlight={highlight}
              fit={fit}
              onSelect={openZone}
              withoutMap="The lists beside it give every overlap and every zone."
              className={s.mapFill}
            />
          </Suspense>
        </div>
      </div>
    </div>
  );
}

/** The lists beside the map: a summary, the overlaps between branches, the zones by branch. */
function CoverageSide({
  data,
  measuring,
  summaryId,
  selected,
  onSelectOverlap,
  onHover,
}: {
  data: CoverageData;
  measuring: boolean;
  summaryId: string;
  selected: string | null;
  onSelectOverlap: (key: string, bounds: [number, number, number, number]) => void;
  onHover: (key: string | null) => void;
}) {
  const inactive = data.branches.filter((b) => !b.branch.active).length;
  return (
    <div className={s.side}>
      <p id={summaryId} className={s.summary} role="status">
        {formatCount(data.zones.length)} zones of {formatCount(data.branches.length)} branches
        {inactive ? ` (${formatCount(inactive)} inactive, dimmed)` : ''}
        {data.withoutZones.length ? `; ${formatCount(data.withoutZones.length)} without zones` : ''}.{' '}
        {measuring
          ? 'Measuring the overlaps between branches…'
          : data.overlaps.length === 0
            ? 'No zones of different branches overlap.'
            : `${countOf(data.overlaps.length, 'overlap', 'overlaps')} between branches.`}
      </p>
      {data.overlaps.length > 0 && (
        <section aria-labelledby={`${summaryId}-overlaps`}>
          <h2 id={`${summaryId}-overlaps`} className={s.heading}>
            Overlaps between branches
          </h2>
          <ul className={s.list} aria-label="Overlaps between branches">
            {data.overlaps.map((o) => (
              <li key={o.key} className={s.overlap}>
                <button
                  type="button"
                  className={s.item}
                  aria-pressed={selected === `overlap:${o.key}`}
                  onClick={() => onSelectOverlap(o.key, o.bounds)}
                >
                  <span>
                    {zoneText(o.a)} and {zoneText(o.b)}
                  </span>
                  <span className={`${s.area} num`}>{formatAreaKm2(o.areaKm2)}</span>
                </button>
                <span className={s.fixes}>
                  {(
                    [
                      [o.a, o.b],
                      [o.b, o.a],
                    ] as const
                  ).map(([zone, other]) => (
                    <Link
                      key={zone.key}
                      to="/branches/$id"
                      params={{ id: zone.branchId }}
                      search={
                        {
                          ...(zone.zoneId ? { zone: zone.zoneId } : {}),
                          focus: focusParam(o.bounds),
                        } satisfies BranchEditorSearch
                      }
                      aria-label={`Fix in ${branchLabel({ id: zone.branchId, name: zone.branchName })}: open ${zone.zoneName} at its overlap with ${zoneText(other)}`}
                    >
                      Fix in {zone.branchName || zone.branchId}
                    </Link>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby={`${summaryId}-zones`}>
        <h2 id={`${summaryId}-zones`} className={s.heading}>
          Zones by branch
        </h2>
        {data.branches.map(({ branch, zones }) => (
          <details key={branch.id} className={s.branch}>
            <summary>
              {branchLabel(branch)} · {countOf(zones.length, 'zone', 'zones')}
              {!branch.active && (
                <>
                  {' '}
                  <Badge tone="muted">Inactive</Badge>
                </>
              )}
            </summary>
            <ul className={s.list}>
              {zones.map((z) => (
                <li key={z.key}>
                  <Link
                    to="/branches/$id"
                    params={{ id: z.branchId }}
                    className={s.zoneLink}
                    onFocus={() => onHover(z.key)}
                    onBlur={() => onHover(null)}
                    onMouseEnter={() => onHover(z.key)}
                    onMouseLeave={() => onHover(null)}
                  >
                    {z.zoneName}
                    <span className="visually-hidden"> of {branchLabel(branch)}: open its editor</span>
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        ))}
      </section>
    </div>
  );
}

const NO_BRANCHES: readonly Branch[] = [];
const NO_POINTS = { type: 'FeatureCollection' as const, features: [] };

/**
 * The overlaps between branches' zones, measured in a worker (clipping the polygons of many
 * zones takes long enough to notice: the zones are shown meanwhile); where there are no
 * workers (jsdom), after the zones' first paint. Null while measuring.
 */
function useOverlaps(zones: CoverageZones | null): CrossOverlap[] | null {
  const [result, setResult] = useState<{ for: CoverageZones; found: CrossOverlap[] } | null>(null);
  useEffect(() => {
    if (!zones) return;
    const done = (found: CrossOverlap[]) => setResult({ for: zones, found });
    if (typeof Worker === 'undefined') {
      const timer = setTimeout(
        () => void import('../../../geo/coverage').then((m) => done(m.crossOwnerOverlaps(zones.owned))),
        0,
      );
      return () => clearTimeout(timer);
    }
    const worker = new Worker(new URL('./overlaps.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CrossOverlap[]>) => {
      done(event.data);
      worker.terminate();
    };
    worker.postMessage(zones.owned);
    return () => worker.terminate();
  }, [zones]);
  return result && result.for === zones ? result.found : null;
}

function zoneText(z: CoverageZone): string {
  return `${z.branchName || z.branchId} · ${z.zoneName}`;
}
