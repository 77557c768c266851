import { BatchGetCommand, GetCommand, type BatchGetCommandOutput } from '../../../aws/dynamodb/commands';
import { ddb, tableName } from '../../../aws/dynamodb/client';
import { queryAll } from '../../../aws/dynamodb/query-page';
import type { LineWithHeader, PlanVersion, PlanLine, ActivityPlan, VersionWithLines } from '../store';
import { MEDIA_MIX_ENTITY, MEDIA_CHANNEL_ENTITY, versionKeys, toHeader, toLine, toPlan, visible } from './items';

/** Reading media plans: a header, a version with its live lines, the versions of an activity, one line. */

export async function getVersionHeader(
  companyId: number,
  versionId: number,
  consistent = false,
): Promise<PlanVersion | undefined> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: versionKeys.header(companyId, versionId),
      ConsistentRead: consistent,
    }),
  );
  return out.Item && out.Item.entity === MEDIA_MIX_ENTITY ? toHeader(out.Item) : undefined;
}

/** The header and every live line of a mix: one Query (paged only past 1 MB). */
export async function getVersionWithLines(
  companyId: number,
  versionId: number,
  consistent = false,
): Promise<VersionWithLines | undefined> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
    ExpressionAttributeValues: { ':pk': versionKeys.partition(companyId, versionId), ':m': versionKeys.livePrefix },
    ConsistentRead: consistent,
  });
  const first = items[0];
  if (!first || first.sk !== 'M' || first.entity !== MEDIA_MIX_ENTITY) return undefined;
  const header = toHeader(first);
  return { header, lines: items.slice(1).map(toLine).filter(visible(header)) };
}

/** The versions of an activity's plan (headers only), by version. */
export async function listVersionHeadersOfActivity(companyId: number, activityId: number): Promise<PlanVersion[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': versionKeys.byActivityPk(companyId, activityId) },
  });
  return items.map(toHeader);
}

export async function getActivityPlan(
  companyId: number,
  activityId: number,
  consistent = false,
): Promise<ActivityPlan | undefined> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: versionKeys.plan(companyId, activityId),
      ConsistentRead: consistent,
    }),
  );
  return out.Item ? toPlan(out.Item) : undefined;
}

/** The mix a line id belongs to (the line may be live or archived), or undefined for an unknown id. */
export async function getLineVersionId(companyId: number, lineId: number): Promise<number | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: versionKeys.locator(companyId, lineId) }));
  return out.Item ? Number(out.Item.MediaMixId) : undefined;
}

export async function getLine(
  companyId: number,
  versionId: number,
  lineId: number,
  consistent = false,
): Promise<PlanLine | undefined> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: versionKeys.line(companyId, versionId, lineId),
      ConsistentRead: consistent,
    }),
  );
  return out.Item && out.Item.entity === MEDIA_CHANNEL_ENTITY ? toLine(out.Item) : undefined;
}

/** A line (live or archived) and its mix header in one BatchGet. A line of a pending application reads as absent. */
export async function getLineWithHeader(
  companyId: number,
  versionId: number,
  lineId: number,
  consistent = false,
): Promise<LineWithHeader> {
  const wanted = [
    versionKeys.header(companyId, versionId),
    versionKeys.line(companyId, versionId, lineId),
    versionKeys.archivedLine(companyId, versionId, lineId),
  ];
  const found: Record<string, unknown>[] = [];
  let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead: boolean }> | undefined = {
    [tableName()]: { Keys: wanted, ConsistentRead: consistent },
  };
  for (let attempt = 0; request && attempt < 5; attempt++) {
    const out: BatchGetCommandOutput = await ddb().send(new BatchGetCommand({ RequestItems: request }));
    found.push(...(out.Responses?.[tableName()] ?? []));
    const rest = out.UnprocessedKeys?.[tableName()]?.Keys;
    request = rest?.length ? { [tableName()]: { Keys: rest, ConsistentRead: consistent } } : undefined;
  }
  const bySk = new Map(found.map((i) => [String(i.sk), i]));
  const h = bySk.get('M');
  const header = h && h.entity === MEDIA_MIX_ENTITY ? toHeader(h) : undefined;
  const live = bySk.get(wanted[1].sk);
  const archived = bySk.get(wanted[2].sk);
  const line = live ? toLine(live) : undefined;
  return {
    header,
    line: line && header && visible(header)(line) ? line : undefined,
    archived: archived ? toLine(archived) : undefined,
  };
}
