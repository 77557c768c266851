import { getPerformanceReport } from './schemas/reports';
import {
  deleteReportSchedule,
  getReportScheduleLog,
  getReportSchedulesList,
  saveReportSchedule,
} from './schemas/report-schedules';
import type { PerformanceReport } from './replies/reports';
import type { ReportScheduleView, ReportSchedulesList, ScheduleSendLog } from './replies/report-schedules';
import { replyOf, route } from '../../kit/route';

/**
 * ReportsService (/performance/list): OperationalReports (docs/domain.md) over the
 * accounts the caller may see; with x-account-id, that account and its sub-accounts.
 */
export const getPerformanceReportRoute = /* @__PURE__ */ route({
  service: 'ReportsService',
  method: 'GetPerformanceReport',
  access: 'read',
  requires: 'operationalReports',
  accountScope: 'optional',
  input: getPerformanceReport,
  reply: replyOf<PerformanceReport>,
  summary:
    "Actuals of the activities in scope over a period code (1 today, 2 yesterday, 3 this month, 4 last month) or a custom range (≤ 400 days), by account, activity, day or month, in one currency at each day's rate, with KPIs, a totals row (the sum of the rows) and optionally the previous period (the previous calendar month, quarter or year; a range: the same length before); from the activity rollups",
});

/** Scheduled reports (docs/reports.md "Scheduled reports"): the company's schedules, run with their creator's permissions. */
export const saveReportScheduleRoute = /* @__PURE__ */ route({
  service: 'ReportsService',
  method: 'SaveReportSchedule',
  access: 'write',
  requires: 'operationalReports',
  accountScope: 'optional',
  input: saveReportSchedule,
  reply: replyOf<ReportScheduleView>,
  summary:
    'Adds a scheduled report (Id absent or 0) or replaces one from the version read: the report filters, a relative period, daily / weekly on a weekday / monthly on the 1st, a delay in hours, recipients (users of the company; outside addresses only for a report limited to an account) and the language',
});

export const getReportSchedulesListRoute = /* @__PURE__ */ route({
  service: 'ReportsService',
  method: 'GetReportSchedulesList',
  access: 'read',
  requires: 'operationalReports',
  accountScope: 'optional',
  input: getReportSchedulesList,
  reply: replyOf<ReportSchedulesList>,
  summary:
    "The company's live scheduled reports whose account the caller may see (with x-account-id: those of that account), with the next run and the last send",
});

export const deleteReportScheduleRoute = /* @__PURE__ */ route({
  service: 'ReportsService',
  method: 'DeleteReportSchedule',
  access: 'write',
  requires: 'operationalReports',
  accountScope: 'optional',
  input: deleteReportSchedule,
  reply: replyOf<{ Id: number }>,
  summary: 'Archives a scheduled report from the version read: it is sent no more',
});

export const getReportScheduleLogRoute = /* @__PURE__ */ route({
  service: 'ReportsService',
  method: 'GetReportScheduleLog',
  access: 'read',
  requires: 'operationalReports',
  accountScope: 'optional',
  input: getReportScheduleLog,
  reply: replyOf<ScheduleSendLog>,
  summary: 'The send log of a scheduled report, newest first (at most 100): sent, failed with its reason, retried',
});

export const REPORTS_SERVICE_ROUTES = [
  getPerformanceReportRoute,
  saveReportScheduleRoute,
  getReportSchedulesListRoute,
  deleteReportScheduleRoute,
  getReportScheduleLogRoute,
] as const;
