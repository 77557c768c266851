import { QueryCommand, type QueryCommandOutput } from '../../aws/dynamodb/commands';
import type { Day } from '../../shared/connector-platforms';
import { ddb, tableName } from '../../aws/dynamodb/client';
import type { RollupRow } from './rollup-read-store';
import { MEASURES, statKeys, type Measures } from './stat-keys';

/** The rollups as read: a line's, an activity's or an account's actuals by period and currency (daily-stat-store.dynamodb.ts writes them). */

async function readRollup(
  pk: string,
  from: string,
  to: string,
  periodOf: (day: string) => string = (d) => d,
): Promise<RollupRow[]> {
  const out: RollupRow[] = [];
  const byPeriod = new Map<string, RollupRow>();
  let start: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
        ExpressionAttributeValues: { ':pk': pk, ':a': `${from}#`, ':b': `${to}#\uffff` },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      // Day rollups have one item per source account (…#<type>#<account>): summed here.
      const [day, currency] = String(item.sk).split('#');
      const period = periodOf(day);
      const row = byPeriod.get(`${period}#${currency}`);
      if (row) for (const m of MEASURES) row[m] += Number(item[m] ?? 0);
      else {
        const fresh: RollupRow = {
          Period: period,
          Currency: currency,
          ...(Object.fromEntries(MEASURES.map((m) => [m, Number(item[m] ?? 0)])) as Measures),
        };
        byPeriod.set(`${period}#${currency}`, fresh);
        out.push(fresh);
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** A plan line's actuals by day and currency, for [from, to]. */
export const readLineRollup = (companyId: number, lineId: number, from: Day, to: Day) =>
  readRollup(statKeys.line(companyId, lineId), from, to);
/** An activity's actuals by day and currency. */
export const readActivityRollup = (companyId: number, activityId: number, from: Day, to: Day) =>
  readRollup(statKeys.activity(companyId, activityId), from, to);
/** An account's actuals by month (YYYY-MM) and currency (its mapped campaigns'). */
export const readAccountRollup = (companyId: number, accountId: number, fromMonth: string, toMonth: string) =>
  readRollup(statKeys.account(companyId, accountId), `${fromMonth}-01`, `${toMonth}-31`, (day) => day.slice(0, 7));
