/**
 * What the jobs screen and the control room share, below the features (docs/design.md,
 * "Layers"): the jobs' URL vocabulary (the filters and the search params), the job panel
 * (loaded on demand), status badges, job facts, money and stop texts, time zone display, the
 * screen clock, the whole-result read of jobs and its status line, the open work, and the
 * choices remembered per browser.
 */
export {
  validateJobsSearch,
  filtersOf,
  pageRequest,
  hasFilters,
  withFilters,
  withoutFilters,
  viewOf,
  type JobsSearch,
  type Filters,
} from './url-params';
export { LazyJobPanel, preloadJobPanel } from './panel/panel-loader';
export { StatusBadge } from './StatusBadge';
export { lastRemark, jobTimeZone } from './job-facts';
export { amountsOf, formatMoney, formatAmounts, type Money } from './money';
export { addressText } from './stop-texts';
export { branchesInJobs, teamsInJobs } from './seen-in-jobs';
export { ViewerZoneContext, displayZone, useDisplayZone } from './time-zone';
export { NowContext, useScreenNow, LiveTime } from './screen-clock';
export { useAllJobs, type AllJobs } from './useAllJobs';
export { AllJobsStatus, type AllJobsWords } from './AllJobsStatus';
export { matchesFilters } from './match-filters';
export {
  openStatuses,
  PUBLISH_EVERY_MS,
  useOpenWorkOfSet,
  setHoldsAll,
  useUnnamedStatusCount,
  partRead,
  useRefresh,
  type UnnamedCount,
} from './open-work';
export {
  autoRefreshSetting,
  viewerZoneSetting,
  loadColumnVisibility,
  saveColumnVisibility,
  splitSetting,
  type SwitchSetting,
} from './settings';
export { useSwitchSetting } from './useSwitchSetting';
export { usePageVisible } from './usePageVisible';
export {
  TONE_COLORS,
  RIDER_COLOR,
  BRANCH_COLOR,
  SHAPES,
  stopName,
  opsMapData,
  describeCluster,
  jobRoute,
  type UnplacedStop,
  type UnplacedRider,
  type MapSummary,
  type ZonesState,
  type OpsMapData,
  type RiderAge,
  type JobRoute,
} from './map-data';
export {
  fleetMapData,
  describeFleetCluster,
  FLEET_SHAPES,
  type FleetMapData,
  type FleetMark,
  type FleetCounts,
} from './fleet-map-data';
/** The strip above a screen's content for long work under way (progressStrip, its text, its actions). */
export { default as progressStyles } from './progress.module.css';
export { escapeCell, isoInZone, type CsvCell } from './csv-cells';
