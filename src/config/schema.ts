import { z } from '../contract/zod';
import { isApiBase, trimApiBase } from './api-base';

/** The tones a status badge can take (the design's few consistent colours). */
export const TONES = ['neutral', 'info', 'accent', 'success', 'warning', 'danger', 'muted'] as const;
export type Tone = (typeof TONES)[number];

const text = z.string().check(z.minLength(1));
/**
 * A code's label: one text for every language, or one per language tag (`{ "en": "Created",
 * "ar": "تم الإنشاء" }`), read in the chosen language, else its base language, else English,
 * else the first given (./dictionaries.ts).
 */
const label = z.union([
  text,
  z.record(z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/)), text).check(
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the config file's rule for whoever deploys; the schema also runs under plain Node (the benches): no catalog
    z.refine((labels) => Object.keys(labels).length > 0, 'a label names at least one language'),
  ),
]);
/** A label as config.json gives it. */
export type Label = z.infer<typeof label>;
// An unknown or missing tone reads as neutral (a newer dashboard's tone in an older one's config).
const tone = z.catch(z.enum(TONES), 'neutral');

/** Code -> label and tone: the shape of every dictionary of undocumented codes. */
const CodeEntry = z.object({ label, tone });
/** How work that reached a final status ended (src/rules). */
export const OUTCOMES = ['success', 'failure', 'cancelled'] as const;
export type Outcome = (typeof OUTCOMES)[number];
const minutes = z.int().check(z.minimum(1), z.maximum(24 * 60));
const StatusEntry = z.object({
  label,
  tone,
  /** Work in this status is done: its stops are never late (docs/design.md, "Derived facts"). */
  final: z._default(z.boolean(), false),
  /** Of a final status: how the work ended. A final status without one counts as 'success'. */
  outcome: z.optional(z.enum(OUTCOMES)),
  /** A job longer than this in this status is stuck; none: never stuck. */
  stuckAfterMinutes: z.optional(minutes),
  /** A stop in this status is being worked on (at the pickup, on the way): never "at risk". */
  inProgress: z._default(z.boolean(), false),
});
/** Text code -> label: the dictionaries of codes that are words ("same_day"), not numbers. */
const names = z._default(z.record(z.string().check(z.minLength(1)), z.object({ label })), {});
const codes = <T extends z.ZodMiniType>(entry: T) =>
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the config file's rule for whoever deploys; the schema also runs under plain Node (the benches): no catalog
  z._default(z.record(z.string().check(z.regex(/^-?\d+$/, 'codes are integers')), entry), {});

/** An ISO 4217 currency code, e.g. "GBP". */
const Currency = z
  .string()
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the config file's rule for whoever deploys; the schema also runs under plain Node (the benches): no catalog
  .check(z.regex(/^[A-Z]{3}$/, 'a currency is a three-letter ISO 4217 code, e.g. "EUR"'));

const cap = (fallback: number) => z._default(z.int().check(z.minimum(1), z.maximum(1_000_000)), fallback);
const SCAN_CAPS = { search: 5000, map: 500, impact: 2000, open: 5000, overview: 10_000 };
/**
 * What one branch's zones may hold. `cornersPerBranch` is the reference server's own limit
 * (server/zone-limits.ts): a deployment whose service takes less sets it lower. The contract
 * allows at most 500 zones.
 */
export const ZONE_LIMITS = {
  zonesPerBranch: 100,
  cornersPerZone: 2000,
  cornersPerBranch: 5000,
  /** How far from its branch's location a zone may reach (km, at its nearest edge): farther blocks the save. */
  maxDistanceKm: 50,
  /** Branches allowed farther than `maxDistanceKm`, by branch id: `{ "BOM-01": 120 }`. */
  branchMaxDistanceKm: {} as Record<string, number>,
};
const limit = (fallback: number, max: number) =>
  z._default(z.int().check(z.minimum(1), z.maximum(max)), fallback);
/** A distance on the ground, km: up to half the Earth's circumference. */
const distanceKm = (fallback: number) =>
  z._default(z.number().check(z.positive(), z.maximum(20_038)), fallback);

/** Runtime configuration, read from `config.json` beside index.html (docs/design.md, "Runtime configuration"). */
export const RuntimeConfig = z.object({
  apiBaseUrl: z.pipe(
    z._default(
      // eslint-disable-next-line lingui/no-unlocalized-strings -- the config file's rule for whoever deploys; the schema also runs under plain Node (the benches): no catalog
      z.string().check(z.refine(isApiBase, 'apiBaseUrl must be empty (same origin) or an http(s) URL')),
      '',
    ),
    z.transform(trimApiBase),
  ),
  mapStyle: z._default(z.string().check(z.minLength(1)), 'offline'),
  refreshSeconds: z._default(z.int().check(z.minimum(5), z.maximum(3600)), 30),
  requestTimeoutSeconds: z._default(z.number().check(z.positive(), z.maximum(300)), 20),
  statuses: codes(StatusEntry),
  paymentTypes: codes(CodeEntry),
  riderStatuses: codes(CodeEntry),
  /** A job's `type` and a rider's `type` (text codes, "same_day") -> the label shown. */
  jobTypes: names,
  riderTypes: names,
  /** Currency of amounts, unless the branch has its own; empty: amounts are shown as plain numbers. */
  currency: z._default(z.union([z.literal(''), Currency]), ''),
  /** Branch id -> currency of its amounts. */
  branchCurrencies: z._default(z.record(z.string().check(z.minLength(1)), Currency), {}),
  /** Minutes after a slot's end before an open stop counts as late. */
  lateGraceMinutes: z._default(z.int().check(z.minimum(0), z.maximum(24 * 60)), 5),
  /** An open stop whose slot ends within this many minutes (and is not yet late) is at risk. */
  atRiskMinutes: z._default(minutes, 30),
  /** A rider whose position is older than this many minutes (or who has none) is not reporting. */
  staleRiderMinutes: z._default(minutes, 15),
  /**
   * The most jobs a whole-result scan reads: the search, the operations map, a zone change's
   * impact preview, the control room's open work and its window's jobs (the day's figures).
   */
  scanCaps: z._default(
    z.object({
      search: cap(SCAN_CAPS.search),
      map: cap(SCAN_CAPS.map),
      impact: cap(SCAN_CAPS.impact),
      open: cap(SCAN_CAPS.open),
      overview: cap(SCAN_CAPS.overview),
    }),
    SCAN_CAPS,
  ),
  /**
   * Minutes between re-reads of the control room's window (its closed work) on a service
   * without the extension for scale; the open work is read again each refresh.
   */
  windowRefreshMinutes: z._default(minutes, 5),
  /** Count chips above the jobs table: one `page=1` request per configured status. */
  statusCounts: z._default(z.boolean(), true),
  /**
   * How people sign in: `token` (a pasted access token) or `oidc` (the organisation's identity
   * provider; the rest of the object is read by src/config/auth.ts, on the chunk that needs it).
   */
  auth: z._default(z.looseObject({ type: z.enum(['token', 'oidc']) }), { type: 'token' }),
  /** What one branch's zones may hold: a zones file beyond it is refused or simplified to fit. */
  zoneLimits: z._default(
    z.object({
      zonesPerBranch: limit(ZONE_LIMITS.zonesPerBranch, 500),
      cornersPerZone: limit(ZONE_LIMITS.cornersPerZone, 1_000_000),
      cornersPerBranch: limit(ZONE_LIMITS.cornersPerBranch, 1_000_000),
      maxDistanceKm: distanceKm(ZONE_LIMITS.maxDistanceKm),
      branchMaxDistanceKm: z._default(z.record(z.string(), distanceKm(ZONE_LIMITS.maxDistanceKm)), {}),
    }),
    ZONE_LIMITS,
  ),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
