import { writeXlsx, type Cell, type CellObject, type SheetData } from '../../../core/xlsx';
import { directionOf } from '../../../shared/locales';
import { currencyCode, EXCEL_DATE_FORMATS, excelDay, excelMoneyFormat, periodText } from './format';
import { IO_LABELS } from './labels';
import type { InsertionOrderDocument } from './types';

const bold = (value: string): CellObject => ({ value, fontWeight: 'bold' });

/**
 * The insertion order as an .xlsx workbook (the server's one writer, core/xlsx.ts): the same
 * words as the PDF in the document's language (Chinese included: Excel has the fonts), amounts as
 * number cells with the currency's format, days as date cells, the sheet right to left in Hebrew,
 * the agency's logo at its top.
 */
export function insertionOrderXlsx(doc: InsertionOrderDocument): Uint8Array {
  const lang = doc.language;
  const L = IO_LABELS[lang];
  const { order, vendor } = doc;
  const money = excelMoneyFormat(lang, order.currency);
  const day = (iso: string): Cell => ({ value: excelDay(iso), format: EXCEL_DATE_FORMATS[lang] });
  const amount = (n: number | undefined): Cell => (n === undefined ? null : { value: n, type: Number, format: money });
  const pair = (label: string, value: Cell): Cell[] => [bold(label), value];
  const optional = (label: string, value: string | undefined) => (value ? [pair(label, value)] : []);
  const rows: SheetData = [
    [bold(`${L.title} ${order.number}`)],
    pair(L.agency, doc.agency.name),
    ...optional(L.address, doc.agency.address),
    pair(L.orderNumber, order.number),
    pair(L.version, order.version),
    pair(L.date, day(order.date)),
    pair(L.account, doc.accountName),
    pair(L.activity, doc.activityName),
    pair(L.currency, currencyCode(order.currency)),
    pair(L.paymentTerms, L.terms(order.paymentTerms)),
    [],
    pair(L.vendor, vendor.name),
    ...optional(L.taxId, vendor.taxId),
    ...optional(L.address, vendor.address),
    ...optional(L.contacts, vendor.contactNames.join(', ')),
    [],
    [L.line, L.channel, L.start, L.end, ...doc.periods.map((p) => periodText(lang, p)), L.total].map(bold),
    ...doc.lines.map((line): Cell[] => [
      line.name,
      line.channelType,
      day(line.startDate),
      day(line.endDate),
      ...doc.periods.map((p) => amount(line.amounts[p])),
      amount(line.total),
    ]),
    [
      bold(L.totals),
      null,
      null,
      null,
      ...doc.periods.map((p) => ({
        ...(amount(doc.totals.periods[p] ?? 0) as CellObject),
        fontWeight: 'bold' as const,
      })),
      { value: doc.totals.total, type: Number, format: money, fontWeight: 'bold' },
    ],
    ...(order.instructions ? [[], pair(L.instructions, order.instructions)] : []),
    ...(order.terms ? [[], pair(L.conditions, order.terms)] : []),
  ];
  const logo = doc.agency.logo && { bytes: doc.agency.logo.bytes, contentType: doc.agency.logo.type };
  const file = writeXlsx(
    rows,
    {
      sheet: L.sheet,
      rightToLeft: directionOf(lang) === 'rtl',
      columns: [
        { width: 32 },
        { width: 20 },
        { width: 13 },
        { width: 13 },
        ...doc.periods.map(() => ({ width: 15 })),
        { width: 17 },
      ],
    },
    logo,
  );
  return new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
}
