import { enum as oneOf, object, optional } from 'zod/mini';
import { id, optionalDate, preprocess } from '../../shared/schema-fields';

/** DashboardService: the manager dashboard and the planner's home. */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The manager dashboard's periods (the period codes of modules/reports/periods.ts): 3 this month (to today), 4 last month. */
export const DASHBOARD_PERIOD_CODES = ['3', '4'] as const;

/**
 * GetManagerDashboard: a period code (3 this month, the default; 4 last month) OR a custom from/to
 * (both; at most MAX_REPORT_DAYS days, as the report), and optionally one account (a main account or
 * a sub-account). With x-account-id: that account and its sub-accounts only.
 */
export const getManagerDashboard = object({
  period: optional(
    preprocess(
      (v) => (typeof v === 'number' ? String(v) : blankToUndefined(v)),
      optional(oneOf(DASHBOARD_PERIOD_CODES)),
    ),
  ),
  from: optionalDate(),
  to: optionalDate(),
  accountId: optional(preprocess(blankToUndefined, optional(id()))),
});

/** GetPlannerDashboard: the caller's live activities; no input (x-account-id optional: that account and its sub-accounts). */
export const getPlannerDashboard = object({});
