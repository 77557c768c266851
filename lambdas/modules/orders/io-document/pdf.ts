import { heading, keyValues, logo, paragraph, PdfWriter, table, type TableColumn } from '../../../core/pdf';
import type { ExportLanguage } from '../../../shared/export-language';
import { directionOf } from '../../../shared/locales';
import { amountText, currencyCode, dayText, moneyText, periodText } from './format';
import { IO_LABELS } from './labels';
import type { InsertionOrderDocument } from './types';

/**
 * The language the PDF is written in: the document's own, but Chinese in English — the embedded font
 * (DejaVu Sans, Latin and Hebrew) has no CJK glyphs (docs/documents.md).
 */
const pdfLanguage = (lang: ExportLanguage): ExportLanguage => (lang === 'zh' ? 'en' : lang);

/** More than four months do not fit an A4 page upright with the line's name and dates. */
const LANDSCAPE_FROM_PERIODS = 5;

/** The insertion order as a PDF: A4, in the vendor's language, Hebrew right to left. */
export async function insertionOrderPdf(doc: InsertionOrderDocument): Promise<Uint8Array> {
  const lang = pdfLanguage(doc.language);
  const L = IO_LABELS[lang];
  const { order, vendor } = doc;
  const w = new PdfWriter({
    direction: directionOf(lang),
    orientation: doc.periods.length >= LANDSCAPE_FROM_PERIODS ? 'landscape' : 'portrait',
    title: `${L.title} ${order.number}`,
    pageLabel: L.page,
  });
  if (doc.agency.logo) logo(w, doc.agency.logo);
  heading(w, `${L.title} ${order.number}`);
  const optional = (label: string, value: string | undefined): [string, string][] => (value ? [[label, value]] : []);
  keyValues(w, [
    [L.agency, doc.agency.name],
    ...optional(L.address, doc.agency.address),
    [L.orderNumber, order.number],
    [L.version, String(order.version)],
    [L.date, dayText(lang, order.date)],
    [L.account, doc.accountName],
    [L.activity, doc.activityName],
    [L.currency, currencyCode(order.currency)],
    [L.paymentTerms, L.terms(order.paymentTerms)],
  ]);
  heading(w, L.vendor, 2);
  keyValues(w, [
    [L.vendor, vendor.name],
    ...optional(L.taxId, vendor.taxId),
    ...optional(L.address, vendor.address),
    ...optional(L.contacts, vendor.contactNames.join(', ')),
  ]);
  heading(w, L.lines, 2);
  linesTable(w, doc, lang);
  if (order.instructions) {
    heading(w, L.instructions, 2);
    paragraph(w, order.instructions);
  }
  if (order.terms) {
    heading(w, L.conditions, 2);
    paragraph(w, order.terms);
  }
  return w.toBytes();
}

function linesTable(w: PdfWriter, doc: InsertionOrderDocument, lang: ExportLanguage): void {
  const L = IO_LABELS[lang];
  const columns: TableColumn[] = [
    { header: L.line, width: 3 },
    { header: L.channel, width: 2 },
    { header: L.start, width: 0, fit: true },
    { header: L.end, width: 0, fit: true },
    ...doc.periods.map((p) => ({ header: periodText(lang, p), width: 0, align: 'end' as const, fit: true })),
    { header: L.total, width: 0, align: 'end', fit: true },
  ];
  const amount = (n: number | undefined) => (n === undefined ? '' : amountText(lang, n));
  const rows = doc.lines.map((line) => [
    line.name,
    line.channelType,
    dayText(lang, line.startDate),
    dayText(lang, line.endDate),
    ...doc.periods.map((p) => amount(line.amounts[p])),
    amountText(lang, line.total),
  ]);
  const totals = [
    L.totals,
    '',
    '',
    '',
    ...doc.periods.map((p) => amount(doc.totals.periods[p] ?? 0)),
    moneyText(lang, doc.totals.total, doc.order.currency),
  ];
  table(w, columns, rows, totals);
}
