import { heading, keyValues, logo, PdfWriter } from '../../core/pdf';
import type { ExportLanguage } from '../../shared/export-language';
import { flowFillOf, type Flowchart, type FlowLine } from '../../shared/flowchart';
import { directionOf } from '../../shared/locales';
import { flowFormat } from './format';
import { drawGrid, gridColumns, type Grid } from './grid';
import { FLOWCHART_LABELS } from './labels';
import type { FlowchartDocument } from './types';

/**
 * The language the PDF is written in: the document's own, but Chinese in English — the embedded
 * font (DejaVu Sans, Latin and Hebrew) has no CJK glyphs, as the insertion order (docs/documents.md).
 */
export const pdfLanguage = (lang: ExportLanguage): ExportLanguage => (lang === 'zh' ? 'en' : lang);

/** Landscape content widths (the page less its two 40-point margins): A4, then A3 for a wider chart. */
const CONTENT = { A4: 841.89 - 80, A3: 1190.55 - 80 } as const;

/** Every figure the chart shows, to choose between whole amounts and cents. */
const figuresOf = (chart: Flowchart<FlowLine>) => [
  chart.total,
  ...chart.totals,
  ...chart.groups.flatMap((g) => [
    g.total,
    ...g.totals,
    ...g.rows.flatMap((r) => [r.total, ...r.cells.map((c) => c.amount)]),
  ]),
];

/**
 * The flowchart as a PDF (docs/documents.md): landscape A4, or A3 when the periods do not fit A4's
 * width; when they do not fit A3 either, the periods are cut into bands, each on pages of its own
 * with the lines' names repeated. The agency's logo and name, the title and the facts on the first
 * page; the grid's header (periods, today's marked) repeated on every page; Hebrew right to left,
 * the columns mirrored.
 */
export function flowchartPdf(doc: FlowchartDocument): Uint8Array {
  const lang = pdfLanguage(doc.language);
  const L = FLOWCHART_LABELS[lang];
  const chart = doc.chart;
  const fmt = flowFormat(lang, chart.grain, figuresOf(chart));
  // Measured on a writer of the same fonts before the page size is chosen.
  const probe = new PdfWriter({ direction: directionOf(lang), orientation: 'landscape' });
  const cols = gridColumns(probe, chart, fmt, L);
  const need = cols.name + cols.total + chart.periods.length * cols.period;
  const size = need <= CONTENT.A4 ? 'A4' : 'A3';
  const w = new PdfWriter({
    direction: directionOf(lang),
    orientation: 'landscape',
    size,
    title: `${L.title} · ${doc.title}`,
    pageLabel: L.page,
  });
  if (doc.agency.logo) logo(w, doc.agency.logo);
  heading(w, `${L.title} · ${doc.title}`);
  keyValues(w, doc.facts, 110);
  const perBand = Math.max(1, Math.floor((w.contentWidth - cols.name - cols.total) / cols.period));
  const bands = Math.max(1, Math.ceil(chart.periods.length / perBand));
  for (let b = 0; b < bands; b += 1) {
    if (b > 0) w.newPage();
    const grid: Grid = {
      chart,
      fmt,
      labels: L,
      fillOf: flowFillOf,
      from: b * perBand,
      to: Math.min(chart.periods.length, (b + 1) * perBand),
      widths: cols,
    };
    drawGrid(w, grid);
  }
  return w.toBytes();
}
