import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '../../aws/dynamodb/commands';
import type { ConnectorType, Day } from '../../shared/connector-platforms';
import { ActivityStatus } from '../../shared/activity-status';
import { activityKeys } from '../activities';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { statKeys } from '../performance-data';
import { companyPk, SK_PREFIX, prefixValues } from '../../aws/dynamodb/keys';
import { decodeKeyToken, keyToken, type ListPage } from '../../aws/dynamodb/page-token';
import { keyCondition, queryAll, queryPage, type KeyRange } from '../../aws/dynamodb/query-page';
import { syncKeys, type SyncRun, type SyncState } from '../connectors';
import type { LiveActivity, RunSummary, UnmappedStat } from './store';

/**
 * The reads of the system monitoring page (MonitoringService): sync states and runs,
 * live activities, which platforms an account's rollups hold, and the spend of unmapped campaigns.
 * Reads only; every item here is written by the sync (modules/connectors/sync-run-store.dynamodb.ts, performance-data/daily-stat-store.dynamodb.ts)
 * or the activities store.
 */

/** Every sync state of the company (one per agent connector × linked ad account: a few hundred at most): one Query. */
export async function listSyncStates(companyId: number): Promise<SyncState[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: SK_PREFIX,
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ...prefixValues('SYNCSTATE#') },
  });
  return items.map(({ pk: _p, sk: _s, ...state }) => state as unknown as SyncState);
}

/**
 * The latest run of each wanted `<agentConnectorId>#<externalAccountId>`, reading the runs newest
 * first (projected) until each has one or `maxItems` runs were read: with a daily sync, the last
 * day's runs hold every linked account's, so this reads about one run per account.
 */
export async function latestRunsOf(
  companyId: number,
  wanted: ReadonlySet<string>,
  maxItems = 3000,
): Promise<Map<string, RunSummary>> {
  const out = new Map<string, RunSummary>();
  if (!wanted.size) return out;
  let start: Record<string, unknown> | undefined;
  let read = 0;
  do {
    const page: QueryCommandOutput = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': syncKeys.runsPk(companyId) },
        ProjectionExpression: 'AgentConnectorId, ExternalAccountId, RowsRead, StartedAt, #s',
        ExpressionAttributeNames: { '#s': 'Status' },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const run = item as RunSummary;
      const key = `${run.AgentConnectorId}#${run.ExternalAccountId}`;
      if (wanted.has(key) && !out.has(key)) out.set(key, run);
    }
    read += page.Items?.length ?? 0;
    start = page.LastEvaluatedKey;
  } while (start && out.size < wanted.size && read < maxItems);
  return out;
}

const runsRange = (companyId: number): KeyRange => ({
  keyAttributes: ['pk', 'sk'],
  partition: { attr: 'pk', value: syncKeys.runsPk(companyId) },
});

/**
 * One page of the company's runs, newest first, of one connection and one status when asked (a
 * FilterExpression), keeping those `visible` accepts (the caller's accounts). Reads on until the page
 * is full or `maxReads` Queries were made (a caller who sees few accounts may get a short page with
 * a token: never an endless read).
 */
export async function syncRunsPage(
  companyId: number,
  f: { agentConnectorId?: number; status?: string },
  limit: number,
  nextToken: string | null | undefined,
  visible: (run: SyncRun) => boolean,
  maxReads = 10,
): Promise<ListPage<SyncRun>> {
  const range = runsRange(companyId);
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (f.agentConnectorId !== undefined) {
    filters.push('AgentConnectorId = :a');
    values[':a'] = f.agentConnectorId;
  }
  if (f.status !== undefined) {
    filters.push('#s = :s');
    names['#s'] = 'Status';
    values[':s'] = f.status;
  }
  const cond = keyCondition(range);
  const q: QueryCommandInput = {
    TableName: tableName(),
    ...cond,
    ExpressionAttributeValues: { ...cond.ExpressionAttributeValues, ...values },
    ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ScanIndexForward: false,
  };
  const items: SyncRun[] = [];
  let start = decodeKeyToken(nextToken, range);
  for (let reads = 0; reads < maxReads && items.length < limit; reads++) {
    // Each page holds at most what is still wanted, so the visible ones never overflow the page and
    // the next read (and the token) resumes right after the last run looked at.
    const page = await queryPage(q, limit - items.length, start, range.keyAttributes);
    for (const item of page.items) {
      const { pk: _p, sk: _s, expiresAt: _e, ...run } = item;
      if (visible(run as unknown as SyncRun)) items.push(run as unknown as SyncRun);
    }
    start = page.lastKey;
    if (!start) break;
  }
  return { items, nextToken: keyToken(start) };
}

/** The company's live activities that end on or after `today` (gsi2 by end date; status filtered). */
export async function listLiveActivities(companyId: number, today: Day): Promise<LiveActivity[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk >= :from',
    FilterExpression: '#st = :live',
    ProjectionExpression: 'ID, AccountId, SubAccountId, #n',
    ExpressionAttributeNames: { '#st': 'Status', '#n': 'Name' },
    ExpressionAttributeValues: {
      ':pk': activityKeys.byCompanyPk(companyId),
      ':from': today,
      ':live': ActivityStatus.Live,
    },
  });
  return items.map((i) => ({
    ID: Number(i.ID),
    AccountId: Number(i.AccountId),
    SubAccountId: (i.SubAccountId as number | null | undefined) ?? null,
    Name: String(i.Name ?? ''),
  }));
}

/**
 * The platforms an account's rollups hold a day of within [from, to]: its rollup items are
 * `<day>#<currency>#<type>#<ad account>` (daily-stats.ts RollupBook), so the sort keys alone tell
 * (projected: nothing else is read back).
 */
export async function platformsWithData(
  companyId: number,
  accountId: number,
  from: Day,
  to: Day,
): Promise<Set<string>> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
    ExpressionAttributeValues: {
      ':pk': statKeys.account(companyId, accountId),
      ':a': `${from}#`,
      ':b': `${to}#\uffff`,
    },
    ProjectionExpression: 'sk',
  });
  return new Set(items.map((i) => String(i.sk).split('#')[2]).filter(Boolean));
}

/**
 * The stats of one ad account for [from, to] that were rolled up to no plan line (stored without
 * LineId: their campaign was unmapped when last synced or remapped). There is no rollup of unmapped
 * spend, so this is the ad account's stat partition for the window, with the mapped stats filtered
 * out by DynamoDB (they are still read, and counted in `scanned`). Eventually consistent (monitoring).
 */
export async function readUnmappedStats(
  companyId: number,
  type: ConnectorType,
  externalAccountId: string,
  from: Day,
  to: Day,
): Promise<{ stats: UnmappedStat[]; scanned: number }> {
  const stats: UnmappedStat[] = [];
  let scanned = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out: QueryCommandOutput = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
        FilterExpression: 'attribute_not_exists(LineId)',
        ProjectionExpression: 'sk, CampaignName, Currency, SpendMicros, Impressions, Clicks',
        ExpressionAttributeValues: {
          ':pk': statKeys.pk(companyId, type, externalAccountId),
          ':a': `${from}#`,
          ':b': `${to}#\uffff`,
        },
        ExclusiveStartKey: start,
      }),
    );
    scanned += out.ScannedCount ?? 0;
    for (const item of out.Items ?? []) {
      const sk = String(item.sk);
      stats.push({
        Date: sk.slice(0, 10),
        CampaignId: sk.slice(11),
        CampaignName: String(item.CampaignName ?? ''),
        Currency: String(item.Currency ?? ''),
        SpendMicros: Number(item.SpendMicros ?? 0),
        Impressions: Number(item.Impressions ?? 0),
        Clicks: Number(item.Clicks ?? 0),
      });
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return { stats, scanned };
}
