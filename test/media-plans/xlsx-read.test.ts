import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { readSheet } from 'read-excel-file/node';
import { readXlsx, XlsxReadError, XLSX_READ_LIMITS, type CellValue } from '../../lambdas/core/xlsx-read';
import { writeWorkbook, writeXlsx } from '../../lambdas/core/xlsx';
import { xlsxParts } from './xlsx-parts';

/** The bounded reader the plan import uses (lambdas/core/xlsx-read.ts), on our writer's files, exceljs's files and hostile ones. */

const row = (cells: Map<number, Map<number, CellValue>> | undefined, n: number) =>
  Object.fromEntries(cells?.get(n) ?? []);

/** A zip of the given parts (deflated unless `stored`), with an optional lie about an entry's inflated size. */
function zipOf(files: { name: string; data: Buffer; declaredSize?: number; stored?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name);
    const data = f.stored ? f.data : deflateRawSync(f.data);
    const size = f.declaredSize ?? f.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(f.stored ? 0 : 8, 8);
    local.writeUInt32LE(crc32(f.data) >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(f.stored ? 0 : 8, 10);
    central.writeUInt32LE(crc32(f.data) >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A one-sheet workbook whose sheet XML is `sheetData` (the parts every reader needs around it). */
function workbookWith(sheetData: string, extra: { name: string; data: Buffer; declaredSize?: number }[] = []): Buffer {
  const ns =
    'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return zipOf([
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(`<workbook ${ns}><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.from(`<worksheet ${ns}><sheetData>${sheetData}</sheetData></worksheet>`),
    },
    ...extra,
  ]);
}

function refusal(fn: () => unknown): { kind: string; message: string } | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof XlsxReadError) return { kind: err.kind, message: err.message };
    throw err;
  }
  return undefined;
}

describe('readXlsx', () => {
  it("reads our writer's workbook: sheets by name with their state, strings, numbers, dates as serial days; a text starting with = + - @ is text", async () => {
    const file = writeWorkbook([
      {
        data: [
          ['Name', 'Budget', 'Start'],
          ['=SUM(A1:A9)', 1234.5, { value: new Date('2026-03-01T00:00:00Z'), type: Date, format: 'dd.mm.yyyy' }],
          ['+972 50', '-3', '@home'],
        ],
        options: { sheet: 'Version 1' },
      },
      {
        data: [
          ['Format', 'mixdesk-plan/1'],
          ['MediaMixId', 42],
        ],
        options: { sheet: 'Mixdesk', hidden: true },
      },
    ]);
    const wb = readXlsx(file);
    expect(wb.sheets).toEqual([
      { name: 'Version 1', hidden: false },
      { name: 'Mixdesk', hidden: true },
    ]);
    const cells = wb.read('version 1');
    expect(row(cells, 2)).toEqual({ 0: '=SUM(A1:A9)', 1: 1234.5, 2: 46082 });
    expect(row(cells, 3)).toEqual({ 0: '+972 50', 1: '-3', 2: '@home' });
    expect(row(wb.read('Mixdesk'), 2)).toEqual({ 0: 'MediaMixId', 1: 42 });
    // Values, never formulas: no <f> anywhere, and another reader takes them as text too.
    expect(xlsxParts(file).get('xl/worksheets/sheet1.xml')).not.toMatch(/<f[ >]/);
    expect((await readSheet(file))[1][0]).toBe('=SUM(A1:A9)');
    expect(xlsxParts(file).get('xl/workbook.xml')).toMatch(/<sheet name="Mixdesk" sheetId="2" state="hidden"/);
  });

  it('reads a workbook written by exceljs: shared strings, rich text, booleans, dates, cached formula values; a formula without one is named', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Lines');
    ws.getCell('A1').value = 'Brand & "search"';
    ws.getCell('B1').value = { richText: [{ text: 'Pre' }, { font: { bold: true }, text: '-roll' }] };
    ws.getCell('C1').value = true;
    ws.getCell('D1').value = new Date(Date.UTC(2026, 0, 5));
    ws.getCell('E1').value = { formula: 'F1*2', result: 5000 };
    ws.getCell('F1').value = { formula: 'G1*2' };
    ws.getCell('G1').value = 'שלום';
    ws.getCell('A3').value = 7;
    const hidden = wb.addWorksheet('Mixdesk');
    hidden.state = 'hidden';
    hidden.getCell('A1').value = 'Format';
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    expect(xlsxParts(file).has('xl/sharedStrings.xml')).toBe(true);
    const read = readXlsx(file);
    expect(read.sheets).toEqual([
      { name: 'Lines', hidden: false },
      { name: 'Mixdesk', hidden: true },
    ]);
    const cells = read.read('Lines');
    expect(row(cells, 1)).toEqual({
      0: 'Brand & "search"',
      1: 'Pre-roll',
      2: true,
      3: 46027,
      4: 5000,
      5: { formula: 'G1*2' },
      6: 'שלום',
    });
    expect(row(cells, 3)).toEqual({ 0: 7 });
    expect(cells?.has(2)).toBe(false);
  });

  it('reads prefixed elements (x:c), rich inline strings without their phonetic runs, entities and _xHHHH_ escapes, booleans and error cells', () => {
    const ns =
      'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
    const file = zipOf([
      {
        name: '_rels/.rels',
        data: Buffer.from(
          '<Relationships><Relationship Id="rId1" Type="x/officeDocument" Target="/xl/book.xml"/></Relationships>',
        ),
      },
      {
        name: 'xl/book.xml',
        data: Buffer.from(
          `<x:workbook ${ns}><x:sheets><x:sheet name="Lines &amp; more" sheetId="7" r:id="rId9" state="veryHidden"/></x:sheets></x:workbook>`,
        ),
      },
      {
        name: 'xl/_rels/book.xml.rels',
        data: Buffer.from(
          '<Relationships><Relationship Id="rId9" Type="x/worksheet" Target="sheets/../data/s.xml"/></Relationships>',
        ),
      },
      {
        name: 'xl/data/s.xml',
        data: Buffer.from(
          `<x:worksheet ${ns}><x:sheetData><x:row r="2"><x:c r="B2" t="inlineStr"><x:is><x:r><x:t>Tel </x:t></x:r><x:r><x:t xml:space="preserve">Aviv</x:t></x:r>` +
            '<x:rPh sb="0" eb="1"><x:t>テル</x:t></x:rPh></x:is></x:c><x:c r="C2" t="b"><x:v>0</x:v></x:c><x:c r="D2" t="e"><x:v>#DIV/0!</x:v></x:c>' +
            '<x:c r="E2" t="str"><x:f>A1&amp;"x"</x:f><x:v>a&lt;b_x000D_c</x:v></x:c><x:c r="F2"><x:v>1.5E3</x:v></x:c></x:row></x:sheetData></x:worksheet>',
        ),
      },
    ]);
    const wb = readXlsx(file);
    expect(wb.sheets).toEqual([{ name: 'Lines & more', hidden: true }]);
    expect(row(wb.read('LINES & MORE'), 2)).toEqual({
      1: 'Tel Aviv',
      2: false,
      3: { error: '#DIV/0!' },
      4: 'a<b\rc',
      5: 1500,
    });
  });

  it('refuses what is not a zip, a part inflating past its limit (a zip bomb, whatever it declares), a path outside the package and a file over 2 MB', () => {
    expect(refusal(() => readXlsx(Buffer.from('not a workbook at all')))).toMatchObject({
      kind: 'BAD_FILE',
      message: /not a zip/,
    });
    const bomb = workbookWith('<row r="1"><c r="A1"><v>1</v></c></row>', [
      { name: 'xl/media/bomb.xml', data: Buffer.alloc(1) },
    ]);
    expect(readXlsx(bomb).read('S')?.get(1)?.get(0)).toBe(1); // the extra part is never inflated: only what the reader needs
    const zeros = Buffer.alloc(XLSX_READ_LIMITS.maxPartBytes + 1024 * 1024);
    const bombed = zipOf([
      {
        name: '_rels/.rels',
        data: Buffer.from(
          '<Relationships><Relationship Id="rId1" Type="x/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        ),
      },
      { name: 'xl/workbook.xml', data: zeros, declaredSize: 100 },
    ]);
    expect(bombed.length).toBeLessThan(XLSX_READ_LIMITS.maxFileBytes);
    expect(refusal(() => readXlsx(bombed))).toMatchObject({ kind: 'BAD_FILE', message: /inflates past 10 MB/ });
    const honest = zipOf([{ name: 'xl/workbook.xml', data: zeros }]);
    expect(refusal(() => readXlsx(honest))).toMatchObject({ kind: 'BAD_FILE', message: /over 10 MB/ });
    expect(refusal(() => readXlsx(zipOf([{ name: '../../etc/passwd', data: Buffer.from('x') }])))).toMatchObject({
      kind: 'BAD_FILE',
      message: /outside the package/,
    });
    expect(refusal(() => readXlsx(zipOf([{ name: '/abs.xml', data: Buffer.from('x') }])))).toMatchObject({
      kind: 'BAD_FILE',
    });
    expect(refusal(() => readXlsx(Buffer.alloc(XLSX_READ_LIMITS.maxFileBytes + 1)))).toMatchObject({
      kind: 'BAD_FILE',
      message: /over 2 MB/,
    });
  });

  it('refuses more than 500 rows with a value and more than 60 columns; a shared string that does not exist', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => [i + 1]);
    expect(readXlsx(writeXlsx(rows(500), { sheet: 'S' })).read('S')?.size).toBe(500);
    expect(refusal(() => readXlsx(writeXlsx(rows(501), { sheet: 'S' })).read('S'))).toMatchObject({
      kind: 'TOO_MANY_ROWS',
    });
    expect(
      refusal(() => readXlsx(workbookWith('<row r="501"><c r="A501"><v>1</v></c></row>')).read('S')),
    ).toMatchObject({ kind: 'TOO_MANY_ROWS' });
    expect(
      refusal(() => readXlsx(writeXlsx([Array.from({ length: 61 }, (_, i) => i)], { sheet: 'S' })).read('S')),
    ).toMatchObject({ kind: 'BAD_FILE', message: /more than 60 columns/ });
    expect(
      refusal(() => readXlsx(workbookWith('<row r="1"><c r="A1" t="s"><v>3</v></c></row>')).read('S')),
    ).toMatchObject({ kind: 'BAD_FILE', message: /shared string/ });
    // Empty, styled cells far away are no values: not counted.
    expect(
      readXlsx(
        workbookWith(
          '<row r="1"><c r="A1"><v>1</v></c><c r="ZZ1" s="1"/></row><row r="9000"><c r="A9000" s="1"/></row>',
        ),
      ).read('S')?.size,
    ).toBe(1);
  });

  it('stays linear on unclosed tags (no scan to the end of the part per tag)', () => {
    const hostile = workbookWith(`<row r="1">${'<c r="A1"><v>1'.repeat(200_000)}</row>`);
    const started = Date.now();
    const cells = readXlsx(hostile).read('S');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(cells?.size ?? 0).toBeLessThanOrEqual(1);
  });
});
