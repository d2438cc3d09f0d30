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
import { msg, plural } from '@lingui/core/macro';
import { i18n } from '../../../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { formatCount } from '../../../lib/count';

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
      {partial && <PartialBanner seen={seen.length} failed={fetched.failed} />}
      {/* The map starts while the zones load: its code and base map do not wait for them. */}
      <CoverageBody data={data} measuring={found === null} />
    </div>
  );
}

/** Without the service's list: which branches the map shows. */
function PartialBanner({ seen, failed }: { seen: number; failed: number }) {
  const { t } = useLingui();
  const shown = formatCount(Math.min(seen, FALLBACK_MAX));
  const all = formatCount(seen);
  const most = FALLBACK_MAX;
  const unread = formatCount(failed);
  return (
    <Banner tone="info">
      {seen > FALLBACK_MAX
        ? t`Coverage is partial: this service does not list its branches, so the map shows only the ${shown} branches found in loaded jobs (the first ${most} of ${all}), each read through its jobs. Other branches’ zones are not shown.`
        : t`Coverage is partial: this service does not list its branches, so the map shows only the ${shown} branches found in loaded jobs, each read through its jobs. Other branches’ zones are not shown.`}
      {failed > 0 && ` ${t`${unread} of them could not be read.`}`}
    </Banner>
  );
}

function SideSkeleton() {
  return (
    <div className={s.side} aria-busy="true">
      <span className="visually-hidden" role="status">
        <Trans>Loading the branches’ zones…</Trans>
      </span>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={20} />
      ))}
    </div>
  );
}

const NO_AREAS: CoverageData['areas'] = { type: 'FeatureCollection', features: [] };

function CoverageBody({ data, measuring }: { data: CoverageData | null; measuring: boolean }) {
  const { t } = useLingui();
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
    const without = formatCount(data.withoutZones.length);
    return (
      <EmptyState title={t`No zones to show`}>
        {data.withoutZones.length
          ? t`None of the ${without} branches has a delivery zone yet. Open a branch to draw its zones.`
          : t`There are no branches to show.`}
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
              ? zoneCaption(shownZone)
              : shownOverlap
                ? overlapCaption(shownOverlap)
                : t`A house marks each branch; zoom in for its zones. Point at a zone to see its branch and name; select a zone or a house to open its branch.`}
          </p>
          <Button
            size="sm"
            disabled={!bounds}
            onClick={() => {
              setSelected(null);
              if (bounds) setFit({ bounds, key: `all-${Date.now()}`, animate: true });
            }}
          >
            <Trans>Fit to all zones</Trans>
          </Button>
        </div>
        <div className={s.mapArea}>
          <Suspense fallback={<Skeleton style={{ position: 'absolute', inset: 0, height: 'auto' }} />}>
            <PointsMap
              styleUrl={config.mapStyle}
              label={t`Coverage map: every branch’s delivery zones`}
              describedBy={summaryId}
              points={data?.markers ?? NO_POINTS}
              areas={data?.areas ?? NO_AREAS}
              overlaps={data?.shaded ?? NO_AREAS}
              highlight={highlight}
              fit={fit}
              onSelect={openZone}
              withoutMap={t`The lists beside it give every overlap and every zone.`}
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
  const { t } = useLingui();
  const inactive = data.branches.filter((b) => !b.branch.active).length;
  const zonesText = plural(data.zones.length, { one: '# zone', other: '# zones' });
  const branchesText = plural(data.branches.length, { one: '# branch', other: '# branches' });
  const dimmed = formatCount(inactive);
  const without = formatCount(data.withoutZones.length);
  const overlapCount = data.overlaps.length;
  return (
    <div className={s.side}>
      <p id={summaryId} className={s.summary} role="status">
        {t`${zonesText} of ${branchesText}`}
        {inactive ? ` ${t`(${dimmed} inactive, dimmed)`}` : ''}
        {data.withoutZones.length ? t`; ${without} without zones` : ''}.{' '}
        {measuring
          ? t`Measuring the overlaps between branches…`
          : overlapCount === 0
            ? t`No zones of different branches overlap.`
            : plural(overlapCount, {
                one: '# overlap between branches.',
                other: '# overlaps between branches.',
              })}
      </p>
      {data.overlaps.length > 0 && (
        <section aria-labelledby={`${summaryId}-overlaps`}>
          <h2 id={`${summaryId}-overlaps`} className={s.heading}>
            <Trans>Overlaps between branches</Trans>
          </h2>
          <ul className={s.list} aria-label={t`Overlaps between branches`}>
            {data.overlaps.map((o) => (
              <li key={o.key} className={s.overlap}>
                <button
                  type="button"
                  className={s.item}
                  aria-pressed={selected === `overlap:${o.key}`}
                  onClick={() => onSelectOverlap(o.key, o.bounds)}
                >
                  <span>{pairText(o.a, o.b)}</span>
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
                      aria-label={fixLabel(zone, other)}
                    >
                      <FixIn zone={zone} />
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
          <Trans>Zones by branch</Trans>
        </h2>
        {data.branches.map(({ branch, zones }) => (
          <details key={branch.id} className={s.branch}>
            <summary>
              {branchLabel(branch)} · {plural(zones.length, { one: '# zone', other: '# zones' })}
              {!branch.active && (
                <>
                  {' '}
                  <Badge tone="muted">
                    <Trans>Inactive</Trans>
                  </Badge>
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
                    <span className="visually-hidden"> {openEditorText(branch)}</span>
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

function pairText(a: CoverageZone, b: CoverageZone): string {
  const first = zoneText(a);
  const second = zoneText(b);
  return i18n._(msg`${first} and ${second}`);
}

function openEditorText(branch: Parameters<typeof branchLabel>[0]): string {
  const name = branchLabel(branch);
  return i18n._(msg`of ${name}: open its editor`);
}

function zoneCaption(zone: CoverageZone): string {
  const branch = branchLabel({ id: zone.branchId, name: zone.branchName });
  const name = zone.zoneName;
  return zone.active ? `${branch}: ${name}` : i18n._(msg`${branch}: ${name} (inactive)`);
}

function overlapCaption(overlap: { a: CoverageZone; b: CoverageZone; areaKm2: number }): string {
  const a = zoneText(overlap.a);
  const b = zoneText(overlap.b);
  const area = formatAreaKm2(overlap.areaKm2);
  return i18n._(msg`Overlap of ${a} and ${b}: ${area}`);
}

function fixLabel(zone: CoverageZone, other: CoverageZone): string {
  const branch = branchLabel({ id: zone.branchId, name: zone.branchName });
  const name = zone.zoneName;
  const with_ = zoneText(other);
  return i18n._(msg`Fix in ${branch}: open ${name} at its overlap with ${with_}`);
}

function FixIn({ zone }: { zone: CoverageZone }) {
  const branch = zone.branchName || zone.branchId;
  return <Trans>Fix in {branch}</Trans>;
}
