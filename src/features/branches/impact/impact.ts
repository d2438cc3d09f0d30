/**
 * The impact of a zone change on recent deliveries (pure): each delivery of the branch's
 * jobs, placed by `positionOf` (the operations map's address reader), classified against the
 * zones before and after the change with the one point-in-zone of src/geo/coverage.ts.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { currentLocale, i18n } from '../../../i18n';
import type { FeatureCollection, Point } from 'geojson';
import type { Job } from '../../../contract';
import { positionOf, type ZoneCollectionLike } from '../../../geo';
import { createImpactClassifier, zonePolygons, type ImpactClass } from '../../../geo/coverage';

export type ImpactKind = ImpactClass | 'noPosition';

export type ImpactDelivery = {
  key: string;
  jobId: number;
  orderId: string;
  trackingId: string;
  /** 1-based, among the job's deliveries. */
  index: number;
  kind: ImpactKind;
  position: [number, number] | null;
};

export type ImpactCounts = Record<ImpactKind, number>;

export const NO_COUNTS: ImpactCounts = {
  newlyOutside: 0,
  newlyInside: 0,
  outsideBoth: 0,
  insideBoth: 0,
  noPosition: 0,
};

/** How each kind reads, and its colour on the map (also in the dialog's legend). */
export const IMPACT_KINDS: { kind: ImpactKind; label: MessageDescriptor; color: string | null }[] = [
  { kind: 'newlyOutside', label: msg`Newly outside`, color: '#d92d20' },
  { kind: 'newlyInside', label: msg`Newly inside`, color: '#079455' },
  { kind: 'outsideBoth', label: msg`Outside before and after`, color: '#6b7280' },
  { kind: 'insideBoth', label: msg`Inside before and after`, color: '#1f5fd1' },
  { kind: 'noPosition', label: msg`Without a position`, color: null },
];

/**
 * A classifier of jobs' deliveries for one change: the zones are prepared once, then each
 * page of jobs is classified as it arrives. A delivery counts for the branch when its branch
 * is this one or is not stated (the jobs were asked for by this branch).
 */
export function impactClassifier(
  branchId: string,
  before: ZoneCollectionLike | null,
  after: ZoneCollectionLike | null,
): (jobs: readonly Job[]) => ImpactDelivery[] {
  const classify = createImpactClassifier(zonePolygons(before), zonePolygons(after));
  return (jobs) => {
    const out: ImpactDelivery[] = [];
    for (const job of jobs) {
      job.deliveries.forEach((delivery, i) => {
        if (delivery.branch && delivery.branch.id !== branchId) return;
        const position = positionOf(delivery.address);
        const kind: ImpactKind = position ? classify(position) : 'noPosition';
        out.push({
          key: `${job.id}-${delivery.id}`,
          jobId: job.id,
          orderId: job.order_id,
          trackingId: delivery.tracking_id,
          index: i + 1,
          kind,
          position,
        });
      });
    }
    return out;
  };
}

export function countImpact(deliveries: readonly ImpactDelivery[]): ImpactCounts {
  const counts = { ...NO_COUNTS };
  for (const d of deliveries) counts[d.kind]++;
  return counts;
}

export type ImpactPointProperties = { id: string; color: string; label: string };
export type ImpactPoints = FeatureCollection<Point, ImpactPointProperties>;

/** The placed deliveries as points for the editor's map, coloured by kind. */
export function impactPoints(
  deliveries: readonly ImpactDelivery[],
): FeatureCollection<Point, ImpactPointProperties> {
  const colors = new Map(IMPACT_KINDS.map((k) => [k.kind, k]));
  return {
    type: 'FeatureCollection',
    features: deliveries.flatMap((d) => {
      const look = colors.get(d.kind);
      if (!d.position || !look?.color) return [];
      const job = d.jobId;
      const delivery = d.index;
      const kind = i18n._(look.label).toLocaleLowerCase(currentLocale().tag);
      return [
        {
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: d.position },
          properties: {
            id: d.key,
            color: look.color,
            label: i18n._(msg`Job ${job}, delivery ${delivery}: ${kind}`),
          },
        },
      ];
    }),
  };
}
