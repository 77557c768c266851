import { getActivityPerformance, getPacingAlerts } from './schemas';
import type { ActivityPerformance, PacingAlerts } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * PerformanceService: plan vs actual (docs/domain.md). Activity performance is read by
 * agency staff with access to the page's account (x-account-id): a client-only user sees no actuals
 * (the client user sees no report or dashboard).
 */
export const getActivityPerformanceRoute = /* @__PURE__ */ route({
  service: 'PerformanceService',
  method: 'GetActivityPerformance',
  access: 'read',
  requires: 'staff',
  accountScope: 'required',
  input: getActivityPerformance,
  reply: replyOf<ActivityPerformance>,
  summary:
    "One version of an activity's plan against its actuals: per line and plan planned, actual to date, pacing % and alert with its basis, projection, amount left, daily spend needed, planned vs actual KPIs, the exchange-rate effect apart, and the daily series for the charts (provisional days marked)",
});

/**
 * The pacing alerts of System Monitoring: OperationalReports, over the accounts
 * the caller sees (with x-account-id: that account and its sub-accounts).
 */
export const getPacingAlertsRoute = /* @__PURE__ */ route({
  service: 'PerformanceService',
  method: 'GetPacingAlerts',
  access: 'read',
  requires: 'operationalReports',
  accountScope: 'optional',
  input: getPacingAlerts,
  reply: replyOf<PacingAlerts>,
  summary:
    "Under- and over-pacing (PacingLow / PacingHigh) of every live activity's latest approved plan and of its lines: projection, pacing %, basis (days of data, share provisional, connector health), the ids for its performance page; capped, and says when truncated",
});

export const PERFORMANCE_SERVICE_ROUTES = [getActivityPerformanceRoute, getPacingAlertsRoute] as const;
