import { createHash } from 'node:crypto';
import { readSheet } from 'read-excel-file/node';
import { writeWorkbook, writeXlsx } from '../../lambdas/core/xlsx';
import { readXlsx } from '../../lambdas/core/xlsx-read';
import { fitIn, imageSize } from '../../lambdas/shared/image-size';
import { ONLY_DATE } from '../support/clock';
import { jpegHeadOf, pngOf } from '../support/images';
import { picturesOf } from '../support/xlsx-images';
import { xlsxParts } from './xlsx-parts';

/**
 * The company's logo in the server's .xlsx files (lambdas/shared/xlsx-drawing.ts): a picture
 * floating at the top of the first sheet, past the values of the rows it lies over, read back by
 * exceljs with the same bytes; the cells are the same as without it; without one, nothing is added.
 */
const PNG = pngOf(320, 64);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const plan = [
  [{ value: 'Plan', fontWeight: 'bold' as const }, 'Spring'],
  ['Version', 1],
  ['Status', 'Draft'],
  [],
  ['Channel', 'Line', 'Start', 'End', 'Buy', 'Cost', 'Budget', 'Fee'],
  ['Search', 'Brand', 'x', 'y', 'CPC', 1, 1000, 12],
];

describe('the logo in a workbook', () => {
  it('floats at the top of the first sheet, one column past the rows it covers, sized to 160 × 48 at most, its bytes as given', async () => {
    const file = writeWorkbook(
      [
        { data: plan, options: { sheet: 'Plan' } },
        { data: [['hidden', 1]], options: { sheet: 'meta', hidden: true } },
      ],
      { bytes: PNG, contentType: 'image/png', description: 'ACME <Media> & "Co"' },
    );
    const [first, second] = await picturesOf(file);
    expect(second).toEqual([]);
    expect(first).toHaveLength(1);
    // Rows 1 to 3 hold two columns: the picture starts in D (one empty column between).
    expect(first[0]).toMatchObject({ extension: 'png', col: 3, row: 0, width: 160, height: 32 });
    expect(first[0].bytes.equals(PNG)).toBe(true);
    // The description is escaped XML; the cells are the same as without the logo.
    expect(xlsxParts(file).get('xl/drawings/drawing1.xml')).toContain(
      'descr="ACME &lt;Media&gt; &amp; &quot;Co&quot;"',
    );
    const plain = writeWorkbook([
      { data: plan, options: { sheet: 'Plan' } },
      { data: [['hidden', 1]], options: { sheet: 'meta', hidden: true } },
    ]);
    expect(await readSheet(file)).toEqual(await readSheet(plain));
    const [a, b] = [readXlsx(file), readXlsx(plain)];
    expect(a.sheets).toEqual(b.sheets);
    expect(a.read('Plan')).toEqual(b.read('Plan'));
    expect(a.read('meta')).toEqual(b.read('meta'));
  });

  it('past the header row of a table that starts at the top, and a JPEG as a JPEG; right to left changes no anchor', async () => {
    const jpeg = jpegHeadOf(100, 100);
    const rows = [
      ['Name', 'Spend', 'Clicks'],
      ['A', 1, 2],
      ['B', 3, 4],
    ];
    const file = writeXlsx(rows, { sheet: 'Report', rightToLeft: true }, { bytes: jpeg, contentType: 'image/jpeg' });
    const [[picture]] = await picturesOf(file);
    expect(picture).toMatchObject({ extension: 'jpeg', col: 4, row: 0, width: 48, height: 48 });
    expect(picture.bytes.equals(jpeg)).toBe(true);
    expect(xlsxParts(file).get('[Content_Types].xml')).toContain(
      '<Default Extension="jpeg" ContentType="image/jpeg"/>',
    );
  });

  it('without a logo the file has no picture and no drawing part, byte for byte the same as before', async () => {
    // The zip stamps its entries with the time, in 2-second steps: both files are written at one instant.
    jest.useFakeTimers({ now: new Date('2026-12-05T10:00:01Z'), doNotFake: [...ONLY_DATE] });
    let file: Buffer;
    let again: Buffer;
    try {
      file = writeXlsx(plan, { sheet: 'Plan' });
      again = writeXlsx(plan, { sheet: 'Plan' }, undefined);
    } finally {
      jest.useRealTimers();
    }
    expect(await picturesOf(file)).toEqual([[]]);
    expect([...xlsxParts(file).keys()].filter((k) => /drawing|media/.test(k))).toEqual([]);
    expect(sha(again)).toBe(sha(file));
  });
});

describe('imageSize', () => {
  it("reads a PNG's and a JPEG's declared size, and nothing from bytes that do not say", () => {
    expect(imageSize(pngOf(3, 7), 'image/png')).toEqual({ width: 3, height: 7 });
    expect(imageSize(jpegHeadOf(640, 480), 'image/jpeg')).toEqual({ width: 640, height: 480 });
    expect(imageSize(pngOf(3, 7).subarray(0, 20), 'image/png')).toBeUndefined();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg')).toBeUndefined();
  });

  it('fits a size in a box, never enlarging it, its proportions kept', () => {
    expect(fitIn({ width: 320, height: 64 }, { width: 160, height: 48 })).toEqual({ width: 160, height: 32 });
    expect(fitIn({ width: 10, height: 10 }, { width: 160, height: 48 })).toEqual({ width: 10, height: 10 });
    expect(fitIn(undefined, { width: 160, height: 48 })).toEqual({ width: 160, height: 48 });
  });
});
