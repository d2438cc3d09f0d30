import { issueMessage } from '../contract/errors';
import { RuntimeConfig } from './schema';
import { errorMessage } from '../lib/error-message';

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
    // revalidates it (no-cache), so an edited config is picked up on the next load.
    response = await (started ?? fetch(url));
  } catch (e) {
    throw new ConfigError(`Could not fetch it: ${errorMessage(e)}`, url);
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
