import type { ZoneCollection } from '../../../contract';
import { validateZones } from '../../../geo';
import { issueText } from '../../../map/geo-messages';
import type { ZoneValidator } from '../form/form-model';

const cache = new WeakMap<object, ReturnType<ZoneValidator>>();

/**
 * Problems that stop zones from being saved, per zone (first problem of each). MultiPolygon
 * zones are accepted: they are split into one zone per part before sending. Cached per
 * collection object, since the form validates on every keystroke and zones rarely change.
 */
export const zoneProblems: ZoneValidator = (zones: ZoneCollection) => {
  const hit = cache.get(zones);
  if (hit) return hit;
  const problems = validateZones(zones).flatMap((report) => {
    const feature = zones.features[report.index];
    const issues =
      feature?.geometry?.type === 'MultiPolygon'
        ? report.issues.filter((i) => i.code !== 'not_polygon')
        : report.issues;
    const first = issues[0];
    return first ? [{ index: report.index, message: issueText(first) }] : [];
  });
  cache.set(zones, problems);
  return problems;
};
