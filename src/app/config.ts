import { z } from 'zod';

export const TONES = ['neutral', 'info', 'accent', 'success', 'warning', 'danger', 'muted'] as const;
export type Tone = (typeof TONES)[number];

const StatusEntry = z.object({
  label: z.string().min(1),
  tone: z.enum(TONES).catch('neutral'),
});

/** Runtime configuration, read from `config.json` beside index.html (DESIGN.md "Runtime configuration"). */
export const RuntimeConfig = z.object({
  apiBaseUrl: z
    .string()
    .default('')
    .refine((v) => v === '' || /^https?:\/\//.test(v), 'apiBaseUrl must be empty (same origin) or an http(s) URL')
    .transform((v) => v.replace(/\/+$/, '')),
  mapStyle: z.string().min(1).default('offline'),
  refreshSeconds: z.number().int().min(5).max(3600).default(30),
  requestTimeoutSeconds: z.number().positive().max(300).default(20),
  statuses: z.record(z.string().regex(/^-?\d+$/, 'status codes are integers'), StatusEntry).default({}),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

export class ConfigError extends Error {
  constructor(
    message: string,
    readonly file: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Fetches and validates the runtime config. Every failure names the file and says why. */
export async function loadRuntimeConfig(url = `${import.meta.env.BASE_URL}config.json`): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store' });
  } catch (e) {
    throw new ConfigError(`Could not fetch it: ${(e as Error).message}`, url);
  }
  if (!response.ok) throw new ConfigError(`The server answered ${response.status} for it.`, url);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ConfigError('It is not valid JSON.', url);
  }
  const parsed = RuntimeConfig.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ConfigError(`${first?.path.join('.') || 'value'}: ${first?.message ?? 'invalid'}`, url);
  }
  return parsed.data;
}

export type StatusInfo = { code: number; label: string; tone: Tone; known: boolean };

/** Label and tone of a status code; unknown codes read "Status N", never blank (DESIGN.md decision 4). */
export function describeStatus(config: Pick<RuntimeConfig, 'statuses'>, code: number): StatusInfo {
  const entry = config.statuses[String(code)];
  return entry
    ? { code, label: entry.label, tone: entry.tone, known: true }
    : { code, label: `Status ${code}`, tone: 'neutral', known: false };
}
