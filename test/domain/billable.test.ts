import { RateBook } from '../../lambdas/modules/performance/actuals-fx';
import {
  billableStatement,
  monthDays,
  notFinalReasons,
  type BillableInput,
  type BillableLine,
} from '../../lambdas/modules/billing/billable';
import type { ActualDay, ConnectorState } from '../../lambdas/modules/performance/types';
import { NotFoundError } from '../../lambdas/core/errors';
import { formatMinor } from '../../lambdas/shared/money';

/**
 * The billable statement of one account for March 2026, computed BY HAND from docs/domain.md (the
 * plan's money stack applied to actual spend) in the comments below; the code must agree.
 *
 * Account: ILS, VAT applied at 18 %; image fee 0.50, video fee 1.30, setup fee 300.00.
 * Rates USD→ILS: 3.70 from Mar 1, 3.80 from Mar 10. Mix 10 was approved at USD→ILS 3.60.
 *
 * L1 (mix 10, starts Mar 1: its creatives bill in March): mgmt 15 %, system 2.5 %, 4 images, 2 videos.
 *    Spend ILS 3,333.335 on each of Mar 2, 3, 4 = 10,000.005 exactly → net rounded ONCE = 10,000.01
 *    (rounding each day first would give 3 × 3,333.34 = 10,000.02). Feb 28 and Apr 1 rows are not March's.
 *    mgmt 10,000.01 × 15 % = 1,500.0015 → 1,500.00; system × 2.5 % = 250.00025 → 250.00;
 *    creatives 4 × 0.50 + 2 × 1.30 = 4.60; subtotal 11,754.61. At the plan rate: 10,000.01 (all ILS).
 * L2 (mix 10, started Feb 15: creatives billed in February, not now): mgmt 12.5 %, system 0 %, 3 videos.
 *    Spend USD 500.00 on Mar 5 (× 3.70 = 1,850.00) and USD 401.35 on Mar 12 (× 3.80 = 1,525.13):
 *    net 3,375.13; mgmt × 12.5 % = 421.89125 → 421.89; subtotal 3,797.02.
 *    At the plan rate 3.60: 1,800.00 + 1,444.86 = 3,244.86.
 * L3 (mix 11, starts Mar 20): mgmt 10 %, system 5 %, 1 image. Spend ILS 333.33 + 333.34 = 666.67;
 *    mgmt 66.667 → 66.67; system 33.3335 → 33.33; creatives 0.50; subtotal 767.17.
 * L4 (mix 10, started Feb 15, no March spend): nothing to bill, not listed.
 * Setup fee: mix 11's first line starts in March → 300.00; mix 10's first line started in February.
 *
 * Statement: net 10,000.01 + 3,375.13 + 666.67 = 14,041.81
 *            management 1,500.00 + 421.89 + 66.67 = 1,988.56
 *            system 250.00 + 0.00 + 33.33 = 283.33
 *            creatives 4.60 + 0.50 = 5.10; setup 300.00
 *            subtotal 11,754.61 + 3,797.02 + 767.17 + 300.00 = 16,618.80
 *            VAT 16,618.80 × 18 % = 2,991.384 → 2,991.38; total 19,610.18
 * FX apart:  net at plan rates 10,000.01 + 3,244.86 + 666.67 = 13,911.54; effect 14,041.81 − 13,911.54 = 130.27.
 */

const micros = (major: string) => {
  const [w, f = ''] = major.split('.');
  return Number(w) * 1_000_000 + Number(f.padEnd(6, '0'));
};
const spend = (Period: string, Currency: string, major: string): ActualDay => ({
  Period,
  Currency,
  SpendMicros: micros(major),
  Impressions: 0,
  Clicks: 0,
  ConversionsMilli: 0,
  ConversionValueMicros: 0,
  VideoViews: 0,
});

const version10Rate = { Rate: 3.6, From: 'USD', To: 'ILS', Date: '2026-02-14' };
const version11Rate = { Rate: 3.65, From: 'USD', To: 'ILS', Date: '2026-03-18' };
const lines: BillableLine[] = [
  {
    lineId: 1,
    mediaMixId: 10,
    managementFeePct: 15,
    systemFeePct: 2.5,
    imageCreatives: 4,
    videoCreatives: 2,
    startDate: '2026-03-01',
    planRate: version10Rate,
    actuals: [
      spend('2026-02-28', 'ILS', '999'),
      spend('2026-03-02', 'ILS', '3333.335'),
      spend('2026-03-03', 'ILS', '3333.335'),
      spend('2026-03-04', 'ILS', '3333.335'),
      spend('2026-04-01', 'ILS', '777'),
    ],
  },
  {
    lineId: 2,
    mediaMixId: 10,
    managementFeePct: '12.5',
    systemFeePct: 0,
    imageCreatives: 0,
    videoCreatives: 3,
    startDate: '2026-02-15',
    planRate: version10Rate,
    actuals: [spend('2026-03-05', 'USD', '500'), spend('2026-03-12', 'USD', '401.35')],
  },
  {
    lineId: 3,
    mediaMixId: 11,
    managementFeePct: 10,
    systemFeePct: 5,
    imageCreatives: 1,
    videoCreatives: 0,
    startDate: '2026-03-20',
    planRate: version11Rate,
    actuals: [spend('2026-03-20', 'ILS', '333.33'), spend('2026-03-21', 'ILS', '333.34')],
  },
  {
    lineId: 4,
    mediaMixId: 10,
    managementFeePct: 15,
    systemFeePct: 0,
    imageCreatives: 2,
    videoCreatives: 0,
    startDate: '2026-02-15',
    planRate: version10Rate,
    actuals: [],
  },
];
const google: ConnectorState = { id: 7, name: 'Google Ads', status: 'OK', lastSyncedTo: '2026-04-30' };
const march = (over: Partial<BillableInput> = {}): BillableInput => ({
  accountId: 5,
  month: '2026-03',
  today: '2026-05-01',
  restatementDays: 28,
  currency: 'ILS',
  applyVat: true,
  pricing: { vatPct: 18, imageSubmitFee: 0.5, videoSubmitFee: 1.3, setupFee: 300 },
  lines,
  rates: new RateBook([
    { Date: '2026-03-01', From: 'USD', To: 'ILS', Rate: 3.7 },
    { Date: '2026-03-10', From: 'USD', To: 'ILS', Rate: 3.8 },
  ]),
  connectors: [google],
  ...over,
});

describe('billable statement: a hand-computed month', () => {
  const s = billableStatement(march());

  it("bills each line with the plan's money stack on its actual spend", () => {
    expect(
      s.lines.map((l) => [
        l.lineId,
        formatMinor(l.net),
        formatMinor(l.managementFee),
        formatMinor(l.systemFee),
        formatMinor(l.creativeFee),
        formatMinor(l.subtotal),
      ]),
    ).toEqual([
      [1, '10000.01', '1500.00', '250.00', '4.60', '11754.61'],
      [2, '3375.13', '421.89', '0.00', '0.00', '3797.02'],
      [3, '666.67', '66.67', '33.33', '0.50', '767.17'],
    ]);
  });

  it('totals the rounded line amounts, with one setup fee and VAT once on the subtotal', () => {
    const shown = (
      ['net', 'managementFee', 'systemFee', 'creativeFee', 'setupFee', 'subtotal', 'vat', 'total'] as const
    ).map((k) => [k, formatMinor(s[k])]);
    expect(Object.fromEntries(shown)).toEqual({
      net: '14041.81',
      managementFee: '1988.56',
      systemFee: '283.33',
      creativeFee: '5.10',
      setupFee: '300.00',
      subtotal: '16618.80',
      vat: '2991.38',
      total: '19610.18',
    });
    expect(s.setupFeeVersionIds).toEqual([11]);
    expect(s.currency).toBe('ILS');
  });

  it('shows the exchange-rate effect apart, outside the total', () => {
    expect(s.fx).toEqual({ netAtPlanRate: 1_391_154, effect: 13_027, gap: null, foreignCurrencies: ['USD'] });
    expect(s.lines.map((l) => l.netAtPlanRate)).toEqual([1_000_001, 324_486, 66_667]);
  });

  it('may be marked final: out of the restatement window, the connector OK and synced', () => {
    expect(s).toMatchObject({ canMarkFinal: true, notFinalReasons: [] });
  });

  it('charges no VAT to an account that does not apply it', () => {
    const noVat = billableStatement(march({ applyVat: false }));
    expect([noVat.vat, formatMinor(noVat.total)]).toEqual([0, '16618.80']);
  });

  it('refuses a month with a day without a rate: RATE_NOT_FOUND naming the pair and the day', () => {
    let err: unknown;
    try {
      billableStatement(march({ rates: new RateBook([{ Date: '2026-03-10', From: 'USD', To: 'ILS', Rate: 3.8 }]) }));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ code: 'RATE_NOT_FOUND', params: { from: 'USD', to: 'ILS', date: '2026-03-05' } });
  });
});

describe('billable statement: final or not', () => {
  // March's last day leaves the 28-day window on Mar 31 + 28 = Apr 28 (the window of Apr 27 is Mar 31..Apr 27);
  // the last sync that re-read Mar 31 read through Apr 27 (= Mar 31 + 27).
  it("is provisional until the month's last day leaves the restatement window", () => {
    const synced = { ...google, lastSyncedTo: '2026-04-28' };
    expect(billableStatement(march({ today: '2026-04-27', connectors: [synced] })).notFinalReasons).toEqual([
      { code: 'PROVISIONAL', lastDay: '2026-03-31', finalFrom: '2026-04-28' },
    ]);
    expect(billableStatement(march({ today: '2026-04-28', connectors: [synced] })).canMarkFinal).toBe(true);
    // The current month is provisional, and its amounts are still shown.
    const current = billableStatement(march({ today: '2026-03-25' }));
    expect([current.canMarkFinal, current.notFinalReasons[0], current.total]).toEqual([
      false,
      { code: 'PROVISIONAL', lastDay: '2026-03-31', finalFrom: '2026-04-28' },
      1_961_018,
    ]);
  });

  it("is not final while a day of the month's flights lacks data for a linked ad account, naming the days", () => {
    const flights = [
      { start: '2026-02-27', end: '2026-03-03' },
      { start: '2026-03-30', end: '2026-05-31' },
    ];
    const base = { connectorId: 7, connector: 'Google Ads', syncedTo: '2026-04-30' };
    const s = billableStatement(
      march({
        today: '2026-05-01',
        connectors: [{ ...google, lastSyncedTo: '2026-04-30' }],
        flights,
        coverage: [
          { ...base, externalAccountId: '111', syncedFrom: '2026-03-03' },
          { ...base, externalAccountId: '222', syncedFrom: '2026-02-01' },
          { ...base, externalAccountId: '333', syncedFrom: '2026-03-31', retainedFrom: '2026-03-31' },
          { ...base, externalAccountId: '444', syncedFrom: null, syncedTo: null },
        ],
      }),
    );
    // Only flight days count (Mar 4..29 are in no flight); 222 covers them all; 444 never synced (SYNC_BEHIND's).
    expect([s.canMarkFinal, s.notFinalReasons]).toEqual([
      false,
      [
        {
          code: 'MISSING_DAYS',
          connectorId: 7,
          connector: 'Google Ads',
          externalAccountId: '111',
          days: ['2026-03-01', '2026-03-02'],
          beyondRetention: false,
        },
        {
          code: 'MISSING_DAYS',
          connectorId: 7,
          connector: 'Google Ads',
          externalAccountId: '333',
          days: ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-30'],
          beyondRetention: true,
        },
      ],
    ]);
  });

  it('is not final while a connector feeding the account is not OK, whatever it delivered', () => {
    const meta: ConnectorState = { id: 8, name: 'Meta Ads', status: 'Error', lastSyncedTo: '2026-04-30' };
    const tiktok: ConnectorState = { id: 9, name: 'TikTok Ads', status: 'NoAccess', lastSyncedTo: '2026-04-30' };
    const s = billableStatement(march({ connectors: [google, meta, tiktok] }));
    expect(s.canMarkFinal).toBe(false);
    expect(s.notFinalReasons).toEqual([
      { code: 'CONNECTOR_NOT_OK', connectorId: 8, connector: 'Meta Ads', status: 'Error' },
      { code: 'CONNECTOR_NOT_OK', connectorId: 9, connector: 'TikTok Ads', status: 'NoAccess' },
    ]);
    expect(s.total).toBe(1_961_018);
  });

  it("is not final while a connector has not re-read the month's last day at its last restatement", () => {
    expect(
      notFinalReasons('2026-03', '2026-05-01', 28, [
        { ...google, lastSyncedTo: '2026-04-26' },
        { id: 3, name: 'CSV', status: 'OK', lastSyncedTo: null },
      ]),
    ).toEqual([
      {
        code: 'SYNC_BEHIND',
        connectorId: 7,
        connector: 'Google Ads',
        lastSyncedTo: '2026-04-26',
        needed: '2026-04-27',
      },
      { code: 'SYNC_BEHIND', connectorId: 3, connector: 'CSV', lastSyncedTo: null, needed: '2026-04-27' },
    ]);
    expect(notFinalReasons('2026-03', '2026-05-01', 28, [{ ...google, lastSyncedTo: '2026-04-27' }])).toEqual([]);
  });

  it("knows the months' lengths", () => {
    expect([monthDays('2026-02'), monthDays('2028-02'), monthDays('2026-12')].map((m) => m.last)).toEqual([
      '2026-02-28',
      '2028-02-29',
      '2026-12-31',
    ]);
    expect(() => monthDays('2026-13')).toThrow(RangeError);
  });
});
