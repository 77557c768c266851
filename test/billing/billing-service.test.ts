import { saveAccountConnectorFor } from '../../lambdas/modules/connectors/account-connectors';
import type { Locale } from '../../lambdas/shared/locales';
import { readXlsx } from '../../lambdas/core/xlsx-read';
import { saveAgentConnectorFor } from '../../lambdas/modules/connectors/agent-connectors';
import { approveVersion, submitVersion } from '../../lambdas/modules/media-plans/plans';
import { recordAgentConnectorHealth } from '../../lambdas/modules/connectors/connector-store.dynamodb';
import { RollupBook } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { putSyncState } from '../../lambdas/modules/connectors/sync-run-store.dynamodb';
import { DEFAULT_TIME_ZONE } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import type { BillableStatementView } from '../../lambdas/modules/billing/replies';
import type { ItemHistoryPage } from '../../lambdas/modules/history/replies';
import { readSheet } from 'read-excel-file/node';
import { auditOf, expectError, expectOk } from '../media-plans/helpers';
import { current, seedActivity, seedLine, seedVersion, seedRate } from '../support/media-plans';
import { invoke, makeCompany, type Company } from '../support/world';
import { statOn } from '../support/daily-stats';

/**
 * BillingService on DynamoDB Local: the month of test/domain/billable.test.ts (March 2026, computed
 * by hand there from docs/domain.md), seeded through the plan routes' domain functions and the
 * sync's rollup store, read and marked final through the routes.
 *
 * Account: the main account, ILS, VAT applied at the configuration's 18 %; image fee 0.50, video fee
 * 1.30, setup fee 300.00 (the configuration's defaults). Rates USD→ILS: 3.70 from Mar 1, 3.80 from
 * Mar 10, 3.60 from May 1 (both versions are approved today, so 3.60 is each plan's fixed rate).
 *
 * Activity A, version approved (its "mix 10"), first line Feb 15:
 *   L1 starts Mar 1, mgmt 15 %, system 2.5 %, 4 images, 2 videos: ILS 3,333.335 on Mar 2, 3, 4 →
 *      net 10,000.01 (rounded once), mgmt 1,500.00, system 250.00, creatives 4.60, subtotal 11,754.61.
 *      Feb 28 and Apr 1 rows are not March's.
 *   L2 starts Feb 15, mgmt 12.5 %, 3 videos (billed in February): USD 500.00 on Mar 5 (× 3.70 =
 *      1,850.00) and USD 401.35 on Mar 12 (× 3.80 = 1,525.13): net 3,375.13, mgmt 421.89, subtotal
 *      3,797.02; at the plan rate 3.60: 1,800.00 + 1,444.86 = 3,244.86.
 *   L4 starts Feb 15, no March spend: not listed.
 * Activity B ("mix 11"), first line Mar 20: L3 mgmt 10 %, system 5 %, 1 image: ILS 333.33 + 333.34 =
 *   666.67, mgmt 66.67, system 33.33, creatives 0.50, subtotal 767.17; its setup fee 300.00 is March's.
 * Statement: net 14,041.81, mgmt 1,988.56, system 283.33, creatives 5.10, setup 300.00,
 *   subtotal 16,618.80, VAT 2,991.38, total 19,610.18; FX apart: at plan rates 13,911.54, effect 130.27.
 */
let c: Company;
const T = todayIn(DEFAULT_TIME_ZONE);
const MONTH = '2026-03';
const ids: Record<'l1' | 'l2' | 'l3' | 'l4', number> = { l1: 0, l2: 0, l3: 0, l4: 0 };
let activityA = 0;

const micros = (major: string) => {
  const [w, f = ''] = major.split('.');
  return Number(w) * 1_000_000 + Number(f.padEnd(6, '0'));
};
const stat = statOn(T);

const monthAfter = (m: string) =>
  m.endsWith('-12')
    ? `${Number(m.slice(0, 4)) + 1}-01`
    : `${m.slice(0, 5)}${String(Number(m.slice(5)) + 1).padStart(2, '0')}`;
const get = (month = MONTH, as = c.analyst, accountId = c.accounts.main.ID) =>
  invoke('BillingService', 'GetBillableStatement', { as, body: { month }, accountId });
const exportXlsx = async (language: Locale, month = MONTH) => {
  const file = expectOk(
    await invoke('BillingService', 'ExportBillableStatement', {
      as: c.analyst,
      body: { month, language },
      accountId: c.accounts.main.ID,
    }),
  );
  return { file, rows: (await readSheet(Buffer.from(file.Base64, 'base64'))) as (string | number | null)[][] };
};
const mark = (month = MONTH, as = c.analyst, accountId = c.accounts.main.ID) =>
  invoke('BillingService', 'MarkBillableFinal', { as, body: { month }, accountId });

async function approve(versionId: number, accountId: number) {
  const submitted = await submitVersion(c.planner, accountId, {
    mediaMixId: versionId,
    version: (await current(c, versionId)).version,
  });
  await approveVersion(c.approver, accountId, { mediaMixId: versionId, version: submitted.version });
}

let agentId = 0;

beforeAll(async () => {
  c = await makeCompany('Billing Agency');
  await seedRate(c, '2026-03-01', 'USD', 'ILS', 3.7);
  await seedRate(c, '2026-03-10', 'USD', 'ILS', 3.8);
  await seedRate(c, '2026-05-01', 'USD', 'ILS', 3.6);

  const a = await seedActivity(c, { start: '2026-02-01', end: '2026-04-30', name: 'Spring' });
  activityA = a.ID;
  const versionA = await seedVersion(c, a);
  ids.l1 = (
    await seedLine(c, versionA, {
      Name: 'L1',
      StartDate: '2026-03-01',
      EndDate: '2026-03-31',
      ManagementFeePct: 15,
      SystemFeePct: 2.5,
      ImageCreatives: 4,
      VideoCreatives: 2,
    })
  ).ID;
  ids.l2 = (
    await seedLine(c, versionA, {
      Name: 'L2',
      StartDate: '2026-02-15',
      EndDate: '2026-03-31',
      ManagementFeePct: 12.5,
      SystemFeePct: 0,
      VideoCreatives: 3,
    })
  ).ID;
  ids.l4 = (
    await seedLine(c, versionA, {
      Name: 'L4',
      StartDate: '2026-02-15',
      EndDate: '2026-03-31',
      ManagementFeePct: 15,
      SystemFeePct: 0,
      ImageCreatives: 2,
    })
  ).ID;
  await approve(versionA.ID, a.AccountId);

  const b = await seedActivity(c, { start: '2026-03-15', end: '2026-04-30', name: 'Launch' });
  const versionB = await seedVersion(c, b);
  ids.l3 = (
    await seedLine(c, versionB, {
      Name: 'L3',
      StartDate: '2026-03-20',
      EndDate: '2026-04-10',
      ManagementFeePct: 10,
      SystemFeePct: 5,
      ImageCreatives: 1,
    })
  ).ID;
  await approve(versionB.ID, b.AccountId);

  const target = (LineId: number, ActivityId: number) => ({ LineId, ActivityId, AccountId: c.accounts.main.ID });
  const ils = new RollupBook(c.companyId, 'meta_ads', 'act-1');
  ils.change(
    undefined,
    stat({ ...target(ids.l1, a.ID), CampaignId: 'x', Date: '2026-02-28', SpendMicros: micros('999') }),
  );
  for (const d of ['2026-03-02', '2026-03-03', '2026-03-04'])
    ils.change(undefined, stat({ ...target(ids.l1, a.ID), Date: d, SpendMicros: micros('3333.335') }));
  ils.change(
    undefined,
    stat({ ...target(ids.l1, a.ID), CampaignId: 'y', Date: '2026-04-01', SpendMicros: micros('777') }),
  );
  ils.change(
    undefined,
    stat({ ...target(ids.l3, b.ID), CampaignId: 'c3', Date: '2026-03-20', SpendMicros: micros('333.33') }),
  );
  ils.change(
    undefined,
    stat({ ...target(ids.l3, b.ID), CampaignId: 'c3', Date: '2026-03-21', SpendMicros: micros('333.34') }),
  );
  await ils.flush();
  const usd = new RollupBook(c.companyId, 'google_ads', '111-222');
  usd.change(
    undefined,
    stat({ ...target(ids.l2, a.ID), Currency: 'USD', Date: '2026-03-05', SpendMicros: micros('500') }),
  );
  usd.change(
    undefined,
    stat({ ...target(ids.l2, a.ID), Currency: 'USD', Date: '2026-03-12', SpendMicros: micros('401.35') }),
  );
  await usd.flush();

  // A connection feeding the main account, in Error and never synced.
  const agent = await saveAgentConnectorFor(c.admin, { ID: 0, ConnectorId: 4, Name: 'Agency CSV' });
  agentId = agent.ID;
  await saveAccountConnectorFor(c.admin, c.accounts.main.ID, {
    ID: 0,
    AccountId: c.accounts.main.ID,
    AgentConnectorId: agent.ID,
    ExternalAccountIds: ['act-1'],
    NamingRule: '',
  });
  await recordAgentConnectorHealth(c.companyId, agent.ID, { Status: 'Error', LastError: 'The file could not be read' });
});

describe('GetBillableStatement', () => {
  it('gives the hand-computed month: per line, the stack, VAT, total, and the FX effect apart', async () => {
    const r = expectOk(await get()) as BillableStatementView;
    expect(r).toMatchObject({
      AccountId: c.accounts.main.ID,
      Month: MONTH,
      CurrencyCode: 'ILS',
      ApplyVat: true,
      VatPct: 18,
      Net: 14041.81,
      ManagementFee: 1988.56,
      SystemFee: 283.33,
      CreativeFee: 5.1,
      SetupFee: 300,
      Subtotal: 16618.8,
      Vat: 2991.38,
      Total: 19610.18,
      Fx: { NetAtPlanRate: 13911.54, Effect: 130.27, Gap: null, ForeignCurrencies: ['USD'] },
      Final: false,
      version: 0,
    });
    expect(
      r.Lines.map((l) => [l.LineId, l.Net, l.ManagementFee, l.SystemFee, l.CreativeFee, l.Subtotal, l.NetAtPlanRate]),
    ).toEqual(
      [
        [ids.l1, 10000.01, 1500, 250, 4.6, 11754.61, 10000.01],
        [ids.l2, 3375.13, 421.89, 0, 0, 3797.02, 3244.86],
        [ids.l3, 666.67, 66.67, 33.33, 0.5, 767.17, 666.67],
      ].sort((x, y) => x[0] - y[0]),
    );
    expect(r.Lines.find((l) => l.LineId === ids.l1)).toMatchObject({
      LineName: 'L1',
      ActivityId: activityA,
      ActivityName: 'Spring',
    });
    // The statement's totals are the sums of its rows.
    expect(r.Lines.reduce((s, l) => s + l.Subtotal, 0) + r.SetupFee).toBeCloseTo(r.Subtotal, 2);
  });

  it('is not final while the connector is in Error or behind, nor while the month is provisional', async () => {
    const r = expectOk(await get()) as BillableStatementView;
    expect(r.CanMarkFinal).toBe(false);
    expect(r.NotFinalReasons).toEqual([
      { Code: 'CONNECTOR_NOT_OK', ConnectorId: agentId, Connector: 'Agency CSV', Status: 'Error' },
      { Code: 'SYNC_BEHIND', ConnectorId: agentId, Connector: 'Agency CSV', LastSyncedTo: null, Needed: '2026-04-27' },
    ]);
    const thisMonth = T.slice(0, 7);
    const now = expectOk(await get(thisMonth)) as BillableStatementView;
    expect(now.NotFinalReasons[0]).toMatchObject({ Code: 'PROVISIONAL' });
    const refused = await mark(thisMonth);
    expectError(refused, 409);
    expect(refused.body.ErrorCode).toBe('BILLABLE_NOT_FINAL');
    expect(refused.body.ErrorParams).toMatchObject({
      month: thisMonth,
      reasons: expect.stringContaining('PROVISIONAL'),
    });
  });

  it('refuses callers without a report permission, and a client-only user', async () => {
    expectError(await get(MONTH, c.planner), 403);
    expectError(await get(MONTH, c.client), 403);
    expectError(await mark(MONTH, c.planner), 403);
    expectError(await get('2026-13'), 400);
  });

  it("refuses a month outside the account's data range: before its first flight's month, after the current month", async () => {
    const next = monthAfter(T.slice(0, 7));
    for (const month of ['0001-01', '0000-01', '2026-01', next]) {
      const r = await get(month);
      expectError(r, 400);
      // The first flight (Spring) starts 2026-02-01; the range ends at the company's current month.
      expect(r.body).toMatchObject({
        ErrorCode: 'MONTH_OUT_OF_RANGE',
        ErrorParams: { month, from: '2026-02', to: T.slice(0, 7) },
      });
      const refused = await mark(month);
      expectError(refused, 400);
      expect(refused.body.ErrorCode).toBe('MONTH_OUT_OF_RANGE');
    }
    expect(
      await auditOf(c.companyId, 'BillableStatement', `${c.accounts.main.ID}#0001-01` as unknown as number),
    ).toHaveLength(0);
    expectOk(await get('2026-02'));
  });
});

describe('ExportBillableStatement', () => {
  it("writes the statement's figures, the same as the reply, in English and Hebrew", async () => {
    const r = expectOk(await get()) as BillableStatementView;
    const labels = {
      en: ['Net media', 'Management fee', 'System fee', 'Creative fees', 'Setup fee', 'Subtotal', 'VAT', 'Total'],
      he: ['מדיה נטו', 'עמלת ניהול', 'עמלת מערכת', 'עמלות קריאייטיב', 'דמי הקמה', 'סכום ביניים', 'מע"מ', 'סה"כ'],
    } as const;
    const keys = ['Net', 'ManagementFee', 'SystemFee', 'CreativeFee', 'SetupFee', 'Subtotal', 'Vat', 'Total'] as const;
    for (const language of ['en', 'he'] as const) {
      const { file, rows } = await exportXlsx(language);
      // Named by the account (sanitised for a file name), not its id; the sheet names it too.
      expect(file.FileName).toBe(
        language === 'en' ? 'billable-Main-Client-2026-03.xlsx' : 'חיוב-Main-Client-2026-03.xlsx',
      );
      expect(file.ContentDisposition).toContain('filename="billable-Main-Client-2026-03.xlsx"');
      expect(rows.find((row) => row[0] === (language === 'en' ? 'Account' : 'חשבון'))?.[1]).toBe('Main Client');
      const valueOf = (label: string) => rows.find((row) => row[0] === label)?.[1];
      expect(labels[language].map(valueOf)).toEqual(keys.map((k) => r[k]));
      expect(labels[language].map(valueOf)).toEqual([14041.81, 1988.56, 283.33, 5.1, 300, 16618.8, 2991.38, 19610.18]);
      // One row per line, its subtotal the reply's; the rows' subtotals + setup fee = the subtotal.
      const lineRows = rows.filter((row) => row[1] === 'L1' || row[1] === 'L2' || row[1] === 'L3');
      expect(lineRows.map((row) => row[8])).toEqual(r.Lines.map((l) => l.Subtotal));
    }
  });

  it('writes the same figures in French, Romanian and Chinese: their labels, file name, sheet name and month', async () => {
    const r = expectOk(await get()) as BillableStatementView;
    const cases = {
      fr: {
        fileName: 'facturation-Main-Client-2026-03.xlsx',
        sheet: 'Facturation 2026-03',
        account: 'Compte',
        month: ['Mois', 'mars 2026'],
        labels: [
          'Net média',
          'Frais de gestion',
          'Frais techniques',
          'Frais de création',
          'Frais de mise en place',
          'Sous-total',
          'TVA',
          'Total',
        ],
      },
      ro: {
        fileName: 'facturare-Main-Client-2026-03.xlsx',
        sheet: 'Facturare 2026-03',
        account: 'Cont',
        month: ['Luna', 'martie 2026'],
        labels: [
          'Cost media net',
          'Comision de management',
          'Comision de sistem',
          'Tarife materiale creative',
          'Tarif de configurare',
          'Subtotal',
          'TVA',
          'Total',
        ],
      },
      zh: {
        fileName: '计费-Main-Client-2026-03.xlsx',
        sheet: '计费 2026-03',
        account: '账户',
        month: ['月份', '2026年3月'],
        labels: ['净媒介费', '管理费', '系统费', '素材费', '启动费', '小计', '增值税', '总计'],
      },
    } as const;
    const keys = ['Net', 'ManagementFee', 'SystemFee', 'CreativeFee', 'SetupFee', 'Subtotal', 'Vat', 'Total'] as const;
    for (const [language, k] of Object.entries(cases) as [keyof typeof cases, (typeof cases)[keyof typeof cases]][]) {
      const { file, rows } = await exportXlsx(language);
      expect(file.FileName).toBe(k.fileName);
      expect(file.ContentDisposition).toContain('filename="billable-Main-Client-2026-03.xlsx"');
      expect(readXlsx(Buffer.from(file.Base64, 'base64')).sheets).toEqual([{ name: k.sheet, hidden: false }]);
      expect(rows.find((row) => row[0] === k.account)?.[1]).toBe('Main Client');
      expect(rows.find((row) => row[0] === k.month[0])?.[1]).toBe(k.month[1]);
      const valueOf = (label: string) => rows.find((row) => row[0] === label)?.[1];
      expect(k.labels.map(valueOf)).toEqual(keys.map((key) => r[key]));
    }
  });
});

describe('MarkBillableFinal', () => {
  it('refuses an unhealthy month, then stores it once healthy; a second mark is a 409 and later reads show the snapshot', async () => {
    const refused = await mark();
    expectError(refused, 409);
    expect(refused.body).toMatchObject({
      ErrorCode: 'BILLABLE_NOT_FINAL',
      ErrorParams: { month: MONTH, reasons: 'CONNECTOR_NOT_OK, SYNC_BEHIND' },
    });

    await recordAgentConnectorHealth(c.companyId, agentId, { Status: 'OK', LastError: '' });
    await putSyncState(c.companyId, {
      AgentConnectorId: agentId,
      ExternalAccountId: 'act-1',
      Status: 'OK',
      SyncedFrom: '2026-02-01',
      LastSyncedTo: '2026-04-26',
    });
    expect((expectOk(await get()) as BillableStatementView).NotFinalReasons).toEqual([
      {
        Code: 'SYNC_BEHIND',
        ConnectorId: agentId,
        Connector: 'Agency CSV',
        LastSyncedTo: '2026-04-26',
        Needed: '2026-04-27',
      },
    ]);
    // Synced through the restatement, but its data starts on Mar 3: the flight's first two days lack data.
    await putSyncState(c.companyId, {
      AgentConnectorId: agentId,
      ExternalAccountId: 'act-1',
      Status: 'OK',
      SyncedFrom: '2026-03-03',
      LastSyncedTo: '2026-04-27',
    });
    const short = expectOk(await get()) as BillableStatementView;
    expect([short.CanMarkFinal, short.NotFinalReasons]).toEqual([
      false,
      [
        {
          Code: 'MISSING_DAYS',
          ConnectorId: agentId,
          Connector: 'Agency CSV',
          ExternalAccountId: 'act-1',
          Days: ['2026-03-01', '2026-03-02'],
          BeyondRetention: false,
        },
      ],
    ]);
    const refusedShort = await mark();
    expectError(refusedShort, 409);
    expect(refusedShort.body).toMatchObject({
      ErrorCode: 'BILLABLE_NOT_FINAL',
      ErrorParams: { reasons: 'MISSING_DAYS' },
    });
    await putSyncState(c.companyId, {
      AgentConnectorId: agentId,
      ExternalAccountId: 'act-1',
      Status: 'OK',
      SyncedFrom: '2026-02-01',
      LastSyncedTo: '2026-04-27',
    });

    const marked = expectOk(await mark()) as BillableStatementView;
    expect(marked).toMatchObject({
      Final: true,
      FinalizedBy: c.analyst.email,
      FinalizedByName: c.analyst.name,
      version: 1,
      Total: 19610.18,
      NotFinalReasons: [],
    });
    expect((expectOk(await get()) as BillableStatementView).FinalizedByName).toBe(c.analyst.name);
    // The sheet says who by name and when in the reader's language and the company's zone, never an ISO stamp or an e-mail.
    for (const language of ['en', 'he'] as const) {
      const status = String((await exportXlsx(language)).rows[3][1]);
      expect(status).toContain(c.analyst.name);
      expect(status).not.toMatch(/@|\d{4}-\d{2}-\d{2}T/);
    }

    const again = await mark();
    expectError(again, 409);
    expect(again.body).toMatchObject({ ErrorCode: 'BILLABLE_ALREADY_FINAL', ErrorParams: { month: MONTH } });

    // Spend restated after billing changes nothing billed: reads show the stored snapshot.
    const late = new RollupBook(c.companyId, 'meta_ads', 'act-1');
    late.change(
      undefined,
      stat({
        LineId: ids.l1,
        ActivityId: activityA,
        AccountId: c.accounts.main.ID,
        CampaignId: 'late',
        Date: '2026-03-30',
        SpendMicros: micros('50'),
      }),
    );
    await late.flush();
    const after = expectOk(await get()) as BillableStatementView;
    expect(after).toMatchObject({ Final: true, Net: 14041.81, Total: 19610.18, FinalizedAt: marked.FinalizedAt });

    const audit = await auditOf(
      c.companyId,
      'BillableStatement',
      `${c.accounts.main.ID}#${MONTH}` as unknown as number,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'finalize', who: c.analyst.email });
  });
});

describe('ReopenBillableMonth', () => {
  const reopen = (body: Record<string, unknown>, as = c.admin) =>
    invoke('BillingService', 'ReopenBillableMonth', {
      as,
      body: { month: MONTH, ...body },
      accountId: c.accounts.main.ID,
    });
  const history = async () =>
    expectOk(
      await invoke('AuditService', 'GetItemHistory', {
        as: c.analyst,
        body: { entity: 'billableStatement', id: MONTH },
        accountId: c.accounts.main.ID,
      }),
    ) as ItemHistoryPage;

  it('takes an Admin, a reason and the final version; records both acts in History; the month is computed again until marked again', async () => {
    const final = expectOk(await get()) as BillableStatementView;
    expect(final).toMatchObject({ Final: true, version: 1 });
    expectError(await reopen({ reason: 'Client disputed', version: 1 }, c.analyst), 403);
    expectError(await reopen({ reason: '', version: 1 }), 400);
    const stale = await reopen({ reason: 'Client disputed', version: 0 });
    expectError(stale, 409);
    expect(stale.body.ErrorCode).toBe('STALE_VERSION');
    expect((expectOk(await get()) as BillableStatementView).Final).toBe(true);

    const reopened = expectOk(
      await reopen({ reason: 'Client disputed the late March spend', version: 1 }),
    ) as BillableStatementView;
    // The restated spend (50.00 on Mar 30) now counts: the reply is the month as computed now, and so is the next read.
    expect(reopened).toMatchObject({ Final: false, version: 0, Net: 14091.81, CanMarkFinal: true });
    expect(expectOk(await get())).toEqual(reopened);

    const again = await reopen({ reason: 'twice', version: 1 });
    expectError(again, 409);
    expect(again.body).toMatchObject({ ErrorCode: 'BILLABLE_NOT_MARKED_FINAL', ErrorParams: { month: MONTH } });

    const h = await history();
    expect(h.Items.map((e) => e.Action)).toEqual(['reopen', 'finalize']);
    expect(h.Items[0].Changes).toEqual(
      expect.arrayContaining([
        { Field: 'Reason', Before: null, After: 'Client disputed the late March spend' },
        { Field: 'Total', Before: 19610.18, After: null },
      ]),
    );
    expect(h.Items[0].WhoName).not.toContain('@');

    const remarked = expectOk(await mark()) as BillableStatementView;
    expect(remarked).toMatchObject({ Final: true, Net: 14091.81 });
    expect((await history()).Items.map((e) => e.Action)).toEqual(['finalize', 'reopen', 'finalize']);
  });
});
