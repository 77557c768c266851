import { readSheet } from 'read-excel-file/node';
import { writeXlsx } from '../../lambdas/core/xlsx';
import { cellFormats, xlsxParts } from './xlsx-parts';

/** The export's writer (lambdas/core/xlsx.ts) on what the plan sheet does not exercise. */
describe('writeXlsx', () => {
  it('escapes XML, drops characters XML cannot carry, and names columns past Z', async () => {
    const wide = Array.from({ length: 28 }, (_, i) => i);
    const file = writeXlsx([['a <b> & "c"\u0001', ' padded '], wide], { sheet: 'Plan: a/b [x]?' });
    const rows = await readSheet(file);
    expect(rows[0][0]).toBe('a <b> & "c"');
    expect(rows[1]).toEqual(wide);
    const parts = xlsxParts(file);
    expect(cellFormats(parts).get('AB2')).toEqual({ format: 'General', type: null, value: '27' });
    expect(parts.get('xl/worksheets/sheet1.xml')).toContain('<t xml:space="preserve"> padded </t>');
    expect(parts.get('xl/workbook.xml')).toContain('name="Plan  a b  x"');
    expect(parts.get('xl/worksheets/sheet1.xml')).not.toContain('rightToLeft');
  });

  it('writes dates as serial days with their format, and the right-to-left view', async () => {
    const file = writeXlsx(
      [[{ value: new Date('2026-03-01T12:30:00.000Z'), type: Date, format: 'dd.mm.yyyy hh:mm' }]],
      { rightToLeft: true },
    );
    const parts = xlsxParts(file);
    const cell = cellFormats(parts).get('A1');
    expect(cell).toMatchObject({ format: 'dd.mm.yyyy hh:mm', type: null });
    expect(Number(cell?.value)).toBeCloseTo(46082.5208333, 6); // 2026-03-01 is day 46082; 12:30 is 0.5208333 of a day
    expect(parts.get('xl/worksheets/sheet1.xml')).toMatch(/<sheetView\b[^>]*\brightToLeft="1"/);
    // A serial day is a binary fraction: read back, the time may be a millisecond off.
    const read = (await readSheet(file))[0][0] as unknown as Date;
    expect(Math.round(read.getTime() / 1000) * 1000).toBe(Date.parse('2026-03-01T12:30:00.000Z'));
  });

  it('refuses a date without a format and a number that is not finite', () => {
    expect(() => writeXlsx([[{ value: new Date('2026-03-01T00:00:00Z'), type: Date }]])).toThrow(
      /date cell A1 has no format/,
    );
    expect(() => writeXlsx([[null, { value: Number.NaN, type: Number }]])).toThrow(/cell B1 is not a finite number/);
  });
});

describe('writeXlsx and bidi isolates', () => {
  it('writes no U+2066..U+2069 into cells or the sheet name: the billing, plan and scheduled report files are plain text', () => {
    const file = writeXlsx([['\u2068חיוב\u2069 \u2066ACME\u2069', 3]], {
      sheet: '\u2067חיוב 2026-11\u2069',
      rightToLeft: true,
    });
    const parts = xlsxParts(file);
    const text = [...parts.values()].join('');
    expect(text).toContain('חיוב ACME');
    expect(parts.get('xl/workbook.xml')).toContain('name="חיוב 2026-11"');
    expect(text).not.toMatch(/[\u2066-\u2069]/);
  });
});
