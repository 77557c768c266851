import { flowOfVersion } from '../model/flow-view';
import { FLOW_CHANNEL_TYPES, flowVersion } from '../testing/flow-fixtures';
import { flowchartXlsx, TODAY_FILL, type FlowchartSheet } from './flowchart-export';

/**
 * The flowchart's Excel file read back from its bytes: the entries of the (stored) zip, the sheet's
 * cells by reference with their style, and each style's fill and boldness from styles.xml.
 */
function storedEntries(zip: Uint8Array): Map<string, string> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const out = new Map<string, string>();
  for (let at = 0; view.getUint32(at, true) === 0x04034b50; ) {
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const start = at + 30 + nameLength + view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(zip.subarray(at + 30, at + 30 + nameLength));
    out.set(name, new TextDecoder().decode(zip.subarray(start, start + size)));
    at = start + size;
  }
  return out;
}

interface ReadCell {
  value: string | number;
  fill: string | null;
  bold: boolean;
}

function readSheet(bytes: Uint8Array): { cells: Map<string, ReadCell>; sheet: string; workbook: string } {
  const entries = storedEntries(bytes);
  const styles = entries.get('xl/styles.xml')!;
  const fills = [...styles.matchAll(/<fill>(.*?)<\/fill>/g)].map(
    (m) => /rgb="FF([0-9A-F]{6})"/.exec(m[1])?.[1] ?? null,
  );
  const xfs = [...styles.replace(/^[\s\S]*<cellXfs[^>]*>/, '').matchAll(/<xf ([^>]*)\/>/g)].map((m) => ({
    fill: fills[Number(/fillId="(\d+)"/.exec(m[1])![1])],
    bold: /fontId="1"/.test(m[1]),
  }));
  const sheet = entries.get('xl/worksheets/sheet1.xml')!;
  const cells = new Map<string, ReadCell>();
  for (const m of sheet.matchAll(/<c r="([A-Z]+\d+)"(?: s="(\d+)")?( t="inlineStr")?>(.*?)<\/c>/g)) {
    const style = xfs[Number(m[2] ?? 0)];
    const value = m[3] ? /<t[^>]*>(.*?)<\/t>/.exec(m[4])![1] : Number(/<v>(.*?)<\/v>/.exec(m[4])![1]);
    cells.set(m[1], { value, fill: style.fill, bold: style.bold });
  }
  return { cells, sheet, workbook: entries.get('xl/workbook.xml')! };
}

const LABELS: FlowchartSheet['labels'] = {
  sheet: 'Flowchart',
  plan: 'Plan',
  account: 'Account',
  version: 'Version',
  currency: 'Currency',
  line: 'Line',
  total: 'Total',
  today: 'Today',
};

function sheetOf(rightToLeft: boolean): FlowchartSheet {
  const chart = flowOfVersion(flowVersion(), {
    grain: 'month',
    groupBy: 'channelGroup',
    today: '2026-02-15',
    channelTypes: FLOW_CHANNEL_TYPES,
    groupLabel: (g) => g,
  })!;
  return {
    chart,
    locale: 'en',
    rightToLeft,
    plan: 'Spring launch plan',
    account: 'Hadar Insurance',
    version: 2,
    currency: 'ILS',
    labels: LABELS,
  };
}

it('writes the header rows, the periods, the bars as filled cells with their amounts and the totals', () => {
  const { cells, sheet, workbook } = readSheet(flowchartXlsx(sheetOf(false)));
  const at = (ref: string) => cells.get(ref) ?? null;
  expect([at('A1')?.value, at('B1')?.value, at('B2')?.value, at('B3')?.value, at('B4')?.value]).toEqual([
    'Plan',
    'Spring launch plan',
    'Hadar Insurance',
    2,
    'ILS',
  ]);
  // Row 6: the periods, today's (February) marked and filled.
  expect(['A6', 'B6', 'C6', 'D6', 'E6'].map((r) => at(r)?.value)).toEqual([
    'Line',
    'Jan 2026',
    'Feb 2026 (Today)',
    'Mar 2026',
    'Total',
  ]);
  expect(at('C6')).toEqual({ value: 'Feb 2026 (Today)', fill: TODAY_FILL, bold: true });
  expect(at('B6')?.fill).toBeNull();
  // Search (first group's fill BBDEFB): its subtotal row, then its line: 545.45 + 454.55, no March cell.
  expect(at('A7')).toEqual({ value: 'Search', fill: 'BBDEFB', bold: true });
  expect(['B7', 'C7', 'D7', 'E7'].map((r) => at(r)?.value)).toEqual([545.45, 454.55, 0, 1000]);
  expect(at('A8')).toEqual({ value: 'Search brand', fill: null, bold: false });
  expect(at('B8')).toEqual({ value: 545.45, fill: 'BBDEFB', bold: false });
  expect(at('C8')).toEqual({ value: 454.55, fill: 'BBDEFB', bold: false });
  expect(at('D8')).toBeNull();
  expect(at('E8')).toEqual({ value: 1000, fill: null, bold: true });
  // Video (second fill C8E6C9): its split line, the bar over February and March only.
  expect(at('A9')?.value).toBe('Video');
  expect(at('A10')?.value).toBe('YouTube pre-roll');
  expect(at('B10')).toBeNull();
  expect([at('C10'), at('D10')]).toEqual([
    { value: 600, fill: 'C8E6C9', bold: false },
    { value: 400, fill: 'C8E6C9', bold: false },
  ]);
  // The totals row; the archived line is in no row.
  expect(['A11', 'B11', 'C11', 'D11', 'E11'].map((r) => at(r)?.value)).toEqual(['Total', 545.45, 1054.55, 400, 2000]);
  expect(at('A12')).toBeNull();
  expect(sheet).not.toContain('Gone');
  expect(sheet).not.toContain('rightToLeft');
  expect(workbook).toContain('<sheet name="Flowchart"');
});

it('writes a right-to-left sheet for Hebrew', () => {
  expect(readSheet(flowchartXlsx(sheetOf(true))).sheet).toContain('<sheetView workbookViewId="0" rightToLeft="1"/>');
});
