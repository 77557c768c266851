import { createHash } from 'node:crypto';
import type { PerformanceReport, ReportFigures } from '@server/modules/reports/replies/reports';
import { reportXlsx } from './report-export';
import { reportColumns } from '@server/shared/report-columns';
import { shownRows } from './report-table';
import { XlsxSheet } from '../../../lib/xlsx-writer';

/**
 * The report's Excel download byte for byte (as sha256): the writer on every kind of cell it takes,
 * and a compared report with custom columns through the grid's model. A change to the writer or the
 * model that alters one byte fails here; a deliberate one updates the hash.
 */
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

beforeAll(() => {
  // The zip entries carry the time they are written; the export's pauses are real timeouts.
  jest.useFakeTimers({ now: new Date('2026-05-04T10:20:30.000Z'), doNotFake: ['setTimeout'] });
});
afterAll(() => {
  jest.useRealTimers();
});

it('writes a sheet byte for byte', () => {
  const sheet = new XlsxSheet({ sheet: 'Report: a/b [x]?', widths: [36, 16, 16], rightToLeft: true });
  sheet.add([{ value: 'Name', bold: true }, { value: ' padded ' }, { value: 'a <b> & "c"\u0001' }]);
  sheet.add([{ value: '\u2068ACME\u2069' }, { value: 1234.5, format: '#,##0.00' }, null, { value: 3 }]);
  sheet.add([
    { value: 'Total', bold: true },
    { value: 12.34, format: '#,##0.00"%"', bold: true },
  ]);
  expect(sha(sheet.file())).toBe('26bccc05d0256f726e9d240ab70fe5528bcc48c38ebcd25d98c9673a7016d65f');
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
const REPORT: PerformanceReport = {
  GroupBy: 'activity',
  Currency: 'ILS',
  From: '2026-11-01',
  To: '2026-11-30',
  PreviousFrom: '2026-10-02',
  PreviousTo: '2026-10-31',
  Rows: [
    { Key: '1', Label: 'Alpha', ...figures(10.5), Previous: figures(0), Custom: { 7: 0.1234 } },
    { Key: '2', Label: '=SUM(A1)', ...figures(30), Previous: figures(20), Custom: { 7: null } },
  ],
  Totals: { ...figures(40.5), Custom: { 7: 0.5, 8: 12 } },
  PreviousTotals: figures(20),
  Truncated: false,
  ActivitiesRead: 2,
  LinesRead: null,
  CustomColumns: [
    { Id: 7, Name: 'Margin', Format: 'percent' },
    { Id: 8, Name: 'Fee', Format: 'currency' },
  ],
};

it("writes a report's download byte for byte", async () => {
  const columns = reportColumns(REPORT);
  const bytes = await reportXlsx({
    columns,
    headers: columns.map((c) => c.key),
    rows: shownRows(REPORT, columns, { key: 'Spend', dir: 'desc' }, 'he', 'סה״כ'),
    rightToLeft: true,
    sheetName: 'דוח ביצועים',
  });
  expect(sha(bytes)).toBe('8d5577da4741d26053727218b0ce2053db71da2826776cb3f3c4d426a0155705');
});

/** The entries of a zip whose entries are STORED (as the console writes them), by name. */
function storedEntries(zip: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const out = new Map<string, Uint8Array>();
  for (let at = 0; view.getUint32(at, true) === 0x04034b50; ) {
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const start = at + 30 + nameLength + view.getUint16(at + 28, true);
    out.set(new TextDecoder().decode(zip.subarray(at + 30, at + 30 + nameLength)), zip.subarray(start, start + size));
    at = start + size;
  }
  return out;
}

it("puts the company's logo past the last column at the top, its bytes as given; without one the file is as before", async () => {
  // A PNG's signature and header (320 × 64): what the writer reads of it to size the picture.
  const header = new Uint8Array(33);
  header.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(header.buffer).setUint32(16, 320);
  new DataView(header.buffer).setUint32(20, 64);
  const columns = reportColumns(REPORT);
  const sheet = {
    columns,
    headers: columns.map((c) => c.key),
    rows: shownRows(REPORT, columns, { key: 'Spend', dir: 'desc' }, 'en', 'Total'),
    rightToLeft: false,
    sheetName: 'Report',
  };
  const logo = { ContentType: 'image/png' as const, Data: Buffer.from(header).toString('base64'), description: 'ACME' };
  const withLogo = storedEntries(await reportXlsx(sheet, undefined, logo));
  expect(Buffer.from(withLogo.get('xl/media/image1.png')!).equals(Buffer.from(header))).toBe(true);
  const drawing = new TextDecoder().decode(withLogo.get('xl/drawings/drawing1.xml'));
  // One empty column past the report's, on the first row; 160 × 32 px (320 × 64 fitted into 160 × 48).
  expect(drawing).toContain(`<xdr:from><xdr:col>${columns.length + 1}</xdr:col>`);
  expect(drawing).toContain('<xdr:row>0</xdr:row>');
  expect(drawing).toContain(`<xdr:ext cx="${160 * 9525}" cy="${32 * 9525}"/>`);
  expect(drawing).toContain('descr="ACME"');

  const plain = storedEntries(await reportXlsx(sheet, undefined, null));
  expect([...plain.keys()].filter((k) => k.includes('drawing') || k.includes('media'))).toEqual([]);
  // The cells are the same: the sheet differs only by the element that names its drawing.
  const cells = (entries: Map<string, Uint8Array>) =>
    new TextDecoder().decode(entries.get('xl/worksheets/sheet1.xml')).replace(/<drawing [^>]*\/>/, '');
  expect(cells(withLogo)).toEqual(cells(plain));
});
