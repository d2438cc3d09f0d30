import type { RuntimeConfig, Tone } from './schema';

export type StatusInfo = { code: number; label: string; tone: Tone; known: boolean };

/** Label and tone of a status code; unknown codes read "Status N", never blank (docs/design.md, decision 4). */
export function describeStatus(config: Pick<RuntimeConfig, 'statuses'>, code: number): StatusInfo {
  const entry = config.statuses[String(code)];
  return entry
    ? { code, label: entry.label, tone: entry.tone, known: true }
    : { code, label: `Status ${code}`, tone: 'neutral', known: false };
}
