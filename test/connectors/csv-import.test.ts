import { upsertDiscoveredCampaign } from '../../lambdas/modules/connectors/campaign-store.dynamodb';
import { readLineRollup } from '../../lambdas/modules/performance-data/rollup-read-store.dynamodb';
import { readStats } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import type { DailyStat } from '../../lambdas/modules/connectors/platform';
import { writeCsvRows, type CsvWriteProgress } from '../../lambdas/modules/connectors/sync/csv-import';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS, CSV_TEMPLATE_HEADER } from '../../lambdas/shared/connectors';
import { expectError, expectOk } from '../media-plans/helpers';
import type { Reply } from '../support/world';
import { seedApproved } from '../support/media-plans';
import { invoke, makeCompany, tableSnapshot, type Company } from '../support/world';

/**
 * The CSV upload of the daily grain through the routes (the API's event, in process)
 * and the local S3 server: upload form → POST to storage → import → stats and rollups.
 */
let c: Company;
let agentId: number;
let lineId: number;
const ACC = 'csv-acc-1';
const OTHER_ACC = 'csv-acc-2';

/** The refusal, checked for its status. */
const refused = (r: Reply, status: number) => {
  expectError(r, status);
  return r as Reply & {
    body: {
      ErrorIssues?: { line: number; field?: string; code: string; params: Record<string, unknown> }[];
      ErrorParams: Record<string, string | number>;
    };
  };
};

const call = (method: string, body: unknown, as = c.admin) =>
  invoke('ConnectorsService', method, { as, body, accountId: c.accounts.main.ID });

beforeAll(async () => {
  c = await makeCompany('CSV Import Agency');
  const plan = await seedApproved(c, 1);
  lineId = plan.lines[0].ID;
  agentId = expectOk(
    await call('SaveAgentConnector', { agentConnector: { ID: 0, ConnectorId: 4, Name: 'Agency CSV' } }),
  ).ID;
  expectOk(
    await call('SaveAccountConnector', {
      accountConnector: {
        ID: 0,
        AccountId: c.accounts.main.ID,
        AgentConnectorId: agentId,
        ExternalAccountIds: [ACC, OTHER_ACC],
        NamingRule: '',
      },
    }),
  );
  // c1 is mapped to the plan line before its first import (explicitly: a route reads the rule's stored reading, never RE2).
  const c1 = await upsertDiscoveredCampaign(c.companyId, {
    ConnectorType: 'csv_upload',
    ExternalAccountId: ACC,
    ExternalCampaignId: 'c1',
    Name: 'Search',
    Status: '',
  });
  expectOk(
    await invoke('AccountsService', 'SaveCampaign', {
      as: c.planner,
      accountId: c.accounts.main.ID,
      body: { globalCampaign: { ID: c1.ID, MediaChannelId: lineId } },
    }),
  );
});

/** Posts the file to storage through the route's form; answers the import id. */
async function upload(text: string, size = Buffer.byteLength(text)): Promise<string> {
  const form = expectOk(await call('GetCsvUploadUrl', { agentConnectorId: agentId, fileName: 'stats.csv', size }));
  const body = new FormData();
  for (const [k, v] of Object.entries(form.Fields as Record<string, string>)) body.append(k, v);
  body.append('file', new Blob([text], { type: 'text/csv' }), 'stats.csv');
  const res = await fetch(form.Url, { method: 'POST', body });
  expect(res.status).toBeLessThan(300);
  return form.ImportId;
}

const importFile = async (text: string, extra: Record<string, unknown> = {}) =>
  call('ImportCampaignStatsCsv', {
    agentConnectorId: agentId,
    importId: await upload(text),
    fileName: 'stats.csv',
    ...extra,
  });

const row = (date: string, campaign: string, name: string, spend: number, account = ACC, impressions = 1000) =>
  `${date},google_ads,${account},${campaign},${name},${impressions},10,${spend},ILS,2,50.5,0`;

const spendOf = async (account: string, from: string, to: string) => {
  const out: Record<string, number> = {};
  for await (const page of readStats(c.companyId, 'csv_upload', account, from, to))
    for (const s of page) out[`${s.Date}#${s.CampaignId}`] = s.SpendMicros / 1e6;
  return out;
};
const lineSpend = async () =>
  (await readLineRollup(c.companyId, lineId, '2026-01-01', '2026-01-31')).reduce((a, r) => a + r.SpendMicros, 0) / 1e6;

describe('CSV import of the daily grain', () => {
  it('writes a good file: its stats under the CSV connection, the line rollups of mapped campaigns, and a run with the summary', async () => {
    const file = [
      CSV_TEMPLATE_HEADER,
      row('2026-01-01', 'c1', `Search [L${lineId}]`, 100),
      row('2026-01-02', 'c1', `Search [L${lineId}]`, 50.25),
      row('2026-01-01', 'c2', 'Unmapped display', 30),
      row('2026-01-03', 'c9', 'Other account', 7, OTHER_ACC),
    ].join('\n');
    const done = expectOk(await importFile(file));
    expect(done).toMatchObject({
      Status: 'OK',
      Phase: 'done',
      RowsTotal: 4,
      RowsDone: 4,
      RowsWritten: 4,
      Days: 3,
      Campaigns: 3,
      Accounts: 2,
      From: '2026-01-01',
      To: '2026-01-03',
      FileName: 'stats.csv',
    });
    expect(await spendOf(ACC, '2026-01-01', '2026-01-31')).toEqual({
      '2026-01-01#c1': 100,
      '2026-01-02#c1': 50.25,
      '2026-01-01#c2': 30,
    });
    expect(await lineSpend()).toBeCloseTo(150.25, 6);
    // The run is readable while and after the import runs.
    expect(expectOk(await call('GetCsvImport', { importId: done.ImportId }))).toMatchObject({
      Status: 'OK',
      RowsWritten: 4,
    });
    // The campaigns are listed (named as the file's last day names them), c1 on its line, c2 unmapped.
    const list = expectOk(await call('GetCampaignsList', { accountId: c.accounts.main.ID }));
    const c1 = list.Items.find((i: { ExternalCampaignId: string }) => i.ExternalCampaignId === 'c1');
    expect(c1).toMatchObject({
      ConnectorType: 'csv_upload',
      ExternalAccountId: ACC,
      Name: `Search [L${lineId}]`,
      MappedBy: 'explicit',
      MappedLineId: lineId,
    });
    expect(list.Items.find((i: { ExternalCampaignId: string }) => i.ExternalCampaignId === 'c2')).toMatchObject({
      MappedLineId: null,
    });
  });

  it('is idempotent: the same file again writes no row and changes no rollup; a restated value replaces', async () => {
    const file = [
      CSV_TEMPLATE_HEADER,
      row('2026-01-01', 'c1', `Search [L${lineId}]`, 100),
      row('2026-01-02', 'c1', `Search [L${lineId}]`, 50.25),
    ].join('\n');
    const again = expectOk(await importFile(file));
    expect(again).toMatchObject({ Status: 'OK', RowsTotal: 2, RowsDone: 2, RowsWritten: 0 });
    expect(await lineSpend()).toBeCloseTo(150.25, 6);
    const restated = expectOk(
      await importFile([CSV_TEMPLATE_HEADER, row('2026-01-02', 'c1', `Search [L${lineId}]`, 80)].join('\n')),
    );
    expect(restated).toMatchObject({ RowsWritten: 1 });
    expect((await spendOf(ACC, '2026-01-02', '2026-01-02'))['2026-01-02#c1']).toBe(80);
    expect(await lineSpend()).toBeCloseTo(180, 6);
  });

  it('refuses a file with 3 bad rows, listing each with its line and reason, and writes nothing', async () => {
    const before = await tableSnapshot();
    const file = [
      CSV_TEMPLATE_HEADER,
      row('2026-01-05', 'c1', 'ok', 1),
      row('2026-02-30', 'c1', 'bad date', 1),
      row('2026-01-06', 'c1', 'ok', 2),
      row('2026-01-07', 'c1', 'negative', -5),
      '2026-01-08,google_ads,csv-acc-1,c1,too few',
    ].join('\r\n');
    const r = refused(await importFile(file), 400);
    expect(r.body.ErrorCode).toBe('CSV_LINE_INVALID');
    expect(r.body.ErrorParams).toMatchObject({ count: 3, line: 3 });
    expect(
      r.body.ErrorIssues!.map((i: { line: number; field?: string; code: string }) => [i.line, i.field, i.code]),
    ).toEqual([
      [3, 'date', 'DATE_NOT_REAL'],
      [5, 'spend', 'NOT_NEGATIVE'],
      [6, undefined, 'CSV_VALUE_COUNT'],
    ]);
    expect(await tableSnapshot()).toEqual(before);
  });

  it('refuses an ad account no account connector of the connection links, naming it once; and one outside the chosen account connector', async () => {
    const before = await tableSnapshot();
    const file = [
      CSV_TEMPLATE_HEADER,
      row('2026-01-05', 'c1', 'x', 1),
      row('2026-01-05', 'z1', 'x', 1, 'stranger-1'),
      row('2026-01-06', 'z1', 'x', 1, 'stranger-1'),
    ].join('\n');
    const r = refused(await importFile(file), 400);
    expect(r.body.ErrorCode).toBe('CSV_LINE_INVALID');
    expect(r.body.ErrorIssues).toEqual([
      expect.objectContaining({
        line: 3,
        field: 'account',
        code: 'ACCOUNT_NOT_LINKED',
        params: expect.objectContaining({ account: 'stranger-1' }),
      }),
    ]);
    expect(await tableSnapshot()).toEqual(before);

    // Through one account connector (the sub-account's), only its ad accounts: the main account's is refused.
    const sub = expectOk(
      await call('SaveAccountConnector', {
        accountConnector: {
          ID: 0,
          AccountId: c.accounts.sub.ID,
          AgentConnectorId: agentId,
          ExternalAccountIds: ['csv-acc-sub'],
          NamingRule: '',
        },
      }),
    );
    const beforeSub = await tableSnapshot();
    const viaSub = refused(
      await importFile([CSV_TEMPLATE_HEADER, row('2026-01-05', 'c1', 'x', 1)].join('\n'), {
        accountConnectorId: sub.ID,
      }),
      400,
    );
    expect(viaSub.body.ErrorIssues).toEqual([
      expect.objectContaining({
        line: 2,
        code: 'ACCOUNT_NOT_LINKED',
        params: expect.objectContaining({ account: ACC }),
      }),
    ]);
    expect(await tableSnapshot()).toEqual(beforeSub);
  });

  it('refuses a file over the size limit before the upload, and one over the row limit before writing', async () => {
    const big = refused(
      await call('GetCsvUploadUrl', { agentConnectorId: agentId, fileName: 'big.csv', size: CSV_IMPORT_MAX_BYTES + 1 }),
      413,
    );
    expect(big.body.ErrorCode).toBe('CSV_TOO_LARGE');
    const before = await tableSnapshot();
    const lines = [CSV_TEMPLATE_HEADER];
    for (let i = 0; i <= CSV_IMPORT_MAX_ROWS; i++) lines.push(`2026-03-01,other,${ACC},k${i},n,1,0,1,ILS,,,`);
    const many = refused(await importFile(lines.join('\n')), 413);
    expect(many.body.ErrorCode).toBe('CSV_TOO_MANY_ROWS');
    expect(await tableSnapshot()).toEqual(before);
  });

  it('refuses a naming rule on a CSV connection (no sync evaluates it), naming the field, and changes nothing', async () => {
    const before = await tableSnapshot();
    const r = refused(
      await call('SaveAccountConnector', {
        accountConnector: {
          ID: 0,
          AccountId: c.accounts.sub.ID,
          AgentConnectorId: agentId,
          ExternalAccountIds: ['csv-acc-9'],
          NamingRule: '\\[L(\\d+)\\]',
        },
      }),
      400,
    );
    expect(r.body.ErrorParams.field).toBe('accountConnector.NamingRule');
    expect(await tableSnapshot()).toEqual(before);
  });

  it('refuses another connection type, an upload that never arrived, and an unknown import', async () => {
    const meta = expectOk(
      await call('SaveAgentConnector', {
        agentConnector: {
          ID: 0,
          ConnectorId: 2,
          Name: 'Meta for CSV test',
          Credentials: { accessToken: 'not-a-real-token' },
        },
      }),
    );
    expect(
      refused(await call('GetCsvUploadUrl', { agentConnectorId: meta.ID, fileName: 'a.csv', size: 10 }), 400).body
        .ErrorParams.field,
    ).toBe('agentConnectorId');
    const form = expectOk(await call('GetCsvUploadUrl', { agentConnectorId: agentId, fileName: 'a.csv', size: 10 }));
    expect(
      refused(await call('ImportCampaignStatsCsv', { agentConnectorId: agentId, importId: form.ImportId }), 409).body
        .ErrorCode,
    ).toBe('CSV_NOT_UPLOADED');
    expect(refused(await call('GetCsvImport', { importId: form.ImportId }), 404).body.ErrorCode).toBe('NOT_FOUND');
  });

  it('imports a thousand rows, and reports its progress batch by batch as it writes', async () => {
    // 20 days × 50 campaigns: several write batches, as a large file has (a long import's speed is
    // npm run bench's and docs/connectors-meta-tiktok-csv.md's, never this suite's).
    const lines = [CSV_TEMPLATE_HEADER];
    const days = Array.from({ length: 20 }, (_, i) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10));
    for (const d of days)
      for (let k = 0; k < 50; k++) lines.push(row(d, `big${k}`, `Bulk ${k}`, k + 0.5, OTHER_ACC, 100 + k));
    const importId = await upload(lines.join('\n'));
    // The function's deadline, not the test's: a loaded machine must not make middy answer a timeout.
    const done = expectOk(
      await invoke('ConnectorsService', 'ImportCampaignStatsCsv', {
        as: c.admin,
        accountId: c.accounts.main.ID,
        body: { agentConnectorId: agentId, importId },
        timeoutMs: 120_000,
      }),
    );
    expect(done).toMatchObject({
      Status: 'OK',
      RowsTotal: 1000,
      RowsDone: 1000,
      RowsWritten: 1000,
      Days: 20,
      Campaigns: 50,
    });
    expect(expectOk(await call('GetCsvImport', { importId }))).toMatchObject({
      Status: 'OK',
      RowsDone: 1000,
      RowsTotal: 1000,
    });
    expect(Object.keys(await spendOf(OTHER_ACC, '2025-01-01', '2025-01-20'))).toHaveLength(1000);

    // The progress the run records (at most once a second, so a poll sees it on a long import) comes
    // from the writer's reports, one per batch written: checked here without timing, on a re-import
    // of changed values of the same days (so every row is written again).
    const restated: DailyStat[][] = [];
    for (let i = 0; i < 4; i++) {
      restated.push(
        days.slice(i * 5, i * 5 + 5).flatMap((date) =>
          Array.from(
            { length: 50 },
            (_, k): DailyStat => ({
              date,
              connectorType: 'csv_upload',
              externalAccountId: OTHER_ACC,
              externalCampaignId: String(100 + k),
              campaignName: `Bulk ${k}`,
              impressions: 10,
              clicks: 1,
              spend: k + 1.5,
              currency: 'USD',
              conversions: 0,
              conversionValue: 0,
              videoViews: 0,
            }),
          ),
        ),
      );
    }
    async function* batches() {
      for (const b of restated) yield b;
    }
    const reports: CsvWriteProgress[] = [];
    const figures = await writeCsvRows(
      c.companyId,
      agentId,
      batches(),
      new Map([[OTHER_ACC, { from: days[0], to: days[19] }]]),
      {
        ports: { upsertCampaigns: async () => undefined, lineTargets: async () => new Map() },
        writeEvery: 200,
        onProgress: (p) => reports.push(p),
      },
    );
    expect(figures).toMatchObject({ rowsDone: 1000, rowsWritten: 1000 });
    const partial = reports.filter((p) => p.rowsDone > 0 && p.rowsDone < 1000);
    expect(partial.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < reports.length; i++)
      expect(reports[i].rowsDone).toBeGreaterThanOrEqual(reports[i - 1].rowsDone);
    expect(reports[reports.length - 1]).toMatchObject({ rowsDone: 1000, rowsWritten: 1000 });

    // A write that stops (here the file's reading, after two blocks went to the store) reports all it
    // wrote before it throws: a later delivery skips those rows as stored, so the run's count needs them.
    const again = restated.map((b) => b.map((r) => ({ ...r, spend: r.spend + 1 })));
    async function* failing() {
      yield again[0];
      yield again[1];
      throw new Error('the file could not be read to its end');
    }
    const last: CsvWriteProgress[] = [];
    await expect(
      writeCsvRows(c.companyId, agentId, failing(), new Map([[OTHER_ACC, { from: days[0], to: days[19] }]]), {
        ports: { upsertCampaigns: async () => undefined, lineTargets: async () => new Map() },
        writeEvery: 250,
        onProgress: (p) => last.push(p),
      }),
    ).rejects.toThrow(/read to its end/);
    const stored = await spendOf(OTHER_ACC, days[0], days[9]);
    const landed = again
      .slice(0, 2)
      .flat()
      .filter((r) => stored[`${r.date}#${r.externalCampaignId}`] === r.spend).length;
    expect(landed).toBe(500);
    expect(last[last.length - 1]).toMatchObject({ rowsDone: 500, rowsWritten: landed });
  });
});
