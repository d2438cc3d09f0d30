import { z } from '../contract/zod';
import { isApiBase, trimApiBase } from './api-base';

/** The tones a status badge can take (the design's few consistent colours). */
export const TONES = ['neutral', 'info', 'accent', 'success', 'warning', 'danger', 'muted'] as const;
export type Tone = (typeof TONES)[number];

const StatusEntry = z.object({
  label: z.string().check(z.minLength(1)),
  // An unknown tone reads as neutral (a newer dashboard's tone in an older one's config).
  tone: z.catch(z.enum(TONES), 'neutral'),
});

/** Runtime configuration, read from `config.json` beside index.html (docs/design.md, "Runtime configuration"). */
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
