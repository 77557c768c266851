import { minorToNumber } from '@server/shared/money';
import type { Flowchart, FlowLine } from '@server/shared/flowchart';
import { XlsxSheet, type XlsxCell, type XlsxRow } from '../../../lib/xlsx-writer';
import { fillOf, periodLabel } from '../model/flow-view';

/**
 * The flowchart as an Excel sheet (its own chunk, loaded on the first export): the header rows
 * (plan, account, version, currency), a row of periods, then per group its row of subtotals and
 * its lines, each period of a line's bar a cell filled in the group's colour with its amount, and
 * the totals row; amounts are numbers, so the client's own sums work. Right to left in Hebrew.
 */
export interface FlowchartSheet {
  chart: Flowchart<FlowLine>;
  locale: string;
  rightToLeft: boolean;
  plan: string;
  account: string;
  version: number;
  currency: string;
  labels: {
    sheet: string;
    plan: string;
    account: string;
    version: string;
    currency: string;
    line: string;
    total: string;
    today: string;
  };
}

const AMOUNT = '#,##0.00';
/** Today's column header. */
export const TODAY_FILL = 'FFF59D';

const amount = (minor: number, extra: Partial<XlsxCell> = {}): XlsxCell => ({
  value: minorToNumber(minor),
  format: AMOUNT,
  ...extra,
});

/** The sheet's rows (exported for the tests, which read them back from the file's bytes). */
export function flowchartRows(s: FlowchartSheet): XlsxRow[] {
  const { chart, labels } = s;
  const rows: XlsxRow[] = [
    [{ value: labels.plan, bold: true }, { value: s.plan }],
    [{ value: labels.account, bold: true }, { value: s.account }],
    [{ value: labels.version, bold: true }, { value: s.version }],
    [{ value: labels.currency, bold: true }, { value: s.currency }],
    [],
    [
      { value: labels.line, bold: true },
      ...chart.periods.map(
        (p, i): XlsxCell => ({
          value: periodLabel(p, chart.grain, s.locale) + (i === chart.todayIndex ? ` (${labels.today})` : ''),
          bold: true,
          fill: i === chart.todayIndex ? TODAY_FILL : undefined,
        }),
      ),
      { value: labels.total, bold: true },
    ],
  ];
  chart.groups.forEach((g, gi) => {
    const fill = fillOf(gi);
    rows.push([
      { value: g.label, bold: true, fill },
      ...g.totals.map((t) => amount(t, { bold: true, fill })),
      amount(g.total, { bold: true, fill }),
    ]);
    for (const r of g.rows) {
      rows.push([
        { value: r.line.name },
        ...r.cells.map((c) => (c.days > 0 ? amount(c.amount, { fill }) : null)),
        amount(r.total, { bold: true }),
      ]);
    }
  });
  rows.push([
    { value: labels.total, bold: true },
    ...chart.totals.map((t) => amount(t, { bold: true })),
    amount(chart.total, { bold: true }),
  ]);
  return rows;
}

/** The .xlsx bytes of the flowchart. */
export function flowchartXlsx(s: FlowchartSheet): Uint8Array {
  const sheet = new XlsxSheet({
    sheet: s.labels.sheet,
    rightToLeft: s.rightToLeft,
    widths: [36, ...s.chart.periods.map(() => 13), 15],
  });
  for (const row of flowchartRows(s)) sheet.add(row);
  return sheet.file();
}
