/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { chooseLocale } from '../../../lib/display/settings-store';
import { setLocale } from '../../../lib/i18n';
import { mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { stripIsolates } from '../../../testing/bidi';
import type { CustomValues } from '@server/modules/reports/replies/reports';
import type { PerformanceReport, ReportFigures } from '../api/reports-api';
import { EXPORT_CHUNK, reportCsv, reportXlsx } from './report-export';
import { reportColumns } from '@server/shared/report-columns';
import { shownRows } from './report-table';
import { FETCH_DELAY_MS, ReportsScreen } from './reports-screen';

setUpScreenTests({ quiet: true });

const fig = (over: Partial<ReportFigures>): ReportFigures => ({
  Spend: 0,
  Impressions: 0,
  Clicks: 0,
  Conversions: 0,
  ConversionValue: 0,
  VideoViews: 0,
  Ctr: 0,
  Cpc: 0,
  Cpm: 0,
  Cpa: 0,
  Cvr: 0,
  Roas: 0,
  ...over,
});
// Hand-made figures: totals are the sums of the rows (1,234.50 + 80.25 + 0.10 = 1,314.85), ratios from the sums.
const REPLY: PerformanceReport = {
  GroupBy: 'activity',
  Currency: 'ILS',
  From: '2026-10-01',
  To: '2026-10-31',
  PreviousFrom: null,
  PreviousTo: null,
  Rows: [
    {
      Key: '5',
      Label: 'Alpha',
      AccountId: 1,
      ActivityId: 5,
      MediaMixId: 9,
      ...fig({
        Spend: 1234.5,
        Impressions: 100000,
        Clicks: 1200,
        Conversions: 12.5,
        ConversionValue: 2500,
        Ctr: 1.2,
        Cpc: 1.03,
        Cpm: 12.35,
        Cpa: 98.76,
        Cvr: 1.04,
        Roas: 2.03,
      }),
    },
    {
      Key: '6',
      Label: 'Bravo, "B"',
      AccountId: 2,
      ActivityId: 6,
      MediaMixId: null,
      ...fig({ Spend: 80.25, Impressions: 5000, Clicks: 10, Ctr: 0.2, Cpc: 8.03, Cpm: 16.05 }),
    },
    {
      Key: '7',
      Label: 'Charlie',
      AccountId: 1,
      ActivityId: 7,
      MediaMixId: 11,
      ...fig({ Spend: 0.1, Impressions: 20, VideoViews: 3, Cpm: 5 }),
    },
  ],
  Totals: fig({
    Spend: 1314.85,
    Impressions: 105020,
    Clicks: 1210,
    Conversions: 12.5,
    ConversionValue: 2500,
    VideoViews: 3,
    Ctr: 1.15,
    Cpc: 1.09,
    Cpm: 12.52,
    Cpa: 105.19,
    Cvr: 1.03,
    Roas: 1.9,
  }),
  PreviousTotals: null,
  Truncated: false,
  ActivitiesRead: 3,
  LinesRead: null,
};
const COMPARED: PerformanceReport = {
  ...REPLY,
  PreviousFrom: '2026-08-31',
  PreviousTo: '2026-09-30',
  Rows: REPLY.Rows.map((r, i) => ({ ...r, Previous: fig({ Spend: [1000, 0, 0.2][i] }) })),
  PreviousTotals: fig({ Spend: 1000.2 }),
};

const text = (el: Element | null | undefined) => stripIsolates(el?.textContent ?? '');
const render = (path = '/performance/list?period=4&groupBy=activity') => renderWithProviders(<ReportsScreen />, path);
const api = (reply: PerformanceReport = REPLY) =>
  mockApi({
    'ReportsService/GetPerformanceReport': () => ok(reply),
    'AccountsService/GetAccountsList': () => ok({ Items: [], NextToken: null }),
  });
const reportCalls = (calls: jest.Mock) =>
  calls.mock.calls
    .filter(([url]) => String(url).endsWith('/GetPerformanceReport'))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
const cell = (row: Element, column: string) => text(row.querySelector(`[data-column="${column}"]`));
/** A grid cell's figure as a number ("1,234.50" → 1234.5, "1.20%" → 1.2, "—" → null). */
const figure = (s: string) => (s === '—' ? null : Number(s.replace(/[,%]/g, '')));

describe('<ReportsScreen>', () => {
  beforeEach(() => signInAs(PROFILES.analyst));

  it("asks for the URL's filters and shows the rows, the totals row last and links to the activity performance pages", async () => {
    const calls = api();
    const { router } = render();
    const rows = await screen.findAllByTestId('report-row');
    expect(reportCalls(calls)[0]).toEqual({ period: '4', groupBy: 'activity' });
    expect(rows.map((r) => cell(r, 'Label'))).toEqual(['Alpha', 'Bravo, "B"', 'Charlie']);
    expect(cell(rows[0], 'Spend')).toBe('1,234.50');
    expect(cell(rows[0], 'Ctr')).toBe('1.20%');
    expect(cell(rows[0], 'Impressions')).toBe('100,000');
    const totals = screen.getByTestId('report-totals');
    expect(cell(totals, 'Label')).toBe('Total');
    expect(cell(totals, 'Spend')).toBe('1,314.85');
    expect(text(screen.getByTestId('report-currency'))).toContain('ILS');
    // Bravo has no approved version: no page to open.
    expect(within(rows[1]).queryByTestId('report-row-link')).toBeNull();
    fireEvent.click(within(rows[0]).getByTestId('report-row-link'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/accounts/1/activities/5/mediaMix/9/stats?from=reports',
      ),
    );
  });

  it("names an account's Unmapped row in a sentence, without a performance link", async () => {
    api({
      ...REPLY,
      Rows: [
        ...REPLY.Rows,
        { Key: 'unmapped:1', Label: 'Galil', AccountId: 1, Unmapped: true, ...fig({ Spend: 63.8 }) },
      ],
    });
    render();
    const rows = await screen.findAllByTestId('report-row');
    expect(rows.map((r) => cell(r, 'Label'))).toEqual(['Alpha', 'Bravo, "B"', 'Charlie', 'Unmapped spend — Galil']);
    expect(within(rows[3]).queryByTestId('report-row-link')).toBeNull();
  });

  it('asks again only 500 ms after the last filter change, keeps the figures while it reloads, and writes the filters into the URL', async () => {
    const calls = api();
    const { router } = render();
    await screen.findAllByTestId('report-row');
    const changed = Date.now();
    fireEvent.change(screen.getByTestId('report-channel-group'), { target: { value: 'Search' } });
    fireEvent.change(screen.getByTestId('report-platform'), { target: { value: 'google_ads' } });
    expect(router.state.location.search).toBe('?period=4&channelGroup=Search&platform=google_ads&groupBy=activity');
    expect(screen.getAllByTestId('report-row')).toHaveLength(3);
    await waitFor(() => expect(reportCalls(calls)).toHaveLength(2));
    expect(Date.now() - changed).toBeGreaterThanOrEqual(FETCH_DELAY_MS - 20);
    expect(reportCalls(calls)[1]).toEqual({
      period: '4',
      groupBy: 'activity',
      channelGroup: 'Search',
      platform: 'google_ads',
    });
  });

  it('sorts by any column on the shown rows, the totals row staying last; the sort is in the URL', async () => {
    api();
    const { router } = render();
    await screen.findAllByTestId('report-row');
    fireEvent.click(within(screen.getByTestId('report-grid')).getByText('Spend (ILS)'));
    await waitFor(() => expect(router.state.location.search).toContain('sort=Spend%3Adesc'));
    const order = () =>
      within(screen.getByTestId('report-grid'))
        .getAllByRole('row')
        .slice(1)
        .map((r) => cell(r, 'Label'));
    expect(order()).toEqual(['Alpha', 'Bravo, "B"', 'Charlie', 'Total']);
    fireEvent.click(within(screen.getByTestId('report-grid')).getByText('Spend (ILS)'));
    await waitFor(() => expect(order()).toEqual(['Charlie', 'Bravo, "B"', 'Alpha', 'Total']));
    fireEvent.click(within(screen.getByTestId('report-grid')).getByText('Name'));
    await waitFor(() => expect(router.state.location.search).toContain('sort=Label%3Aasc'));
  });

  it('exports CSV of exactly what is shown: the same columns, order and figures, the totals row last', async () => {
    api();
    let blob: Blob | null = null;
    let name = '';
    URL.createObjectURL = (b: Blob) => {
      blob = b;
      return 'blob:report';
    };
    URL.revokeObjectURL = () => undefined;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      name = this.download;
    });
    render('/performance/list?period=4&groupBy=activity&sort=Cpm:asc');
    await screen.findAllByTestId('report-row');
    fireEvent.click(screen.getByTestId('report-export-csv'));
    // While the export runs its bar is named, as screen readers (and axe) require.
    expect(within(screen.getByTestId('report-export-progress')).getByRole('progressbar', { name: /\d+/ })).toBeTruthy();
    await waitFor(() => expect(blob).not.toBeNull());
    click.mockRestore();
    expect(name).toBe('Performance report 2026-10-01 – 2026-10-31.csv');
    const csv = await new Promise<string>((resolve) => {
      const r = new FileReader();
      r.onload = () => resolve(String(r.result));
      r.readAsText(blob!);
    });
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const gridRows = within(screen.getByTestId('report-grid')).getAllByRole('row');
    const headers = within(gridRows[0])
      .getAllByRole('columnheader')
      .map((h) => text(h));
    expect(lines[0].split(',')).toEqual(headers);
    expect(lines).toHaveLength(gridRows.length);
    const cols = headers.length;
    for (let i = 1; i < gridRows.length; i++) {
      const shown = Array.from(gridRows[i].querySelectorAll('[data-column]')).map((c) => text(c));
      // The label may be quoted; the figures are the last columns.
      const figures = lines[i]
        .split(',')
        .slice(-(cols - 1))
        .map((v) => (v === '' ? null : Number(v)));
      expect(figures).toEqual(shown.slice(1).map(figure));
    }
    expect(lines[1].startsWith('Charlie,')).toBe(true);
    expect(lines[2].startsWith('Alpha,')).toBe(true);
    expect(lines[3].startsWith('"Bravo, ""B""",')).toBe(true);
    expect(lines[4].split(',').slice(0, 2)).toEqual(['Total', '1314.85']);
  });

  it('compares with the previous period: previous figures and change beside each, in the grid and the export', async () => {
    const calls = api(COMPARED);
    render('/performance/list?period=4&groupBy=activity&compare=1');
    const rows = await screen.findAllByTestId('report-row');
    expect(reportCalls(calls)[0]).toEqual({ period: '4', groupBy: 'activity', compare: true });
    expect(cell(rows[0], 'Spend:previous')).toBe('1,000.00');
    expect(cell(rows[0], 'Spend:change')).toBe('23.45%');
    // No previous spend: no change to show.
    expect(cell(rows[1], 'Spend:change')).toBe('—');
    expect(cell(screen.getByTestId('report-totals'), 'Spend:change')).toBe('31.46%');
    const columns = reportColumns(COMPARED);
    const csv = await reportCsv({
      columns,
      headers: columns.map((c) => c.key),
      rows: shownRows(COMPARED, columns, null, 'en', 'Total'),
      rightToLeft: false,
      sheetName: 'R',
    });
    expect(csv.split('\r\n')[4].split(',').slice(0, 4)).toEqual(['Total', '1314.85', '1000.20', '31.46']);
  });

  it('shows the performance custom columns the reply carries, after the figures, in the grid and the export', async () => {
    const withCustom: PerformanceReport = {
      ...REPLY,
      CustomColumns: [
        { Id: 3, Name: 'Cost per view', Format: 'currency' },
        { Id: 4, Name: 'Margin', Format: 'percent' },
      ],
      Rows: REPLY.Rows.map((r, i) => ({
        ...r,
        Custom: ([{ '3': 1.234, '4': 0.05 }, { '3': null, '4': 0 }, {}] as CustomValues[])[i],
      })),
      Totals: { ...REPLY.Totals, Custom: { '3': 0.999, '4': 0.1234 } },
    };
    api(withCustom);
    render();
    const rows = await screen.findAllByTestId('report-row');
    const headers = Array.from(screen.getByTestId('report-grid').querySelectorAll('thead th[data-column]')).map((h) =>
      h.getAttribute('data-column'),
    );
    expect(headers.slice(-3)).toEqual(['Roas', 'custom:3', 'custom:4']);
    expect(text(screen.getByTestId('report-grid').querySelector('th[data-column="custom:4"]'))).toBe('Margin');
    expect([cell(rows[0], 'custom:3'), cell(rows[0], 'custom:4')]).toEqual(['1.23', '5.00%']);
    expect([cell(rows[1], 'custom:3'), cell(rows[1], 'custom:4'), cell(rows[2], 'custom:3')]).toEqual([
      '—',
      '0.00%',
      '—',
    ]);
    const totals = screen.getByTestId('report-totals');
    expect([cell(totals, 'custom:3'), cell(totals, 'custom:4')]).toEqual(['1.00', '12.34%']);
    const columns = reportColumns(withCustom);
    const csv = await reportCsv({
      columns,
      headers: columns.map((c) => c.key),
      rows: shownRows(withCustom, columns, null, 'en', 'Total'),
      rightToLeft: false,
      sheetName: 'R',
    });
    expect(csv.split('\r\n')[4].split(',').slice(-2)).toEqual(['1.00', '12.34']);
  });

  it("reports the export's progress by rows written, and writes the Excel file's figures as numbers with the totals row", async () => {
    const big: PerformanceReport = {
      ...REPLY,
      Rows: Array.from({ length: 600 }, (_, i) => ({
        Key: String(i + 1),
        Label: `Activity ${i + 1}`,
        ...fig({ Spend: 1, Impressions: 10 }),
      })),
      Totals: fig({ Spend: 600, Impressions: 6000 }),
    };
    const columns = reportColumns(big);
    const sheet = {
      columns,
      headers: columns.map((c) => c.key),
      rows: shownRows(big, columns, null, 'en', 'Total'),
      rightToLeft: true,
      sheetName: 'Report',
    };
    const seen: string[] = [];
    await reportCsv(sheet, (done, total) => seen.push(`${done}/${total}`));
    expect(EXPORT_CHUNK).toBe(250);
    expect(seen).toEqual(['0/601', '250/601', '500/601', '601/601']);
    const bytes = await reportXlsx(sheet);
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]); // a zip
    const xml = new TextDecoder().decode(bytes);
    expect(xml).toContain('rightToLeft="1"');
    // The totals row (row 602: the header, 600 rows, the totals) holds the totals as numbers.
    expect(xml).toMatch(
      /<row r="602"><c r="A602" s="\d+" t="inlineStr"><is><t>Total<\/t><\/is><\/c><c r="B602" s="\d+"><v>600<\/v><\/c><c r="C602" s="\d+"><v>6000<\/v><\/c>/,
    );
  });

  it('speaks Hebrew', async () => {
    chooseLocale('he');
    await setLocale('he');
    api();
    render();
    await screen.findAllByTestId('report-row');
    expect(cell(screen.getByTestId('report-totals'), 'Label')).toBe('סה״כ');
    expect(text(screen.getByTestId('report-grid').querySelector('th[data-column="Spend"]'))).toBe('הוצאה (ILS)');
    chooseLocale('en');
    await setLocale('en');
  });

  it('Hebrew exports carry no bidi isolates: file names, headers, sheet name and cells are plain text (isolates are for the screen)', async () => {
    chooseLocale('he');
    await setLocale('he');
    api();
    const files: { name: string; bytes: Uint8Array }[] = [];
    let blob: Blob | null = null;
    URL.createObjectURL = (b: Blob) => {
      blob = b;
      return 'blob:report';
    };
    URL.revokeObjectURL = () => undefined;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const name = this.download;
      const r = new FileReader();
      r.onload = () => files.push({ name, bytes: new Uint8Array(r.result as ArrayBuffer) });
      r.readAsArrayBuffer(blob!);
    });
    try {
      render('/performance/list?period=4&groupBy=activity');
      await screen.findAllByTestId('report-row');
      fireEvent.click(screen.getByTestId('report-export-csv'));
      await waitFor(() => expect(files).toHaveLength(1));
      fireEvent.click(screen.getByTestId('report-export-excel'));
      await waitFor(() => expect(files).toHaveLength(2));
    } finally {
      click.mockRestore();
      chooseLocale('en');
      await setLocale('en');
    }
    expect(files.map((f) => f.name)).toEqual([
      'דוח ביצועים 2026-10-01 – 2026-10-31.csv',
      'דוח ביצועים 2026-10-01 – 2026-10-31.xlsx',
    ]);
    // The .xlsx entries are stored, so its text is in its bytes; U+2066..U+2069 are E2 81 A6..A9 in UTF-8.
    for (const f of files) {
      const decoded = new TextDecoder().decode(f.bytes);
      expect(decoded).toContain('הוצאה (ILS)');
      expect(decoded).not.toMatch(/[\u2066-\u2069]/);
      expect(
        f.bytes.some(
          (b, i) => b === 0xe2 && f.bytes[i + 1] === 0x81 && f.bytes[i + 2] >= 0xa6 && f.bytes[i + 2] <= 0xa9,
        ),
      ).toBe(false);
    }
  });
});
