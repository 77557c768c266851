import { UpdateCommand } from '../../../aws/dynamodb/commands';
import { ddb, tableName } from '../../../aws/dynamodb/client';
import { LINE_EDITABLE, LINE_STREAM_AUDIT, versionKeys, toLine } from './items';
import type { PlanLine, OneWriteLineChange } from '../store';
import { queryAll } from '../../../aws/dynamodb/query-page';

/**
 * The two writes behind the planner's most frequent action, changing a line of a Draft, in ONE
 * conditional UpdateItem (docs/media-planning-decisions.md "One write per line change"):
 * - `updateLineInOneWrite` changes the line only while every fact the change relies on still holds
 *   ON THE LINE ITSELF — the version read, `Editable` (the version is a Draft), the page's account,
 *   the channel type and the dates (so neither the type's defaults nor the activity's dates need
 *   reading). Its audit entry is the table's change stream's record of this write, which DynamoDB
 *   commits atomically with it; `StreamAudit` names the version whose entry the stream writes.
 * - `lockPlanLines` is Submit's first step: after it no line of the version takes a one-write change.
 */

/** The changed line, or undefined when a condition does not hold (the caller then takes the full path, which says why). */
export async function updateLineInOneWrite(c: OneWriteLineChange): Promise<PlanLine | undefined> {
  const names: Record<string, string> = {
    '#name': 'Name',
    '#v': 'version',
    '#ed': LINE_EDITABLE,
    '#sa': LINE_STREAM_AUDIT,
  };
  const values: Record<string, unknown> = {
    ':v': c.version,
    ':nv': c.version + 1,
    ':true': true,
    ':scope': c.scopeAccountId,
    ':act': c.accountChannelTypeId,
    ':sd': c.startDate,
    ':ed': c.endDate,
    ':at': c.at,
    ':by': c.who,
  };
  const sets = [
    '#v = :nv',
    '#sa = :nv',
    'updatedAt = :at',
    'updatedBy = :by',
    c.name ? '#name = :name' : '#name = #ctn',
  ];
  if (c.name) values[':name'] = c.name;
  else names['#ctn'] = 'ChannelTypeName';
  for (const [field, value] of Object.entries(c.set)) {
    if (value === undefined) continue;
    names[`#f_${field}`] = field;
    values[`:f_${field}`] = value;
    sets.push(`#f_${field} = :f_${field}`);
  }
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: versionKeys.line(c.companyId, c.versionId, c.lineId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression:
          '#v = :v AND #ed = :true AND AccountId = :scope AND AccountChannelTypeId = :act AND StartDate = :sd AND EndDate = :ed',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toLine(out.Attributes ?? {});
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}

const LOCK_CONCURRENCY = 16;

/**
 * Removes `Editable` from every line of a version (live and staged ones; archived lines live under
 * another prefix and never had it). Idempotent. Returns how many lines it locked.
 */
export async function lockPlanLines(companyId: number, versionId: number): Promise<number> {
  const editable = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :l)',
    FilterExpression: 'attribute_exists(#ed)',
    ProjectionExpression: 'pk, sk',
    ExpressionAttributeNames: { '#ed': LINE_EDITABLE },
    ExpressionAttributeValues: { ':pk': versionKeys.partition(companyId, versionId), ':l': 'M#L#' },
    ConsistentRead: true,
  });
  let next = 0;
  const worker = async () => {
    while (next < editable.length) {
      const key = editable[next++];
      // Conditional: a line deleted meanwhile must not come back as a bare key.
      await ddb()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: key.pk, sk: key.sk },
            UpdateExpression: 'REMOVE #ed',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#ed': LINE_EDITABLE },
          }),
        )
        .catch((err: { name?: string }) => {
          if (err.name !== 'ConditionalCheckFailedException') throw err;
        });
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOCK_CONCURRENCY, editable.length) }, worker));
  return editable.length;
}
