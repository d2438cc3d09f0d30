export { OUTCOMES, RuntimeConfig, TONES, type Outcome, type Tone } from './schema';
export { ConfigError, CONFIG_URL, loadRuntimeConfig } from './load';
export { ConfigContext, useConfig } from './context';
export {
  currencyOf,
  describePaymentType,
  describeRiderStatus,
  describeStatus,
  type CodeInfo,
  type StatusInfo,
} from './dictionaries';
