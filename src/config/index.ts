import './catalog-words';

export { OUTCOMES, RuntimeConfig, TONES, type Outcome, type Tone } from './schema';
export { ConfigError, CONFIG_URL, loadRuntimeConfig } from './load';
export { ConfigContext, useConfig } from './context';
export {
  currencyOf,
  describeJobType,
  describePaymentType,
  describeRiderStatus,
  describeRiderType,
  describeStatus,
  type CodeInfo,
  type NameInfo,
  type StatusInfo,
} from './dictionaries';
