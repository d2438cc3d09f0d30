import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n';
import { issueMessage } from '../contract/errors';
import { RuntimeConfig } from './schema';
import { errorMessage } from '../lib/error-message';

export class ConfigError extends Error {
  constructor(
    message: string,
    readonly file: string,
  ) {
    super(message);
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the error class's name
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
    // revalidates it (no-cache), so an edited config is picked up on the next load.
    response = await (started ?? fetch(url));
  } catch (e) {
    const reason = errorMessage(e);
    throw new ConfigError(i18n._(msg`Could not fetch it: ${reason}`), url);
  }
  const status = response.status;
  if (!response.ok) throw new ConfigError(i18n._(msg`The server answered ${status} for it.`), url);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ConfigError(i18n._(msg`It is not valid JSON.`), url);
  }
  const parsed = RuntimeConfig.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.join('.') || i18n._(msg`value`);
    const issue = first ? issueMessage(first) : i18n._(msg`invalid`);
    throw new ConfigError(i18n._(msg`${where}: ${issue}`), url);
  }
  return parsed.data;
}
