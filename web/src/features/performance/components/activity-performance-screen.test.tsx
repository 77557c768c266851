/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VersionStatus } from '@server/shared/version-status';
import { chooseLocale } from '../../../lib/display/settings-store';
import { setLocale } from '../../../lib/i18n';
import { lastCall, mockApi, ok, fail, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { stripIsolates } from '../../../testing/bidi';
import type { ActivityPerformance, KpiSetView, PacingView, PerformanceDay } from '../api/performance-api';
import { ActivityPerformanceScreen } from './activity-performance-screen';

setUpScreenTests({ quiet: true });

// MUI X Charts' gesture layer clones its options with structuredClone, which Node has and jsdom's global does not hand on.
if (typeof globalThis.structuredClone !== 'function') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const v8 = require('node:v8') as typeof import('node:v8');
  globalThis.structuredClone = ((value: unknown) => v8.deserialize(v8.serialize(value))) as typeof structuredClone;
}

const basis = (over: Partial<PacingView['Basis']> = {}): PacingView['Basis'] => ({
  ElapsedDays: 33,
  DaysOfData: 30,
  ProvisionalDays: 27,
  ProvisionalSharePct: 90,
  ConnectorHealth: 'Error',
  UnhealthyConnectors: ['Agency CSV'],
  Notes: ['MOSTLY_PROVISIONAL', 'CONNECTOR_UNHEALTHY', 'MISSING_DAYS'],
  MissingDays: ['2026-03-04', '2026-03-05', '2026-03-09'],
  ...over,
});
const pacing = (over: Partial<PacingView> = {}): PacingView => ({
  Phase: 'live',
  PlannedBudget: 4000,
  PlannedToDate: 3000,
  ActualToDate: 6000,
  PacingPct: 200,
  PacingNullReason: null,
  Status: 'over',
  Alert: 'over',
  DaysLeft: 10,
  AverageDailySpend: 200,
  ProjectedEndSpend: 8000,
  AmountLeft: -2000,
  DailySpendNeeded: 0,
  Basis: basis(),
  ...over,
});
const kpis = (over: Partial<KpiSetView> = {}): KpiSetView => ({
  Impressions: 300000,
  Clicks: 0,
  Conversions: 0,
  Spend: 6000,
  Ctr: 0,
  Cpc: 0,
  Cpm: 20,
  Cpa: 0,
  Cvr: 0,
  Roas: 0,
  ...over,
});
const day = (Day: string, over: Partial<PerformanceDay> = {}): PerformanceDay => ({
  Day,
  Provisional: false,
  Spend: 235,
  ByLine: [200, 35],
  CumulativePlanned: 600,
  CumulativeActual: 600,
  Projection: null,
  ...over,
});

const REPLY: ActivityPerformance = {
  AccountId: 1,
  ActivityId: 5,
  ActivityName: 'Spring flight',
  MediaMixId: 9,
  Version: 2,
  VersionName: 'Plan',
  VersionStatus: VersionStatus.Draft,
  ActualsAlsoFrom: { MediaMixId: 8, Version: 1, Status: VersionStatus.Approved },
  Currency: 2,
  CurrencyCode: 'ILS',
  Today: '2026-03-11',
  AsOf: '2026-03-10',
  ProvisionalFrom: '2026-02-12',
  RestatementDays: 28,
  PacingLow: 90,
  PacingHigh: 110,
  StartDate: '2026-03-09',
  EndDate: '2026-03-12',
  Pacing: pacing({
    PlannedBudget: 8000,
    PlannedToDate: 6000,
    ActualToDate: 6375,
    PacingPct: 106.25,
    Status: 'on_pace',
    Alert: null,
    ProjectedEndSpend: 8760.71,
    AmountLeft: 1625,
    DailySpendNeeded: 162.5,
  }),
  Kpis: {
    Planned: kpis({ Impressions: null, Clicks: null, Spend: 8000, Cpm: null, Cpc: null }),
    PlannedToDate: kpis({ Impressions: null, Clicks: null, Spend: 6000, Cpm: null, Cpc: null }),
    Actual: kpis({ Clicks: 50, Spend: 6375, Cpc: 127.5 }),
  },
  Fx: { AtDayRates: 6375, AtPlanRate: 6400, Effect: -25, Gap: null, ForeignCurrencies: ['USD'] },
  Custom: { 7: 127.5, 8: 0.000166 },
  Lines: [
    {
      LineId: 31,
      Name: 'Over',
      ChannelTypeName: 'Meta (Facebook)',
      BuyType: 'CPM',
      StartDate: '2026-02-09',
      EndDate: '2026-03-20',
      ActualLineIds: [31, 21],
      Pacing: pacing(),
      Kpis: {
        Planned: kpis({ Impressions: 200000, Clicks: null, Spend: 4000, Cpc: null, Ctr: null }),
        PlannedToDate: kpis({ Impressions: 150000, Clicks: null, Spend: 3000, Cpc: null, Ctr: null }),
        Actual: kpis(),
      },
      Fx: { AtDayRates: 6000, AtPlanRate: 6000, Effect: 0, Gap: null, ForeignCurrencies: [] },
      Custom: { 7: 0, 8: null },
    },
    {
      LineId: 32,
      Name: 'Under, USD',
      ChannelTypeName: 'Google Search',
      BuyType: 'CPC',
      StartDate: '2026-02-09',
      EndDate: '2026-03-20',
      ActualLineIds: [32, 22],
      Pacing: pacing({
        ActualToDate: 375,
        PacingPct: 12.5,
        Status: 'under',
        Alert: 'under',
        ProjectedEndSpend: 760.71,
        AmountLeft: 3625,
        DailySpendNeeded: 362.5,
        Basis: basis({ ProvisionalDays: 10 }),
      }),
      Kpis: {
        Planned: kpis({ Clicks: 2000, Cpc: 2, Impressions: null }),
        PlannedToDate: kpis({ Clicks: 1500, Cpc: 2, Impressions: null }),
        Actual: kpis({ Clicks: 50, Cpc: 7.5, Spend: 375 }),
      },
      Fx: { AtDayRates: 375, AtPlanRate: 400, Effect: -25, Gap: null, ForeignCurrencies: ['USD'] },
      Custom: { 7: 7.5, 8: 0.05 },
    },
  ],
  SeriesLines: [
    { LineId: 31, Name: 'Over' },
    { LineId: 32, Name: 'Under, USD' },
  ],
  Days: [
    day('2026-03-09', { Provisional: true }),
    day('2026-03-10', { Provisional: true, CumulativeActual: 835, Projection: 835 }),
    day('2026-03-11', { Spend: null, ByLine: [], CumulativeActual: null, Projection: 1100 }),
    day('2026-03-12', {
      Spend: null,
      ByLine: [],
      CumulativeActual: null,
      Projection: 8760.71,
      CumulativePlanned: 8000,
    }),
  ],
  Connectors: [
    { ID: 3, Name: 'Agency CSV', Status: 'Error', LastSyncAt: null, LastError: 'The file could not be read' },
  ],
  CustomColumns: [
    { Id: 7, Name: 'My CPC', Format: 'currency' },
    { Id: 8, Name: 'My CTR', Format: 'percent' },
  ],
};

const render = () =>
  renderWithProviders(
    <ActivityPerformanceScreen accountId={1} activityId={5} mediaMixId={9} />,
    '/accounts/1/activities/5/mediaMix/9/stats',
  );
const text = (el: Element | null) => stripIsolates(el?.textContent ?? '');

describe('<ActivityPerformanceScreen>', () => {
  beforeEach(() => signInAs(PROFILES.admin));

  it('shows the tiles, the alert with its basis, the lines with pacing chips and provisional days, and the KPIs from the reply', async () => {
    const calls = mockApi({ 'PerformanceService/GetActivityPerformance': () => ok(REPLY) });
    render();
    expect(text(await screen.findByTestId('tile-planned-value'))).toBe('₪8,000.00');
    expect(lastCall(calls, 'GetActivityPerformance')).toMatchObject({
      body: { activityId: 5, mediaMixId: 9 },
      headers: { 'x-account-id': '1' },
    });
    expect(text(screen.getByTestId('tile-actual'))).toContain('₪6,375.00');
    expect(text(screen.getByTestId('tile-actual'))).toContain('₪6,000.00 planned to date');
    expect(text(screen.getByTestId('tile-pacing-value'))).toBe('106.25% · On pace');
    expect(text(screen.getByTestId('tile-projected-value'))).toBe('₪8,760.71');
    expect(text(screen.getByTestId('tile-daily-needed-value'))).toBe('₪162.50');
    expect(text(screen.getByTestId('tile-fx-value'))).toBe('-₪25.00');
    expect(text(screen.getByTestId('tile-fx'))).toContain('USD');
    expect(text(screen.getByTestId('actuals-also-from'))).toContain('version 1 (Approved)');

    const alert = text(screen.getByTestId('pacing-alert'));
    expect(alert).toContain('Lines with an alert: Over (Over-pacing), Under, USD (Under-pacing).');
    expect(alert).toContain('Based mostly on provisional days.');
    // The days without data are named, consecutive ones as a range.
    // Intl's date ranges put thin spaces around the dash (ICU-dependent): compared as plain spaces.
    expect(alert.replace(/[\u2009\u202F]/g, ' ')).toContain('Days without data (3): Mar 4 – 5, 2026; Mar 9, 2026.');
    expect(alert).toContain('A connection feeding this account is not healthy: Agency CSV.');

    const rows = within(screen.getByTestId('lines-table')).getAllByTestId('line-row');
    expect(rows.map((r) => within(r).getByTestId('pacing-chip').getAttribute('data-status'))).toEqual([
      'over',
      'under',
    ]);
    expect(text(within(rows[1]).getByTestId('pacing-chip'))).toBe('12.50% · Under-pacing');
    expect(text(within(rows[1]).getByTestId('provisional-days'))).toBe('10 (provisional)');
    expect(text(screen.getByTestId('total-row'))).toContain('₪6,375.00');

    // KPIs: what the buy type does not plan reads "—"; a division by zero reads 0 (docs/domain.md).
    const kpiRows = within(screen.getByTestId('kpis-table')).getAllByTestId('kpi-row');
    expect(text(kpiRows[0].querySelector('[data-kpi="Cpc"]'))).toBe('₪0.00');
    expect(text(kpiRows[0])).toContain('—');
    expect(text(kpiRows[1].querySelector('[data-kpi="Cpc"]'))).toBe('₪7.50');
    // Planned to date beside planned and actual: 1,500 clicks of 2,000.
    expect(text(kpiRows[1].querySelector('[data-kpi-to-date="Clicks"]'))).toBe('1,500');
    expect(text(kpiRows[2].querySelector('[data-kpi-to-date="Spend"]'))).toBe('₪6,000.00');

    // Custom columns in their formats: currency, percent (a ratio × 100), "—" when not a number.
    const customRows = within(screen.getByTestId('custom-columns-table')).getAllByTestId('custom-row');
    expect(within(screen.getByTestId('custom-columns-table')).getAllByRole('columnheader').map(text)).toEqual([
      'Line',
      'My CPC',
      'My CTR',
    ]);
    expect(text(customRows[0].querySelector('[data-column="8"]'))).toBe('—');
    expect(text(customRows[1].querySelector('[data-column="7"]'))).toBe('₪7.50');
    expect(text(customRows[1].querySelector('[data-column="8"]'))).toBe('5.00%');
    expect(text(customRows[2].querySelector('[data-column="7"]'))).toBe('₪127.50');
    expect(text(screen.getByTestId('feeding-connectors'))).toContain('Agency CSV · Error · Never synced');
  });

  it('has a table beside each chart, provisional days marked in its rows', async () => {
    mockApi({ 'PerformanceService/GetActivityPerformance': () => ok(REPLY) });
    render();
    fireEvent.click(await screen.findByTestId('cumulative-chart-toggle'));
    const cumulative = await screen.findByTestId('cumulative-table');
    const rows = within(cumulative).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[1].getAttribute('data-provisional')).toBe('true');
    expect(text(rows[1])).toContain('(Provisional)');
    expect(text(rows[3])).toContain('₪8,760.71');
    fireEvent.click(screen.getByTestId('daily-chart-toggle'));
    const daily = await screen.findByTestId('daily-table');
    // Complete days only, one column per series and the day's total.
    expect(within(daily).getAllByRole('row')).toHaveLength(3);
    expect(text(within(daily).getAllByRole('row')[1])).toContain('₪200.00₪35.00₪235.00');
  });

  it('speaks Hebrew', async () => {
    chooseLocale('he');
    await setLocale('he');
    mockApi({ 'PerformanceService/GetActivityPerformance': () => ok(REPLY) });
    render();
    await waitFor(() => expect(text(screen.getByTestId('tile-pacing-value'))).toBe('106.25% · בקצב'));
    expect(text(screen.getByTestId('pacing-alert'))).toContain('מבוסס בעיקר על ימים זמניים.');
    chooseLocale('en');
    await setLocale('en');
  });

  it('says why the figures could not be read (a missing rate names the pair and the day)', async () => {
    mockApi({
      'PerformanceService/GetActivityPerformance': () =>
        fail(404, 'No exchange rate', 'RATE_NOT_FOUND', { from: 'USD', to: 'ILS', date: '2026-03-01' }),
    });
    render();
    expect(text(await screen.findByRole('alert'))).toMatch(/USD.*ILS/);
  });
});
