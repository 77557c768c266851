import { getManagerDashboard, getPlannerDashboard } from './schemas';
import type { ManagerDashboard, PlannerDashboard } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * DashboardService: the manager dashboard (ManagementReports, docs/domain.md) and the
 * planner's home (agency staff), over the accounts the caller sees; with x-account-id, that account
 * and its sub-accounts.
 */
export const getManagerDashboardRoute = /* @__PURE__ */ route({
  service: 'DashboardService',
  method: 'GetManagerDashboard',
  access: 'read',
  requires: 'managementReports',
  accountScope: 'optional',
  input: getManagerDashboard,
  reply: replyOf<ManagerDashboard>,
  summary:
    'Tiles of a period (this month, last month or a range): planned vs actual spend, projected spend, fees earned, live activities, share of spend on pace / under / over, data health; the top 10 over- and under-pacing activities; spend by channel group and by account',
});

export const getPlannerDashboardRoute = /* @__PURE__ */ route({
  service: 'DashboardService',
  method: 'GetPlannerDashboard',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: getPlannerDashboard,
  reply: replyOf<PlannerDashboard>,
  summary:
    "The planner's home: the caller's live activities (those they created, else every live activity they see; capped) with pacing %, status, projection and open alerts",
});

export const DASHBOARD_SERVICE_ROUTES = [getManagerDashboardRoute, getPlannerDashboardRoute] as const;
