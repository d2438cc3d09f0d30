import * as z from 'zod/mini';
import { issueMessage } from '../contract/errors';
import { isApiBase, trimApiBase } from './api-base';

// No `new Function` from zod (its JIT object parser, and the probe for it): the page's CSP
// has no 'unsafe-eval', and Chromium reports even the caught probe as a violation. Set here,
// at start-up, before any lazy chunk defines a schema.
z.config({ jitless: true });

export const TONES = ['neutral', 'info', 'accent', 'success', 'warning', 'danger', 'muted'] as const;
export type Tone = (typeof TONES)[number];

const StatusEntry = z.object({
  label: z.string().check(z.minLength(1)),
  tone: z.catch(z.enum(TONES), 'neutral'),
});

/** Runtime configuration, read from `config.json` beside index.html (DESIGN.md "Runtime configuration"). */
export const RuntimeConfig = z.object({
  apiBaseUrl: z.pipe(
    z._default(
      z.string().check(z.refine(isApiBase, 'apiBaseUrl must be empty (same origin) or an http(s) URL')),
      '',
    ),
    z.transform(trimApiBase),
  ),
  mapStyle: z._default(z.string().check(z.minLength(1)), 'offline'),
  refreshSeconds: z._default(z.int().check(z.minimum(5), z.maximum(3600)), 30),
  requestTimeoutSeconds: z._default(z.number().check(z.positive(), z.maximum(300)), 20),
  statuses: z._default(
    z.record(z.string().check(z.regex(/^-?\d+$/, 'status codes are integers')), StatusEntry),
    {},
  ),
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

export const CONFIG_URL = `${import.meta.env.BASE_URL}config.json`;

/** Fetches and validates the runtime config. Every failure names the file and says why. */
export async function loadRuntimeConfig(
  url = CONFIG_URL,
  /** The file's response when it was already requested (the entry script does, at once). */
  started?: Promise<Response>,
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // Default caching: index.html preloads this file while the scripts load, and the server
    // revalidates it (max-age=0), so an edited config is still picked up on the next load.
    response = await (started ?? fetch(url));
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
    throw new ConfigError(
      `${first?.path.join('.') || 'value'}: ${first ? issueMessage(first) : 'invalid'}`,
      url,
    );
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
