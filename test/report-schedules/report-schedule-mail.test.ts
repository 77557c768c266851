import { readSheet } from 'read-excel-file/node';
import { reportMail, SUBJECT_NAME_MAX, type ReportMailFacts } from '../../lambdas/modules/reports/schedule-mail';
import { reportFileName, reportSheetData, reportXlsx } from '../../lambdas/modules/reports/schedule-sheet';
import type { PerformanceReport, ReportFigures } from '../../lambdas/modules/reports/replies/reports';
import { cellFormats, xlsxParts } from '../media-plans/xlsx-parts';

/**
 * The scheduled report's file and mail, pure: the screen's export model (report-table.ts) — figures,
 * with compare the previous figure and change % beside each, custom columns (a percent one × 100),
 * the totals row last, number formats, right to left in Hebrew; the mail in Hebrew with its notes.
 */
const figures = (spend: number, over: Partial<ReportFigures> = {}): ReportFigures => ({
  Spend: spend,
  Impressions: 1000,
  Clicks: 10,
  Conversions: 2.5,
  ConversionValue: 50,
  VideoViews: 0,
  Ctr: 1,
  Cpc: spend / 10,
  Cpm: spend,
  Cpa: 0,
  Cvr: 25,
  Roas: 1.23,
  ...over,
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
  Totals: { ...figures(40.5), Custom: { 7: 0.5 } },
  PreviousTotals: compare ? figures(20) : null,
  Truncated: false,
  ActivitiesRead: 2,
  LinesRead: null,
  CustomColumns: [{ Id: 7, Name: 'Margin', Format: 'percent' }],
});

it("writes the screen's columns: with compare, previous and change % beside each figure; custom percent × 100; totals last", () => {
  const data = reportSheetData(report(true), 'en');
  const header = data[0].map((c) => (c && typeof c === 'object' ? c.value : c));
  expect(header.slice(0, 4)).toEqual([
    'Name',
    'Spend (ILS)',
    'Spend (ILS) – previous period',
    'Spend (ILS) – change %',
  ]);
  expect(header).toHaveLength(1 + 12 * 3 + 1);
  expect(header[header.length - 1]).toBe('Margin');
  const value = (row: number, col: number) => {
    const c = data[row][col];
    return c && typeof c === 'object' ? c.value : c;
  };
  // Alpha: previous 0 → no change (no base); Bravo: 30 vs 20 → 50 %.
  expect([value(1, 1), value(1, 2), value(1, 3)]).toEqual([10.5, 0, null]);
  expect([value(2, 1), value(2, 2), value(2, 3)]).toEqual([30, 20, 50]);
  expect(value(1, 37)).toBe(12.34); // 0.1234 shown × 100, 2 decimals
  expect(value(2, 37)).toBeNull();
  expect([value(3, 0), value(3, 1), value(3, 37)]).toEqual(['Total', 40.5, 50]);
});

it('sorts by a saved current-figure sort, and keeps the totals row last', () => {
  const data = reportSheetData(report(false), 'en', 'Spend:desc');
  expect(data.slice(1).map((r) => (r[0] && typeof r[0] === 'object' ? r[0].value : r[0]))).toEqual([
    '=SUM(A1)',
    'Alpha',
    'Total',
  ]);
});

it('the .xlsx reads back with the same numbers and formats, right to left in Hebrew; a formula-like name stays text', async () => {
  const file = reportXlsx(report(false), 'he', 'דוח חודשי');
  const rows = (await readSheet(file)) as unknown[][];
  expect(rows[0].slice(0, 2)).toEqual(['שם', 'הוצאה (ILS)']);
  expect(rows.map((r) => r[0])).toEqual(['שם', 'Alpha', '=SUM(A1)', 'סה״כ']);
  expect(rows[3][1]).toBe(40.5);
  const parts = xlsxParts(file);
  expect(parts.get('xl/worksheets/sheet1.xml')).toContain('rightToLeft="1"');
  const cells = cellFormats(parts);
  // Excel's built-in formats 4 (#,##0.00: money) and 3 (#,##0: counts), as the screen's export writes them.
  expect(cells.get('B2')!.format).toBe('built-in 4');
  expect(cells.get('C2')!.format).toBe('built-in 3');
  expect(cells.get('A3')!.type).toBe('inlineStr'); // a value, never a formula
  expect(parts.get('xl/worksheets/sheet1.xml')).not.toContain('<f>');
  expect(reportFileName('Client: "A/B"', '2026-11-01', '2026-11-30')).toBe('Client A B-2026-11-01-2026-11-30.xlsx');
});

it('the Hebrew mail: the subject names the report and period, the totals, the notes, the link and the file', () => {
  const facts: ReportMailFacts = {
    name: 'דוח חודשי',
    from: '2026-11-01',
    to: '2026-11-30',
    currency: 'ILS',
    totals: figures(1234.5),
    rows: 2,
    truncated: false,
    provisional: true,
    unhealthyConnectors: ['Meta ראשי'],
  };
  const file = { fileName: 'f.xlsx', contentType: 'application/octet-stream', content: Buffer.from('x') };
  const mail = reportMail(facts, 'he', 'dana@client.test', file, 'http://api.test/unsubscribe?t=abc');
  // Mixdesk's own words, the name quoted, the dates as a Hebrew reader writes them.
  expect(mail.subject).toBe('דוח מתוזמן של Mixdesk: "דוח חודשי", 1 בנוב׳ 2026 – 30 בנוב׳ 2026');
  expect(mail.text).toContain('הוצאה: 1,234.50 ILS');
  expect(mail.text).toContain('זמניים');
  expect(mail.text).toContain('Meta ראשי');
  expect(mail.text).toContain('הפסקת קבלת הדוח: http://api.test/unsubscribe?t=abc');
  expect(mail.html).toContain('dir="rtl"');
  expect(mail.attachments).toEqual([file]);
  const plain = reportMail(
    { ...facts, provisional: false, unhealthyConnectors: [], rows: 0 },
    'en',
    'a@b.test',
    file,
    null,
  );
  expect(plain.text).toContain('No actuals were recorded in this period.');
  expect(plain.text).not.toContain('provisional');
  expect(plain.text).not.toContain('Stop receiving');
  expect(plain.subject).toBe('Mixdesk scheduled report: "דוח חודשי", Nov 1, 2026 – Nov 30, 2026');
});

it('a name cannot make the subject: no URL of the user in it, the name quoted and capped at SUBJECT_NAME_MAX', () => {
  const file = { fileName: 'f.xlsx', contentType: 'application/octet-stream', content: Buffer.from('x') };
  const base: ReportMailFacts = {
    name: '',
    from: '2026-11-01',
    to: '2026-11-30',
    currency: 'ILS',
    totals: figures(1),
    rows: 1,
    truncated: false,
    provisional: false,
    unhealthyConnectors: [],
  };
  const subjectOf = (name: string) => reportMail({ ...base, name }, 'en', 'a@b.test', file, null).subject;
  for (const name of [
    'You won! Claim at https://evil.example/claim',
    'Visit www.evil.example now',
    'evil.example/claim?x=1 prize',
    'Call HTTP://EVIL.EXAMPLE',
  ]) {
    const subject = subjectOf(name);
    expect(subject).toMatch(/^Mixdesk scheduled report: ".*", Nov 1, 2026 – Nov 30, 2026$/);
    expect(subject.toLowerCase()).not.toMatch(/evil|https?:|www\./);
  }
  const long = subjectOf('A'.repeat(200));
  expect(long).toBe(`Mixdesk scheduled report: "${'A'.repeat(SUBJECT_NAME_MAX - 1)}…", Nov 1, 2026 – Nov 30, 2026`);
  expect(subjectOf('Monthly "Alpha"\r\nBcc: x@y.test')).not.toMatch(/[\r\n]/);
});

it('the attachment and its name carry no bidi isolates, even from a name that had them (isolates are for the screen)', () => {
  const isolated = (s: string) => `\u2068${s}\u2069`;
  const withMarks: PerformanceReport = {
    ...report(true),
    Rows: report(true).Rows.map((r) => ({ ...r, Label: isolated(r.Label) })),
  };
  const name = reportFileName(`דוח ${isolated('2026-11-01')} – ${isolated('2026-11-30')}`, '2026-11-01', '2026-11-30');
  expect(name).toBe('דוח 2026-11-01 – 2026-11-30-2026-11-01-2026-11-30.xlsx');
  const parts = xlsxParts(reportXlsx(withMarks, 'he', isolated('דוח'), undefined));
  const text = [...parts.values()].join('');
  expect(text).toContain('Alpha');
  expect(text).not.toMatch(/[\u2066-\u2069]/);
});
