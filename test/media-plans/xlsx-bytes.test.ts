import { createHash } from 'node:crypto';
import { writeWorkbook, writeXlsx } from '../../lambdas/core/xlsx';
import { reportXlsx } from '../../lambdas/modules/reports/schedule-sheet';
import type { PerformanceReport, ReportFigures } from '../../lambdas/modules/reports/replies/reports';

/**
 * The server's .xlsx files byte for byte (as sha256): the plan export's kind of workbook (several
 * sheets, dates, built-in and custom number formats, bold, widths, right to left, a hidden sheet) and
 * the scheduled report's sheet. A change to the writer or the report's columns that alters one byte
 * fails here; a deliberate one updates the hash.
 */
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

beforeAll(() => {
  // The zip entries carry the time they are written.
  jest.useFakeTimers({ now: new Date('2026-05-04T10:20:30.000Z') });
});
afterAll(() => {
  jest.useRealTimers();
});

it('writes a plan-like workbook byte for byte', () => {
  const file = writeWorkbook([
    {
      data: [
        [{ value: 'Plan', fontWeight: 'bold' }, ' padded ', 'a <b> & "c"\u0001', '\u2068ACME\u2069'],
        [
          { value: new Date('2026-03-01T12:30:00.000Z'), type: Date, format: 'dd.mm.yyyy' },
          { value: 1234.5, format: '#,##0.00' },
          { value: 0.125, format: '0.00%' },
          { value: 7, format: '0%', fontWeight: 'bold' },
          { value: '0042', type: String, format: '@' },
          { value: '12', type: Number, format: '#,##0.00 "₪"' },
          null,
          3,
        ],
        Array.from({ length: 30 }, (_, i) => i),
      ],
      options: { sheet: 'Plan: a/b [x]?', rightToLeft: true, columns: [{ width: 30 }, {}, { width: 12 }] },
    },
    { data: [['Totals'], [{ value: 99, format: '#,##0' }]], options: { sheet: 'plan  a b  x' } },
    { data: [['hidden', 1]], options: { sheet: 'meta', hidden: true } },
  ]);
  expect(sha(file)).toBe('139ec19748f18efd9882724e2370ba6183ee18401468d87270a254323dbe6446');
});

it('writes a one-sheet file byte for byte', () => {
  expect(sha(writeXlsx([['a', 1, { value: 2, format: '#,##0' }]]))).toBe(
    '5fa9e7536b59f1661154c4a55242829613229995e874e2a47b32fbd13f0ecc12',
  );
});

const figures = (spend: number): ReportFigures => ({
  Spend: spend,
  Impressions: 1000,
  Clicks: 10,
  Conversions: 2.5,
  ConversionValue: 50.005,
  VideoViews: 0,
  Ctr: 1,
  Cpc: spend / 10,
  Cpm: spend,
  Cpa: 0,
  Cvr: 25,
  Roas: 1.235,
});
const report = (compare: boolean): PerformanceReport => ({
  GroupBy: 'activity',
  Currency: 'ILS',
  From: '2026-11-01',
  To: '2026-11-30',
  PreviousFrom: compare ? '2026-10-02' : null,
  PreviousTo: compare ? '2026-10-31' : null,
  Rows: [
    { Key: '1', Label: 'Alpha', ...figures(10.5), ...(compare ? { Previous: figures(0) } : {}), Custom: { 7: 0.1234 } },
    { Key: '2', Label: '=SUM(A1)', ...figures(30), ...(compare ? { Previous: figures(20) } : {}), Custom: { 7: null } },
  ],
  Totals: { ...figures(40.5), Custom: { 7: 0.5, 8: 12 } },
  PreviousTotals: compare ? figures(20) : null,
  Truncated: false,
  ActivitiesRead: 2,
  LinesRead: null,
  CustomColumns: [
    { Id: 7, Name: 'Margin', Format: 'percent' },
    { Id: 8, Name: 'Fee', Format: 'currency' },
  ],
});

it("writes the scheduled report's file byte for byte", () => {
  expect(sha(reportXlsx(report(true), 'en', 'Monthly'))).toBe(
    '8522ed70ae5d0e05f7a2adbcb1e60e7447da9d1e50174776598408c8f85d58c6',
  );
  expect(sha(reportXlsx(report(false), 'he', 'דוח חודשי', 'Spend:desc'))).toBe(
    '4b7db94e77c0deb1bc0fdbd1e6d773061d02a7c036fe2739d282d8e1a1965b75',
  );
});
