import { randomInt } from 'node:crypto';
import { PlatformError, type Day } from '../../lambdas/modules/connectors/platform';
import { measuresOf } from '../../lambdas/modules/performance-data/stat-values';
import { MEASURES, statKeys, zeroMeasures, type Measures } from '../../lambdas/modules/performance-data/stat-keys';
import {
  readActivityRollup,
  readLineRollup,
  readAccountRollup,
} from '../../lambdas/modules/performance-data/rollup-read-store.dynamodb';
import { readStats } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import type { StoredStat } from '../../lambdas/modules/performance-data/daily-stat-store';
import { getSyncState, listSyncRuns, putSyncState } from '../../lambdas/modules/connectors/sync-run-store.dynamodb';
import { DeleteCommand, ScanCommand } from '../../lambdas/aws/dynamodb/commands';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { DEFAULT_TIME_ZONE, addDaysTo } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { dispatchCompanySync, inProcessSyncQueue } from '../../lambdas/modules/connectors/sync/dispatch';
import { retargetCampaign } from '../../lambdas/modules/connectors/sync/remap';
import { syncExternalAccount, type SyncDeps } from '../../lambdas/modules/connectors/sync/sync-account';
import { type LineTarget } from '../../lambdas/modules/connectors/sync/sync-ports';
import { memorySyncPorts, type MemorySyncPorts } from '../support/memory-sync-ports';
import { syncWindow } from '../../lambdas/modules/connectors/sync/sync-window';
import { MemoryPlatform } from '../support/memory-platform';
import { useTestTable } from '../support/world';

useTestTable();

const NOW = Date.now();
const TODAY = todayIn(DEFAULT_TIME_ZONE, NOW);
const LINE_A: LineTarget = { lineId: 501, activityId: 51, accountId: 5 };
const LINE_B: LineTarget = { lineId: 502, activityId: 51, accountId: 5 };

interface Setup {
  companyId: number;
  ports: MemorySyncPorts;
  platform: MemoryPlatform;
  deps: SyncDeps;
  waits: number[];
}

/** A company with one Google Ads connector (id 7) over `accounts`, 4 campaigns each: 1000, 1001 → line A, 1002 → line B, 1003 unmapped. */
function setup(accounts = ['111'], campaigns = 4): Setup {
  const companyId = randomInt(1_000_000, 2_000_000_000);
  const ports = memorySyncPorts();
  ports.addConnector(companyId, {
    agentConnectorId: 7,
    connectorType: 'google_ads',
    credentials: { refreshToken: 'secret-token' },
    externalAccounts: accounts.map((externalAccountId) => ({ externalAccountId })),
  });
  for (const externalAccountId of accounts) {
    ports.map({ connectorType: 'google_ads', externalAccountId, externalCampaignId: '1000' }, LINE_A);
    ports.map({ connectorType: 'google_ads', externalAccountId, externalCampaignId: '1001' }, LINE_A);
    ports.map({ connectorType: 'google_ads', externalAccountId, externalCampaignId: '1002' }, LINE_B);
  }
  const platform = new MemoryPlatform({ campaigns, batchRows: 50 });
  const waits: number[] = [];
  const deps: SyncDeps = {
    ports,
    clientFor: () => platform.client(),
    now: () => NOW,
    sleep: async (ms) => {
      waits.push(ms);
    },
    settings: { restatementDays: 28, backfillDays: 90 },
  };
  return { companyId, ports, platform, deps, waits };
}

async function stored(companyId: number, account = '111'): Promise<StoredStat[]> {
  const out: StoredStat[] = [];
  for await (const page of readStats(companyId, 'google_ads', account, '2000-01-01', '2999-12-31')) out.push(...page);
  return out;
}

/** What a line's rollup must hold: the platform's current figures of its campaigns, summed per day. */
function expectedByDay(
  platform: MemoryPlatform,
  accounts: string[],
  campaigns: number[],
  from: Day,
  to: Day,
): Map<Day, Measures> {
  const out = new Map<Day, Measures>();
  for (let day = from; day <= to; day = addDaysTo(day, 1)) {
    const sum = zeroMeasures();
    for (const a of accounts)
      for (const c of campaigns) {
        const m = measuresOf(platform.stat(a, c, day));
        for (const k of MEASURES) sum[k] += m[k];
      }
    out.set(day, sum);
  }
  return out;
}

async function lineByDay(companyId: number, lineId: number): Promise<Map<Day, Measures>> {
  const rows = await readLineRollup(companyId, lineId, '2000-01-01', '2999-12-31');
  return new Map(
    rows
      .filter((r) => MEASURES.some((m) => r[m] !== 0))
      .map((r) => [r.Period, Object.fromEntries(MEASURES.map((m) => [m, r[m]])) as Measures]),
  );
}

const FIRST_DAY = addDaysTo(TODAY, -89);

describe('the sync window', () => {
  it('backfills on a first sync, re-reads the restatement days, and reaches back to the last sync', () => {
    expect(syncWindow('2026-03-31', undefined, { restatementDays: 28, backfillDays: 90 })).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(syncWindow('2026-03-31', '2026-03-30', { restatementDays: 28, backfillDays: 90 })).toEqual({
      from: '2026-03-04',
      to: '2026-03-31',
    });
    expect(syncWindow('2026-03-31', '2026-02-01', { restatementDays: 28, backfillDays: 90 })).toEqual({
      from: '2026-02-01',
      to: '2026-03-31',
    });
  });

  it('backfills from the earliest start of the flights the account feeds, once, within what the platform keeps', () => {
    const settings = { restatementDays: 28, backfillDays: 90 };
    // The flight started two days before the 90 days: the first sync reads from its start.
    expect(syncWindow('2026-03-31', undefined, settings, { flightsFrom: '2025-12-30' })).toEqual({
      from: '2025-12-30',
      to: '2026-03-31',
    });
    // A flight inside the 90 days changes nothing.
    expect(syncWindow('2026-03-31', undefined, settings, { flightsFrom: '2026-02-01' })).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    // An ad account synced before from a later day (a flight added or linked since): read back to the flight once.
    expect(
      syncWindow('2026-03-31', '2026-03-30', settings, { syncedFrom: '2026-01-01', flightsFrom: '2025-11-01' }),
    ).toEqual({ from: '2025-11-01', to: '2026-03-31' });
    expect(
      syncWindow('2026-03-31', '2026-03-30', settings, { syncedFrom: '2025-11-01', flightsFrom: '2025-11-01' }),
    ).toEqual({ from: '2026-03-04', to: '2026-03-31' });
    // Older than the platform keeps: from its first kept day, and said.
    expect(
      syncWindow('2026-03-31', undefined, settings, { flightsFrom: '2023-01-01', retainedFrom: '2023-03-01' }),
    ).toEqual({ from: '2023-03-01', to: '2026-03-31', shortOf: '2023-01-01' });
    // Already read from the first kept day: not read again at every sync.
    expect(
      syncWindow('2026-03-31', '2026-03-30', settings, {
        syncedFrom: '2023-03-01',
        flightsFrom: '2023-01-01',
        retainedFrom: '2023-03-02',
      }),
    ).toEqual({ from: '2026-03-04', to: '2026-03-31' });
  });
});

describe('sync engine on DynamoDB Local', () => {
  it('is idempotent: the same window twice leaves the same items and the same rollups', async () => {
    const s = setup();
    const first = await syncExternalAccount(
      { companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' },
      s.deps,
    );
    expect(first).toMatchObject({ Status: 'OK', From: FIRST_DAY, To: TODAY, RowsRead: 360, RowsWritten: 360 });
    const items = await stored(s.companyId);
    expect(items).toHaveLength(360);
    expect(await lineByDay(s.companyId, LINE_A.lineId)).toEqual(
      expectedByDay(s.platform, ['111'], [0, 1], FIRST_DAY, TODAY),
    );
    expect(await lineByDay(s.companyId, LINE_B.lineId)).toEqual(
      expectedByDay(s.platform, ['111'], [2], FIRST_DAY, TODAY),
    );
    const lineBefore = await lineByDay(s.companyId, LINE_A.lineId);
    const activityBefore = await readActivityRollup(s.companyId, LINE_A.activityId, '2000-01-01', '2999-12-31');
    const accountBefore = await readAccountRollup(s.companyId, LINE_A.accountId, '2000-01', '2999-12');

    const second = await syncExternalAccount(
      { companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' },
      s.deps,
    );
    expect(second).toMatchObject({ Status: 'OK', From: addDaysTo(TODAY, -27), RowsRead: 112, RowsWritten: 0 });
    expect(await stored(s.companyId)).toEqual(items);
    expect(await lineByDay(s.companyId, LINE_A.lineId)).toEqual(lineBefore);
    expect(await readActivityRollup(s.companyId, LINE_A.activityId, '2000-01-01', '2999-12-31')).toEqual(
      activityBefore,
    );
    expect(await readAccountRollup(s.companyId, LINE_A.accountId, '2000-01', '2999-12')).toEqual(accountBefore);
    // The unmapped campaign is kept, and rolls up nowhere.
    expect(items.filter((i) => i.CampaignId === '1003')).toHaveLength(90);
    expect(items.filter((i) => i.CampaignId === '1003').every((i) => i.LineId === undefined)).toBe(true);
    // The activity holds lines A and B; the account's months hold the same sums.
    const spend = (rows: { SpendMicros: number }[]) => rows.reduce((t, r) => t + r.SpendMicros, 0);
    expect(spend(activityBefore)).toBe(spend(items.filter((i) => i.LineId !== undefined)));
    expect(spend(accountBefore)).toBe(spend(activityBefore));
    expect(s.ports.campaigns.size).toBe(4);
    expect([...s.ports.results.values()]).toEqual([expect.objectContaining({ status: 'OK' })]);
    expect((await getSyncState(s.companyId, 7, '111'))?.LastSyncedTo).toBe(TODAY);
  });

  it('a first sync reads back to the start of the flights the ad account feeds, records where its data starts, and does not read it again', async () => {
    const s = setup();
    const flightStart = addDaysTo(TODAY, -91);
    s.ports.flightsFrom = async (_companyId, agentConnectorId, externalAccountId) =>
      agentConnectorId === 7 && externalAccountId === '111' ? flightStart : undefined;
    const first = await syncExternalAccount(
      { companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' },
      s.deps,
    );
    expect(first).toMatchObject({ Status: 'OK', From: flightStart, To: TODAY });
    expect(await lineByDay(s.companyId, LINE_A.lineId)).toEqual(
      expectedByDay(s.platform, ['111'], [0, 1], flightStart, TODAY),
    );
    expect(await getSyncState(s.companyId, 7, '111')).toMatchObject({ SyncedFrom: flightStart, LastSyncedTo: TODAY });
    const second = await syncExternalAccount(
      { companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' },
      s.deps,
    );
    expect(second).toMatchObject({ Status: 'OK', From: addDaysTo(TODAY, -27) });
    expect((await getSyncState(s.companyId, 7, '111'))?.SyncedFrom).toBe(flightStart);
  });

  it('a restated day replaces the stored values and the rollups follow exactly', async () => {
    const s = setup();
    await syncExternalAccount({ companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' }, s.deps);
    const restatedDays = [addDaysTo(TODAY, -3), addDaysTo(TODAY, -10), addDaysTo(TODAY, -20)];
    for (const d of restatedDays) s.platform.restated.set(d, 5);
    const run = await syncExternalAccount(
      { companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' },
      s.deps,
    );
    expect(run).toMatchObject({ Status: 'OK', RowsWritten: 12 });
    const items = await stored(s.companyId);
    expect(items).toHaveLength(360);
    const one = items.find((i) => i.Date === restatedDays[0] && i.CampaignId === '1000')!;
    expect(one.Impressions).toBe(s.platform.stat('111', 0, restatedDays[0]).impressions);
    expect(await lineByDay(s.companyId, LINE_A.lineId)).toEqual(
      expectedByDay(s.platform, ['111'], [0, 1], FIRST_DAY, TODAY),
    );
    expect(await lineByDay(s.companyId, LINE_B.lineId)).toEqual(
      expectedByDay(s.platform, ['111'], [2], FIRST_DAY, TODAY),
    );
  });

  it('one account failing is recorded on it and stops neither the others nor touches its stored data', async () => {
    const s = setup(['111', '222']);
    const queue = inProcessSyncQueue(s.deps);
    expect(await dispatchCompanySync(s.companyId, s.ports, queue)).toHaveLength(2);
    await queue.idle();
    const before111 = await stored(s.companyId, '111');
    expect(before111).toHaveLength(360);

    s.platform.failures.set('111', [
      {
        error: new PlatformError(
          'auth',
          'The Google sign-in expired or was revoked; reconnect',
          'google_ads',
          undefined,
          'UNAUTHENTICATED',
        ),
      },
    ]);
    s.platform.restated.set(addDaysTo(TODAY, -1), 3);
    await dispatchCompanySync(s.companyId, s.ports, queue);
    await queue.idle();

    expect(await stored(s.companyId, '111')).toEqual(before111);
    const after222 = await stored(s.companyId, '222');
    expect(after222.find((i) => i.Date === addDaysTo(TODAY, -1) && i.CampaignId === '1000')!.Impressions).toBe(
      s.platform.stat('222', 0, addDaysTo(TODAY, -1)).impressions,
    );
    const state111 = await getSyncState(s.companyId, 7, '111');
    expect(state111).toMatchObject({
      Status: 'NoAccess',
      LastError: 'The Google sign-in expired or was revoked; reconnect',
      LastSyncedTo: TODAY,
    });
    expect(s.ports.results.get(`${s.companyId}|7|111`)).toMatchObject({
      status: 'NoAccess',
      error: expect.stringContaining('reconnect'),
    });
    expect(s.ports.results.get(`${s.companyId}|7|222`)).toMatchObject({ status: 'OK' });
    const runs = await listSyncRuns(s.companyId);
    expect(runs).toHaveLength(4);
    expect(runs.filter((r) => r.Status === 'NoAccess')).toEqual([
      expect.objectContaining({
        ExternalAccountId: '111',
        ErrorKind: 'auth',
        PlatformCode: 'UNAUTHENTICATED',
        RowsWritten: 0,
      }),
    ]);
    // Line A sums both accounts' campaigns, with account 111 as it was and 222 restated.
    const expected = expectedByDay(s.platform, ['222'], [0, 1], FIRST_DAY, TODAY);
    s.platform.restated.clear();
    const old111 = expectedByDay(s.platform, ['111'], [0, 1], FIRST_DAY, TODAY);
    for (const [day, m] of old111) for (const k of MEASURES) expected.get(day)![k] += m[k];
    expect(await lineByDay(s.companyId, LINE_A.lineId)).toEqual(expected);
    // No credential in any run, nor anywhere in the company's items.
    expect(JSON.stringify(runs)).not.toContain('secret-token');
    // Every page of the scan: one Scan call reads at most 1 MB of the (shared) table before filtering.
    const everything: Record<string, unknown>[] = [];
    let from: Record<string, unknown> | undefined;
    do {
      const page = await ddb().send(
        new ScanCommand({
          TableName: tableName(),
          FilterExpression: 'begins_with(pk, :c)',
          ExpressionAttributeValues: { ':c': `C#${s.companyId}` },
          ExclusiveStartKey: from,
        }),
      );
      everything.push(...(page.Items ?? []));
      from = page.LastEvaluatedKey;
    } while (from);
    expect(everything.length).toBeGreaterThan(720);
    expect(JSON.stringify(everything)).not.toContain('secret-token');
  });

  it('a throttled platform is waited for as long as it asks, then the window is read again without doubling', async () => {
    const s = setup();
    await syncExternalAccount({ companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' }, s.deps);
    s.platform.restated.set(addDaysTo(TODAY, -2), 2);
    s.platform.failures.set('111', [
      { error: new PlatformError('throttled', 'Too many requests', 'google_ads', 7000), afterBatches: 1 },
      { error: new PlatformError('transient', 'HTTP 503', 'google_ads') },
    ]);
    // While it waits, the run already says why (still Running): Monitoring shows the failure at once, not when the run ends.
    const seenWhileWaiting: unknown[] = [];
    const deps = {
      ...s.deps,
      sleep: async (ms: number) => {
        s.waits.push(ms);
        const running = (await listSyncRuns(s.companyId, { agentConnectorId: 7 })).filter(
          (r) => r.Status === 'Running',
        );
        seenWhileWaiting.push(...running.map((r) => ({ Status: r.Status, Error: r.Error, ErrorKind: r.ErrorKind })));
      },
    };
    const run = await syncExternalAccount(
      { companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' },
      deps,
    );
    expect(seenWhileWaiting).toEqual([
      { Status: 'Running', Error: 'Too many requests', ErrorKind: 'throttled' },
      { Status: 'Running', Error: 'HTTP 503', ErrorKind: 'transient' },
    ]);
    expect(s.waits).toEqual([7000, 4000]);
    expect(run).toMatchObject({ Status: 'OK', Attempts: 3 });
    expect(run?.Error).toBeUndefined();
    expect(await lineByDay(s.companyId, LINE_A.lineId)).toEqual(
      expectedByDay(s.platform, ['111'], [0, 1], FIRST_DAY, TODAY),
    );

    // Bounded: a platform that keeps throttling ends the run as an Error after maxAttempts.
    s.waits.length = 0;
    s.platform.failures.set(
      '111',
      Array.from({ length: 5 }, () => ({
        error: new PlatformError('throttled', 'Too many requests', 'google_ads', 1000),
      })),
    );
    const gaveUp = await syncExternalAccount(
      { companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' },
      { ...s.deps, maxAttempts: 3 },
    );
    expect(s.waits).toEqual([1000, 1000]);
    expect(gaveUp).toMatchObject({ Status: 'Error', Attempts: 3, ErrorKind: 'throttled', Error: 'Too many requests' });
  });

  it('a long window is synced in slices of ≤ 31 days (memory does not grow with it); a failure mid-slice re-reads that slice only, and the rollups are exact', async () => {
    const s = setup();
    // The second slice's call fails after its first batch (part of its days written), then succeeds.
    const calls: { from: Day; to: Day }[] = [];
    const client = s.platform.client();
    let call = 0;
    const deps: SyncDeps = {
      ...s.deps,
      clientFor: () => ({
        ...client,
        dailyStats: (account: string, from: Day, to: Day) => {
          calls.push({ from, to });
          // Only the 2nd call takes the queued failure (after one batch).
          if (++call === 2)
            s.platform.failures.set('111', [
              { error: new PlatformError('transient', 'HTTP 503', 'google_ads'), afterBatches: 1 },
            ]);
          else s.platform.failures.delete('111');
          return client.dailyStats(account, from, to);
        },
      }),
    };
    const run = await syncExternalAccount(
      { companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' },
      deps,
    );
    expect(calls).toEqual([
      { from: FIRST_DAY, to: addDaysTo(FIRST_DAY, 30) },
      { from: addDaysTo(FIRST_DAY, 31), to: addDaysTo(FIRST_DAY, 61) },
      { from: addDaysTo(FIRST_DAY, 31), to: addDaysTo(FIRST_DAY, 61) },
      { from: addDaysTo(FIRST_DAY, 62), to: TODAY },
    ]);
    // Read: the 90 days, plus the failed call's first batch again (whole days of 4 campaigns, ≥ 50 rows: 52).
    expect(run).toMatchObject({
      Status: 'OK',
      From: FIRST_DAY,
      To: TODAY,
      Attempts: 2,
      RowsRead: 360 + 52,
      RowsWritten: 360,
    });
    expect(s.waits).toHaveLength(1);
    expect(await stored(s.companyId)).toHaveLength(360);
    expect(await lineByDay(s.companyId, LINE_A.lineId)).toEqual(
      expectedByDay(s.platform, ['111'], [0, 1], FIRST_DAY, TODAY),
    );
    expect(await lineByDay(s.companyId, LINE_B.lineId)).toEqual(
      expectedByDay(s.platform, ['111'], [2], FIRST_DAY, TODAY),
    );
  });

  it('a remapped campaign moves its history between line rollups, exactly', async () => {
    const s = setup();
    await syncExternalAccount({ companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' }, s.deps);
    const ref = { connectorType: 'google_ads' as const, externalAccountId: '111', externalCampaignId: '1001' };
    s.ports.map(ref, LINE_B);
    expect(await retargetCampaign(s.companyId, ref, s.ports)).toBe(90);
    expect(await lineByDay(s.companyId, LINE_A.lineId)).toEqual(
      expectedByDay(s.platform, ['111'], [0], FIRST_DAY, TODAY),
    );
    expect(await lineByDay(s.companyId, LINE_B.lineId)).toEqual(
      expectedByDay(s.platform, ['111'], [1, 2], FIRST_DAY, TODAY),
    );
    // A re-sync after the move writes nothing and keeps the rollups.
    expect(
      await syncExternalAccount({ companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' }, s.deps),
    ).toMatchObject({ RowsWritten: 0 });
    // Unmapped: its history leaves every rollup, and is kept.
    s.ports.map(ref, undefined);
    expect(await retargetCampaign(s.companyId, ref, s.ports)).toBe(90);
    expect(await lineByDay(s.companyId, LINE_B.lineId)).toEqual(
      expectedByDay(s.platform, ['111'], [2], FIRST_DAY, TODAY),
    );
    expect((await stored(s.companyId)).filter((i) => i.CampaignId === '1001')).toHaveLength(90);
  });

  it('a mapping changed between two syncs is corrected by the next restated write', async () => {
    const s = setup();
    await syncExternalAccount({ companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' }, s.deps);
    s.ports.map({ connectorType: 'google_ads', externalAccountId: '111', externalCampaignId: '1000' }, LINE_B);
    const run = await syncExternalAccount(
      { companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' },
      s.deps,
    );
    // The window's 28 days of campaign 1000 move (their stored target differs); older days wait for retargetCampaign.
    expect(run?.RowsWritten).toBe(28);
    const lineB = await lineByDay(s.companyId, LINE_B.lineId);
    const expectedRecent = expectedByDay(s.platform, ['111'], [0, 2], addDaysTo(TODAY, -27), TODAY);
    for (const [day, m] of expectedRecent) expect(lineB.get(day)).toEqual(m);
  });

  it('a run that died between its stats and their rollups is healed by the next run', async () => {
    const s = setup();
    await syncExternalAccount({ companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' }, s.deps);
    const lineBefore = await lineByDay(s.companyId, LINE_A.lineId);
    // The crash: two days of line A's rollups lost, the state left Running.
    for (const day of [addDaysTo(TODAY, -1), addDaysTo(TODAY, -5)]) {
      await ddb().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: { pk: statKeys.line(s.companyId, LINE_A.lineId), sk: `${day}#ILS#google_ads#111` },
        }),
      );
    }
    expect((await lineByDay(s.companyId, LINE_A.lineId)).size).toBe(88);
    await putSyncState(s.companyId, { ...(await getSyncState(s.companyId, 7, '111'))!, Status: 'Running' });
    const run = await syncExternalAccount(
      { companyId: s.companyId, agentConnectorId: 7, externalAccountId: '111' },
      s.deps,
    );
    expect(run).toMatchObject({ Status: 'OK', RowsWritten: 0 });
    expect(await lineByDay(s.companyId, LINE_A.lineId)).toEqual(lineBefore);
  });
});
