export { RuntimeConfig, TONES, type Tone } from './schema';
export { ConfigError, CONFIG_URL, loadRuntimeConfig } from './load';
export { ConfigContext, useConfig } from './context';
export { describeStatus, type StatusInfo } from './dictionaries';
