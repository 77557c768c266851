import { enum as oneOf, object, optional } from 'zod/mini';
import { CONNECTOR_TYPE_NAMES } from '../../shared/connectors';
import { NO_DATA_DAYS, UNMAPPED_DAYS } from '../../shared/monitoring';
import { id, int, nextToken, pageSize, preprocess, rule } from '../../shared/schema-fields';

/** MonitoringService. */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const days = (max: number) =>
  optional(
    preprocess(
      blankToUndefined,
      optional(int().check(rule((n: number) => n >= 1 && n <= max, 'WHOLE_BETWEEN', { low: 1, limit: max }))),
    ),
  );

export const getDataHealth = object({
  /** A live activity's platform is listed when it has no actuals in this many days (default 7). */
  noDataDays: days(NO_DATA_DAYS.max),
});

export const SYNC_RUN_STATUSES = ['Running', 'OK', 'NoAccess', 'Error'] as const;

export const getSyncRuns = object({
  agentConnectorId: optional(preprocess(blankToUndefined, optional(id()))),
  status: optional(preprocess(blankToUndefined, optional(oneOf(SYNC_RUN_STATUSES)))),
  pageSize: pageSize(),
  nextToken: nextToken(),
});

export const getUnmappedCampaigns = object({
  /** The window, in days up to today (default 30). */
  days: days(UNMAPPED_DAYS.max),
  connectorType: optional(preprocess(blankToUndefined, optional(oneOf(CONNECTOR_TYPE_NAMES)))),
});
