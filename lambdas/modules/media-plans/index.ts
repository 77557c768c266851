/** What other modules may use of media-plans: nothing else of this folder. */
export { activityPlans } from './activity-plans';
export {
  aggregateDelta,
  companyToday,
  convertWith,
  fixedRateOf,
  totalsInRange,
  totalsOfAggregates,
  totalsOfLines,
  type OutOfRange,
} from './figures';
export { lockPlansOfAccount, readPlanAccounts, requireNoPlansForCurrency } from './plan-accounts';
export {
  checkVersionScope,
  explainActivity,
  explainHeader,
  lineView,
  loadActivityInScope,
  loadVersionInScope,
  mainAccountOf,
  requireDraft,
} from './scope';
export type { AuditRecord, PlanLine, PlanVersion, VersionAggregates, MixPricing, PlanWriteGuards } from './store';
export { planStore } from './store.dynamodb';
export { AccountArchived, ActivityChanged, LineChanged, VersionChanged } from './store/conflicts';
export {
  HEADER_AUTHOR,
  MEDIA_CHANNEL_ENTITY,
  authorOf,
  lastStatusChangeOf,
  versionKeys,
  toHeader,
} from './store/items';
export {
  getLineVersionId,
  getVersionHeader,
  getActivityPlan,
  getVersionWithLines,
  listVersionHeadersOfActivity,
} from './store/reads';
export { accountActiveCheck, activityCheck, headerLineChange, linePutFromVersion } from './store/writes';
export { explained } from './write-errors';
export { planWriteGuards } from './write-rules';
export { getVersionInfo } from './reads';
export { exportVersion } from './export';
