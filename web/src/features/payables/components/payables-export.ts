import { withoutIsolates } from '@server/shared/normalise-text';
import { saveFile, XLSX_TYPE } from '../../../lib/save-file';
import { XlsxSheet, type XlsxRow } from '../../../lib/xlsx-writer';
import type { VendorBillSummary } from '../api/payables-api';

/**
 * The payables' exports (docs/vendor-bills.md, "Export layout"): one row per bill in the list's
 * order, the columns below in this order, headers in the user's language, values untranslated.
 * Its own chunk, loaded on the first export.
 */
export const EXPORT_COLUMNS = [
  'vendor',
  'reference',
  'account',
  'activity',
  'period',
  'billDate',
  'dueDate',
  'currency',
  'net',
  'vat',
  'gross',
  'paid',
  'balance',
  'status',
  'payStatus',
  'approved',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

const MONEY: readonly ExportColumn[] = ['net', 'vat', 'gross', 'paid', 'balance'];

function valueOf(b: VendorBillSummary, c: ExportColumn): string | number {
  switch (c) {
    case 'vendor':
      return b.VendorName;
    case 'reference':
      return b.VendorRef;
    case 'account':
      return b.AccountName;
    case 'activity':
      return b.ActivityName;
    case 'period':
      return b.Period;
    case 'billDate':
      return b.BillDate;
    case 'dueDate':
      return b.DueDate;
    case 'currency':
      return b.CurrencyCode;
    case 'net':
      return b.Net;
    case 'vat':
      return b.Vat;
    case 'gross':
      return b.Gross;
    case 'paid':
      return b.Paid;
    case 'balance':
      return b.Balance;
    case 'status':
      return b.Status;
    case 'payStatus':
      return b.PayStatus;
    case 'approved':
      return b.Approved ? 'yes' : 'no';
  }
}

function csvField(value: string): string {
  const text = withoutIsolates(value);
  // A leading = + - @ would be a formula in a spreadsheet (CSV injection): names are text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV text: UTF-8 with a BOM (so Excel reads Hebrew names), comma-separated, CRLF lines, amounts as 1234.50. */
export function payablesCsv(rows: readonly VendorBillSummary[], headers: readonly string[]): string {
  const lines = [headers.map(csvField).join(',')];
  for (const b of rows)
    lines.push(
      EXPORT_COLUMNS.map((c) => {
        const v = valueOf(b, c);
        return MONEY.includes(c) ? Number(v).toFixed(2) : csvField(String(v));
      }).join(','),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The .xlsx bytes: a bold header row, amounts as numbers with two decimals. */
export function payablesXlsx(rows: readonly VendorBillSummary[], headers: readonly string[], rightToLeft: boolean) {
  const sheet = new XlsxSheet({
    sheet: 'Payables',
    rightToLeft,
    widths: EXPORT_COLUMNS.map((c) => (MONEY.includes(c) ? 14 : c === 'vendor' || c === 'activity' ? 28 : 14)),
  });
  sheet.add(headers.map((h) => ({ value: h, bold: true })));
  for (const b of rows) {
    const row: XlsxRow = EXPORT_COLUMNS.map((c) =>
      MONEY.includes(c) ? { value: Number(valueOf(b, c)), format: '#,##0.00' } : { value: String(valueOf(b, c)) },
    );
    sheet.add(row);
  }
  return sheet.file();
}

/** Writes and saves the file. */
export function savePayables(
  kind: 'xlsx' | 'csv',
  rows: readonly VendorBillSummary[],
  headers: readonly string[],
  rightToLeft: boolean,
  name: string,
): void {
  if (kind === 'csv')
    saveFile(new Blob([payablesCsv(rows, headers)], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
  else saveFile(new Blob([payablesXlsx(rows, headers, rightToLeft) as BlobPart], { type: XLSX_TYPE }), `${name}.xlsx`);
}
