import { z } from '../contract/zod';
import { isApiBase, trimApiBase } from './api-base';
import { TONES } from './config';

/*
 * The runtime config's schema: the rules, and the messages when `config.json` breaks them.
 * The app reads a valid file by hand (readRuntimeConfig in ./config.ts, held to this schema
 * by tests/unit/hand-readers.test.ts) and loads this module only to say what is wrong with one.
 */

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

