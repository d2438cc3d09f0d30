/**
 * Reading `config.json` and its status dictionary, without zod and without the error
 * messages' module: part of the entry chunk, whose first paint of the jobs screen needs both
 * (src/app/early-start.ts).
 */
import { isApiBase, trimApiBase } from './api-base';
import type { RuntimeConfig } from './config-schema';

export type { RuntimeConfig };

export const TONES = ['neutral', 'info', 'accent', 'success', 'warning', 'danger', 'muted'] as const;
export type Tone = (typeof TONES)[number];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const STATUS_CODE = /^-?\d+$/;

/** A number field of the config: its value, the default when absent, NaN when refused. */
function numberField(o: Record<string, unknown>, key: string, fallback: number, ok: (n: number) => boolean): number {
  const v = o[key];
  if (v === undefined) return fallback;
  return typeof v === 'number' && Number.isFinite(v) && ok(v) ? v : NaN;
}

/**
 * `config.json` read by hand with the rules of `RuntimeConfig` (./config-schema.ts): the
 * config, or undefined when the file breaks a rule (then the schema says which). Part of the
 * first load, which has no zod (src/contract/zod.ts).
 */
export function readRuntimeConfig(json: unknown): RuntimeConfig | undefined {
  if (!isRecord(json)) return undefined;
  const apiBaseUrl = json.apiBaseUrl ?? '';
  const mapStyle = json.mapStyle ?? 'offline';
  if (json.apiBaseUrl === null || json.mapStyle === null) return undefined;
  if (typeof apiBaseUrl !== 'string' || !isApiBase(apiBaseUrl)) return undefined;
  if (typeof mapStyle !== 'string' || mapStyle.length === 0) return undefined;
  const refreshSeconds = numberField(json, 'refreshSeconds', 30, (n) => Number.isSafeInteger(n) && n >= 5 && n <= 3600);
  const requestTimeoutSeconds = numberField(json, 'requestTimeoutSeconds', 20, (n) => n > 0 && n <= 300);
  if (Number.isNaN(refreshSeconds) || Number.isNaN(requestTimeoutSeconds)) return undefined;
  const statuses: RuntimeConfig['statuses'] = {};
  if (json.statuses !== undefined) {
    if (!isRecord(json.statuses)) return undefined;
    for (const [code, entry] of Object.entries(json.statuses)) {
      if (!STATUS_CODE.test(code) || !isRecord(entry) || typeof entry.label !== 'string' || entry.label.length === 0) return undefined;
      // An unknown tone reads as neutral (a newer dashboard's tone in an older one's config).
      const tone = TONES.includes(entry.tone as Tone) ? (entry.tone as Tone) : 'neutral';
      statuses[code] = { label: entry.label, tone };
    }
  }
  return { apiBaseUrl: trimApiBase(apiBaseUrl), mapStyle, refreshSeconds, requestTimeoutSeconds, statuses };
}

export type StatusInfo = { code: number; label: string; tone: Tone; known: boolean };

/** Label and tone of a status code; unknown codes read "Status N", never blank (DESIGN.md decision 4). */
export function describeStatus(config: Pick<RuntimeConfig, 'statuses'>, code: number): StatusInfo {
  const entry = config.statuses[String(code)];
  return entry
    ? { code, label: entry.label, tone: entry.tone, known: true }
    : { code, label: `Status ${code}`, tone: 'neutral', known: false };
}
