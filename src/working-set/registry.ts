/**
 * The working sets of this tab, one per api client (one per signed-in app) and per service,
 * identity and dictionary of statuses; finding one does not start it, so a screen that only
 * reads what a set holds (the jobs search) brings none of the reading code with it.
 */
import type { ApiClient } from '../api';
import type { RuntimeConfig } from '../config';
import type { SharedWorkingSet } from './shared';

const sets = new WeakMap<ApiClient, Map<string, SharedWorkingSet>>();

/** FNV-1a: the identity in the lock's and channel's names without the token itself. */
export function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

export function setKey(api: ApiClient, config: RuntimeConfig): string {
  return `${api.baseUrl || location.origin}|${hash(api.token() ?? '')}|${hash(JSON.stringify(config.statuses))}`;
}

/** The set of this service and sign-in, if one was made in this tab. */
export function existingSet(api: ApiClient, config: RuntimeConfig): SharedWorkingSet | undefined {
  return sets.get(api)?.get(setKey(api, config));
}

/** The set of this service and sign-in, made by `create` (with its key) the first time. */
export function keptSet(
  api: ApiClient,
  config: RuntimeConfig,
  create: (key: string) => SharedWorkingSet,
): SharedWorkingSet {
  const key = setKey(api, config);
  let mine = sets.get(api);
  if (!mine) sets.set(api, (mine = new Map()));
  let set = mine.get(key);
  if (!set) mine.set(key, (set = create(key)));
  return set;
}
