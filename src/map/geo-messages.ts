/**
 * The words of src/geo's zone issues and warnings in the chosen language: geo (pure, also run
 * by the reference server) gives each a code and its values, with an English `message`; these
 * say the same from the catalog. Safe to import anywhere (no map library).
 */
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { formatAreaKm2, formatKm, type GeoIssue, type ZoneWarning } from '../geo';
import { i18n } from '../i18n';
import { formatCount, numberFormat } from '../lib/count';

/** A point's or a hole's number ("Point 12", "Hole 2") in the chosen digits. */
const ordinal = (n: number) => numberFormat({ useGrouping: false }).format(n);

/** The descriptor for the outline (ring 0) or for a hole. */
function ofRing(ring: number, outline: MessageDescriptor, hole: MessageDescriptor): string {
  return i18n._(ring === 0 ? outline : hole);
}

/** "; 2 other points have the same problem", or nothing. */
function alsoAffected(others: number): string {
  return others > 0
    ? i18n._(
        msg`; ${plural(others, { one: '# other point has', other: '# other points have' })} the same problem`,
      )
    : '';
}

/** " (and at 2 other places)", or nothing. */
function elsewhere(others: number): string {
  return others > 0
    ? i18n._(msg` (and at ${plural(others, { one: '# other place', other: '# other places' })})`)
    : '';
}

/** A zone issue (src/geo's `validateZones`) as a sentence in the chosen language. */
export function issueText(issue: GeoIssue): string {
  const { ring, detail } = issue;
  const hole = ordinal(ring);
  switch (detail.kind) {
    case 'no_outline':
      return i18n._(msg`The zone has no outline.`);
    case 'no_shape':
      return i18n._(msg`This zone has no shape.`);
    case 'multipolygon':
      return i18n._(
        msg`This zone is made of several separate polygons (a MultiPolygon); each part must be its own zone.`,
      );
    case 'other_geometry': {
      const type = detail.type;
      return i18n._(msg`This zone is a ${type}, not a polygon; only polygons can be delivery zones.`);
    }
    case 'too_few_points': {
      const points = detail.points;
      const fewestPoints = formatCount(4);
      const fewestCorners = formatCount(3);
      return ofRing(
        ring,
        msg`The zone's outline has ${plural(points, { one: '# point', other: '# points' })}; it needs at least ${fewestPoints} (${fewestCorners} corners and a closing point that repeats the first).`,
        msg`Hole ${hole} has ${plural(points, { one: '# point', other: '# points' })}; it needs at least ${fewestPoints} (${fewestCorners} corners and a closing point that repeats the first).`,
      );
    }
    case 'too_few_corners': {
      const corners = detail.corners;
      const fewestCorners = formatCount(3);
      return ofRing(
        ring,
        msg`The zone's outline has only ${plural(corners, { one: '# distinct corner', other: '# distinct corners' })}; it needs at least ${fewestCorners}.`,
        msg`Hole ${hole} has only ${plural(corners, { one: '# distinct corner', other: '# distinct corners' })}; it needs at least ${fewestCorners}.`,
      );
    }
    case 'not_closed': {
      const { start, end } = detail;
      return ofRing(
        ring,
        msg`The zone's outline does not end at its first point: it starts at ${start} and ends at ${end}.`,
        msg`Hole ${hole} does not end at its first point: it starts at ${start} and ends at ${end}.`,
      );
    }
    case 'antimeridian': {
      const span = numberFormat({
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
        useGrouping: false,
      }).format(detail.span);
      const meridian = formatCount(180);
      return ofRing(
        ring,
        msg`The zone's outline spans ${span}° of longitude. Zones may not cross the ${meridian}° meridian (the antimeridian): draw a separate zone on each side of it.`,
        msg`Hole ${hole} spans ${span}° of longitude. Zones may not cross the ${meridian}° meridian (the antimeridian): draw a separate zone on each side of it.`,
      );
    }
    case 'not_finite': {
      const { value } = detail;
      const point = ordinal(detail.point);
      const also = alsoAffected(detail.others);
      return ofRing(
        ring,
        msg`Point ${point} of the zone's outline is not a pair of finite numbers (it is ${value})${also}.`,
        msg`Point ${point} of hole ${hole} is not a pair of finite numbers (it is ${value})${also}.`,
      );
    }
    case 'out_of_range': {
      const { latitude, longitude } = detail;
      const point = ordinal(detail.point);
      const maxLatitude = formatCount(90);
      const maxLongitude = formatCount(180);
      const problems = [
        ...(latitude === null
          ? []
          : [i18n._(msg`latitude ${latitude} is not between -${maxLatitude} and ${maxLatitude}`)]),
        ...(longitude === null
          ? []
          : [i18n._(msg`longitude ${longitude} is not between -${maxLongitude} and ${maxLongitude}`)]),
      ];
      const [one = '', two] = problems;
      const problem = two === undefined ? one : i18n._(msg`${one} and ${two}`);
      const swapped = detail.swapped
        ? i18n._(msg` (are longitude and latitude swapped? Positions are [longitude, latitude])`)
        : '';
      const also = alsoAffected(detail.others);
      return ofRing(
        ring,
        msg`Point ${point} of the zone's outline is out of range: ${problem}${swapped}${also}.`,
        msg`Point ${point} of hole ${hole} is out of range: ${problem}${swapped}${also}.`,
      );
    }
    case 'duplicate': {
      const { at } = detail;
      const point = ordinal(detail.point);
      const next = ordinal(detail.point + 1);
      const others = detail.others;
      const more =
        others > 0
          ? i18n._(
              msg`; this happens at ${plural(others, { one: '# other place', other: '# other places' })} too`,
            )
          : '';
      return ofRing(
        ring,
        msg`The zone's outline repeats the point ${at} twice in a row (points ${point} and ${next})${more}.`,
        msg`Hole ${hole} repeats the point ${at} twice in a row (points ${point} and ${next})${more}.`,
      );
    }
    case 'spike': {
      const { at } = detail;
      const more = elsewhere(detail.others);
      return ofRing(
        ring,
        msg`The zone's outline doubles back on itself at ${at}${more}.`,
        msg`Hole ${hole} doubles back on itself at ${at}${more}.`,
      );
    }
    case 'revisit': {
      const { at } = detail;
      const more = elsewhere(detail.others);
      return ofRing(
        ring,
        msg`The zone's outline passes through ${at} more than once${more}.`,
        msg`Hole ${hole} passes through ${at} more than once${more}.`,
      );
    }
    case 'crossing': {
      const { at } = detail;
      const more = elsewhere(detail.others);
      return ofRing(
        ring,
        msg`The zone's edges cross near ${at}${more}.`,
        msg`The edges of hole ${hole} cross near ${at}${more}.`,
      );
    }
    case 'hole_meets_outline': {
      const { at } = detail;
      return i18n._(
        msg`Hole ${hole} meets the zone's outline at ${at}; a hole must lie inside the outline without touching it.`,
      );
    }
    case 'holes_touch': {
      const { at } = detail;
      const first = ordinal(issue.otherRing ?? 0);
      return i18n._(msg`Holes ${first} and ${hole} touch or overlap near ${at}.`);
    }
    case 'hole_outside':
      return i18n._(msg`Hole ${hole} lies outside the zone's outline; a hole must be inside the outline.`);
    case 'hole_in_hole': {
      const inner = ordinal(detail.inner);
      const outer = ordinal(detail.outer);
      return i18n._(msg`Hole ${inner} lies inside hole ${outer}; holes must not overlap.`);
    }
  }
}

/** A zone warning (src/geo's `zoneWarnings`) as a sentence in the chosen language. */
export function warningText(warning: ZoneWarning): string {
  switch (warning.code) {
    case 'zones_overlap': {
      const { zone, otherZone, share, shareOf } = warning;
      const area = formatAreaKm2(warning.areaKm2);
      return share === null
        ? i18n._(msg`Zones "${zone}" and "${otherZone}" overlap: ${area}.`)
        : i18n._(msg`Zones "${zone}" and "${otherZone}" overlap: ${area}, ${share} of "${shareOf}".`);
    }
    case 'overlaps_other_branch': {
      const { zone, otherZone, share, branchId: branch } = warning;
      const area = formatAreaKm2(warning.areaKm2);
      return share === null
        ? i18n._(msg`Zone "${zone}" overlaps zone "${otherZone}" of branch "${branch}": ${area}.`)
        : i18n._(
            msg`Zone "${zone}" overlaps zone "${otherZone}" of branch "${branch}": ${area}, ${share} of "${zone}".`,
          );
    }
    case 'far_from_branch': {
      const zone = warning.zone;
      const distance = formatKm(warning.distanceKm);
      const limit = formatKm(warning.farKm);
      return i18n._(
        msg`Zone "${zone}" is ${distance} from the branch location at its nearest edge; zones are expected within ${limit}. Check that it is drawn in the right place.`,
      );
    }
    case 'pin_outside_zones': {
      const count = warning.zoneCount;
      return i18n._(
        msg`The branch location is outside ${plural(count, { one: 'its zone', other: 'all of its # zones' })}. Check the location, or draw a zone around it.`,
      );
    }
  }
}
