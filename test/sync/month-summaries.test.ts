import { randomInt } from 'node:crypto';
import { DeleteCommand, QueryCommand } from '../../lambdas/aws/dynamodb/commands';
import type { DailyStat, Day } from '../../lambdas/modules/connectors/platform';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { MEASURES, statKeys, type Measures } from '../../lambdas/modules/performance-data/stat-keys';
import { readLineRollup } from '../../lambdas/modules/performance-data/rollup-read-store.dynamodb';
import { daysOf, readMonthSummary } from '../../lambdas/modules/performance-data/month-summary-store.dynamodb';
import { DEFAULT_TIME_ZONE, addDaysTo } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { writeCsvRows } from '../../lambdas/modules/connectors/sync/csv-import';
import { retargetCampaign } from '../../lambdas/modules/connectors/sync/remap';
import { syncExternalAccount, type SyncDeps } from '../../lambdas/modules/connectors/sync/sync-account';
import { type LineTarget } from '../../lambdas/modules/connectors/sync/sync-ports';
import { memorySyncPorts } from '../support/memory-sync-ports';
import { MemoryPlatform } from '../support/memory-platform';
import { useTestTable } from '../support/world';
import { backfillMonthSummaries } from '../../scripts/backfill-month-summaries';

useTestTable();

/**
 * The month summaries (modules/performance-data/month-summary-store.dynamodb.ts) against their oracle, the line day rollups:
 * after each writer (sync, restatement, remap, CSV import), every line's summary of a month holds,
 * per currency, the sums of its day rollups of that month, and DaySpend / DayValue their spend / conversion value by day.
 */
const NOW = Date.now();
const TODAY = todayIn(DEFAULT_TIME_ZONE, NOW);
const FIRST_DAY = addDaysTo(TODAY, -89);
const LINE_A: LineTarget = { lineId: 601, activityId: 61, accountId: 6 };
const LINE_B: LineTarget = { lineId: 602, activityId: 61, accountId: 6 };
const months = (() => {
  const out = new Set<string>();
  for (let d = FIRST_DAY; d <= TODAY; d = addDaysTo(d, 1)) out.add(d.slice(0, 7));
  return [...out];
})();

interface Summed {
  m: Measures;
  days: Record<string, number>;
  values: Record<string, number>;
  activityId?: number;
}

/** What a line's summaries must hold: its day rollups summed by month#currency. */
async function fromRollups(companyId: number, lineId: number, activityId: number): Promise<Map<string, Summed>> {
  const out = new Map<string, Summed>();
  for (const r of await readLineRollup(companyId, lineId, '2000-01-01', '2999-12-31')) {
    const key = `${r.Period.slice(0, 7)}#${r.Currency}`;
    let e = out.get(key);
    if (!e)
      out.set(
        key,
        (e = { m: Object.fromEntries(MEASURES.map((k) => [k, 0])) as Measures, days: {}, values: {}, activityId }),
      );
    for (const k of MEASURES) e.m[k] += r[k];
    e.days[r.Period.slice(8)] = (e.days[r.Period.slice(8)] ?? 0) + r.SpendMicros;
    e.values[r.Period.slice(8)] = (e.values[r.Period.slice(8)] ?? 0) + r.ConversionValueMicros;
  }
  return out;
}

/** A line's summary items (every measure), by month#currency. */
async function summaries(companyId: number, lineId: number): Promise<Map<string, Summed>> {
  const out = new Map<string, Summed>();
  for (const month of months) {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :l)',
        ExpressionAttributeValues: { ':pk': statKeys.monthSummary(companyId, month), ':l': `${lineId}#` },
      }),
    );
    for (const item of page.Items ?? []) {
      expect(item.LineId).toBe(lineId);
      out.set(`${month}#${String(item.Currency)}`, {
        m: Object.fromEntries(MEASURES.map((k) => [k, Number(item[k])])) as Measures,
        days: daysOf(item).DaySpend,
        values: daysOf(item).DayValue!,
        activityId: item.ActivityId as number,
      });
    }
  }
  return out;
}

async function expectSummariesMatch(companyId: number, line: LineTarget) {
  const expected = await fromRollups(companyId, line.lineId, line.activityId);
  expect(await summaries(companyId, line.lineId)).toEqual(expected);
  return expected;
}

function setup() {
  const companyId = randomInt(1_000_000, 2_000_000_000);
  const ports = memorySyncPorts();
  ports.addConnector(companyId, {
    agentConnectorId: 7,
    connectorType: 'google_ads',
    credentials: { refreshToken: 'x' },
    externalAccounts: [{ externalAccountId: '111' }],
  });
  ports.map({ connectorType: 'google_ads', externalAccountId: '111', externalCampaignId: '1000' }, LINE_A);
  ports.map({ connectorType: 'google_ads', externalAccountId: '111', externalCampaignId: '1001' }, LINE_A);
  ports.map({ connectorType: 'google_ads', externalAccountId: '111', externalCampaignId: '1002' }, LINE_B);
  const platform = new MemoryPlatform({ campaigns: 4, batchRows: 50 });
  const deps: SyncDeps = {
    ports,
    clientFor: () => platform.client(),
    now: () => NOW,
    sleep: async () => undefined,
    settings: { restatementDays: 28, backfillDays: 90 },
  };
  return { companyId, ports, platform, deps };
}

const total = (m: Map<string, Summed>) => [...m.values()].reduce((s, e) => s + e.m.SpendMicros, 0);

describe('month summaries on DynamoDB Local', () => {
  it('a sync writes them, a restatement lowering spend rewrites them, a remap moves them from the old line to the new', async () => {
    const s = setup();
    await syncExternalAccount({ companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' }, s.deps);
    const a = await expectSummariesMatch(s.companyId, LINE_A);
    const b = await expectSummariesMatch(s.companyId, LINE_B);
    expect(a.size).toBe(months.length);
    expect(total(a)).toBeGreaterThan(0);
    expect(Object.keys([...a.values()][0].days).length).toBeGreaterThan(0);

    // Restated lower: the summaries follow.
    const restated = [addDaysTo(TODAY, -2), addDaysTo(TODAY, -15)];
    for (const d of restated) s.platform.restated.set(d, -5);
    await syncExternalAccount({ companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' }, s.deps);
    const a2 = await expectSummariesMatch(s.companyId, LINE_A);
    expect(total(a2)).toBeLessThan(total(a));

    // Campaign 1001 moves from line A to line B: its spend leaves A's summaries and joins B's.
    const ref = { connectorType: 'google_ads' as const, externalAccountId: '111', externalCampaignId: '1001' };
    const b2 = await expectSummariesMatch(s.companyId, LINE_B);
    s.ports.map(ref, LINE_B);
    await retargetCampaign(s.companyId, ref, s.ports);
    const a3 = await expectSummariesMatch(s.companyId, LINE_A);
    const b3 = await expectSummariesMatch(s.companyId, LINE_B);
    expect(total(a3) + total(b3)).toBe(total(a2) + total(b2));
    expect(total(b3)).toBeGreaterThan(total(b));
    // Unmapped: its spend is on no line, so in no summary.
    s.ports.map(ref, undefined);
    await retargetCampaign(s.companyId, ref, s.ports);
    expect(total(await expectSummariesMatch(s.companyId, LINE_B))).toBe(total(b2));
    // Line B's last campaign moves to A: B has no stat left, so no summary item either.
    const last = { ...ref, externalCampaignId: '1002' };
    s.ports.map(last, LINE_A);
    await retargetCampaign(s.companyId, last, s.ports);
    expect((await summaries(s.companyId, LINE_B.lineId)).size).toBe(0);
    const a4 = await expectSummariesMatch(s.companyId, LINE_A);
    expect(total(a4)).toBe(total(a3) + total(b2));

    // The company's month, as the dashboard reads it: line A only now, spend only.
    const month = TODAY.slice(0, 7);
    const rows = await readMonthSummary(s.companyId, month);
    expect(rows.map((r) => r.LineId)).toEqual([LINE_A.lineId]);
    expect(rows.find((r) => r.LineId === LINE_A.lineId)).toMatchObject({
      ActivityId: LINE_A.activityId,
      AccountId: LINE_A.accountId,
      Currency: 'ILS',
      SpendMicros: a4.get(`${month}#ILS`)!.m.SpendMicros,
    });
  });

  it('a CSV import writes them, and rewrites them when the file is imported again changed', async () => {
    const s = setup();
    const platform = new MemoryPlatform({ campaigns: 3, batchRows: 50, type: 'meta_ads' });
    const days: Day[] = Array.from({ length: 40 }, (_, i) => addDaysTo(TODAY, i - 45));
    const rows = (scale: number): DailyStat[] =>
      days.flatMap((d) =>
        [0, 1, 2].map((c) => {
          const x = platform.stat('csv-1', c, d);
          return { ...x, spend: Math.round(x.spend * scale * 100) / 100 };
        }),
      );
    for (const c of ['1000', '1001', '1002'])
      s.ports.map(
        { connectorType: 'csv_upload', externalAccountId: 'csv-1', externalCampaignId: c },
        c === '1002' ? LINE_B : LINE_A,
      );
    const spans = new Map([['csv-1', { from: days[0], to: days[days.length - 1] }]]);
    async function* batches(all: DailyStat[]) {
      for (let i = 0; i < all.length; i += 25) yield all.slice(i, i + 25);
    }
    await writeCsvRows(s.companyId, 9, batches(rows(1)), spans, { ports: s.ports, writeEvery: 40 });
    const a = await expectSummariesMatch(s.companyId, LINE_A);
    expect(total(a)).toBeGreaterThan(0);
    await expectSummariesMatch(s.companyId, LINE_B);
    // The file again with line B's campaign at 0 spend and nothing else: its summaries hold 0 spend.
    await writeCsvRows(
      s.companyId,
      9,
      batches(rows(1).map((r) => (r.externalCampaignId === '1002' ? { ...r, spend: 0 } : r))),
      spans,
      { ports: s.ports },
    );
    expect(total(await expectSummariesMatch(s.companyId, LINE_B))).toBe(0);
    expect(total(await expectSummariesMatch(s.companyId, LINE_A))).toBe(total(a));
  });

  it('the one-off backfill writes them for data stored before they existed', async () => {
    const s = setup();
    await syncExternalAccount({ companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' }, s.deps);
    const before = await summaries(s.companyId, LINE_A.lineId);
    for (const month of months) {
      const page = await ddb().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': statKeys.monthSummary(s.companyId, month) },
        }),
      );
      for (const item of page.Items ?? [])
        await ddb().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
    }
    expect((await summaries(s.companyId, LINE_A.lineId)).size).toBe(0);
    expect(await backfillMonthSummaries(s.companyId)).toBe(2 * months.length);
    expect(await summaries(s.companyId, LINE_A.lineId)).toEqual(before);
    await expectSummariesMatch(s.companyId, LINE_B);
  });
});
