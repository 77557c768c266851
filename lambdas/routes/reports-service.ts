import { getPerformanceReport } from '../schemas/reports';
import type { PerformanceReport } from '../shared/replies/reports';
import { replyOf, route } from './route';

/**
 * ReportsService (issue 13 §3, /performance/list): OperationalReports (DOMAIN.md §5) over the
 * accounts the caller may see; with x-account-id, that account and its sub-accounts.
 */
export const getPerformanceReportRoute = /* @__PURE__ */ route({
  service: 'ReportsService', method: 'GetPerformanceReport', access: 'read', requires: 'operationalReports', accountScope: 'optional',
  input: getPerformanceReport,
  reply: replyOf<PerformanceReport>,
  summary: "Actuals of the activities in scope over a period code (1 today, 2 yesterday, 3 this month, 4 last month) or a custom range (≤ 400 days), by account, activity, day or month, in one currency at each day's rate, with KPIs, a totals row (the sum of the rows) and optionally the previous period of equal length; from the activity rollups",
});

export const REPORTS_SERVICE_ROUTES = [getPerformanceReportRoute] as const;
