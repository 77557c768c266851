import { TABLE_DESIGN } from '../shared/table-design';

/**
 * The Lambda handlers that serve no route: the table's change-stream consumers. Named like routes
 * (service + method → `lambdas/streams/<kebab-method>.ts` by manifest.handlerFile), so the CDK
 * function construct, the benchmarks' bundle table and the tests find their files the same way.
 */
export const LINE_AUDIT_HANDLER = {
  service: 'Streams',
  method: 'AuditLineChanges',
  summary: "Audit entries of plan lines changed in one write, from the table's change stream",
} as const;

export const PLAN_NOTIFY_HANDLER = {
  service: 'Streams',
  method: 'NotifyPlanChanges',
  summary: "Notifications (and e-mails) of plan approval events, from the table's change stream",
} as const;

export const TILES_REFRESH_HANDLER = {
  service: 'Streams',
  method: 'RefreshDashboardTiles',
  summary:
    "The manager dashboard's tiles recomputed after a write bumped a company's stamp, from the table's change stream",
} as const;

export const STREAM_HANDLERS = [LINE_AUDIT_HANDLER, PLAN_NOTIFY_HANDLER, TILES_REFRESH_HANDLER] as const;

/**
 * Which records reach PLAN_NOTIFY_HANDLER, stated once for the cloud's event source mapping (a
 * FilterCriteria pattern) and the local poller (`matchesPlanNotifyFilter`): updates of a media mix
 * header ('M') whose new status is Submitted (2), Approved (3) or Rejected (4). A Draft's many
 * header writes never invoke it; which changes are events the handler decides.
 */
export const PLAN_NOTIFY_FILTER = {
  entity: 'MediaMix',
  sk: 'M',
  statuses: ['2', '3', '4'],
} as const;

/**
 * Which records reach TILES_REFRESH_HANDLER (the cloud's FilterCriteria and `matchesTilesRefreshFilter`):
 * a dashboard stamp made or bumped. The tiles it writes carry no entity, so they never invoke it.
 */
export const TILES_REFRESH_FILTER = {
  events: ['INSERT', 'MODIFY'],
  entity: TABLE_DESIGN.stream.dashStampEntity,
} as const;

/** A stream record as GetRecords / Lambda give it (attribute values in DynamoDB JSON). */
interface StreamRecordLike {
  eventName?: string;
  dynamodb?: { NewImage?: Record<string, { S?: string; N?: string } | unknown> };
}

export function matchesPlanNotifyFilter(record: StreamRecordLike): boolean {
  const image = record.dynamodb?.NewImage as Record<string, { S?: string; N?: string } | undefined> | undefined;
  return (
    record.eventName === 'MODIFY' &&
    image?.entity?.S === PLAN_NOTIFY_FILTER.entity &&
    image?.sk?.S === PLAN_NOTIFY_FILTER.sk &&
    (PLAN_NOTIFY_FILTER.statuses as readonly string[]).includes(image?.Status?.N ?? '')
  );
}

export function matchesTilesRefreshFilter(record: StreamRecordLike): boolean {
  const image = record.dynamodb?.NewImage as Record<string, { S?: string } | undefined> | undefined;
  return (
    (TILES_REFRESH_FILTER.events as readonly string[]).includes(record.eventName ?? '') &&
    image?.entity?.S === TILES_REFRESH_FILTER.entity
  );
}
