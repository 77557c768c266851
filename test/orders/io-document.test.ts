import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { visualLine } from '../../lambdas/core/pdf';
import { insertionOrderPdf, insertionOrderXlsx, sha256Hex } from '../../lambdas/modules/orders/io-document';
import { pngOf } from '../support/images';
import { SAMPLE_TOTALS, sampleOrder } from '../support/io-document-sample';
import { pdfPagePng, pdfText } from '../support/poppler';

/**
 * The insertion-order document (lambdas/modules/orders/io-document, on lambdas/core/pdf) read back
 * by poppler (pdftotext, pdftoppm), pdf-lib and exceljs: readers the writer does not use. The
 * sample's figures are computed by hand in test/support/io-document-sample.ts.
 */

/** Amounts as the he-IL and en-US locales write them: 1,234.50. */
const amount = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const lineTotal = (i: number) => 150 * i + 0.25 + (i % 2 === 0 ? 10.5 : 0);
/** pdftotext writes a no-break space as it is; the assertions compare plain spaces. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');
/**
 * Text without its spaces: poppler puts the space between a number and the Hebrew word after it
 * before the number ("עמוד  1מתוך 2" for "עמוד 1 מתוך 2"; docs/documents.md), so an assertion on a
 * number inside Hebrew compares the characters' order, not the spaces.
 */
const squash = (s: string) => s.replace(/\s+/g, '');

describe('the bidi ordering of a line', () => {
  it('draws Hebrew right to left with Latin and numbers inside kept left to right, brackets mirrored', () => {
    expect(visualLine('שלום (IO-7) 2026', 'rtl')).toBe('2026 (IO-7) םולש');
    expect(visualLine('Vendor: מדיה בע"מ', 'ltr')).toBe('Vendor: מ"עב הידמ');
    expect(visualLine('Plain text (1)', 'ltr')).toBe('Plain text (1)');
  });
});

describe('the insertion order as a PDF, in Hebrew', () => {
  let pdf: Uint8Array;
  let pages: string[];
  let layout: string[];

  beforeAll(async () => {
    pdf = await insertionOrderPdf(sampleOrder('he', pngOf(320, 64)));
    pages = pdfText(pdf).map(plain);
    layout = pdfText(pdf, { layout: true }).map(plain);
  });

  it('reads back the vendor, the headings and the labels in their logical order', () => {
    const text = pages.join('\n');
    for (const words of ['הזמנת מדיה', 'ידיעות תקשורת בע"מ', 'ספק', 'שורות', 'תנאי תשלום', 'סוכנות הדגמה', 'הנחיות']) {
      expect(text).toContain(words);
    }
    expect(text).toContain('IO-2026-0042');
    expect(text).toMatch(/נא לאשר את ההזמנה בתוך שלושה ימי עבודה/);
  });

  it('has each of the 50 lines with its total, and the totals of each month and of all', () => {
    const text = layout.join('\n');
    for (let i = 1; i <= 50; i += 1) {
      const row = text.split('\n').find((l) => new RegExp(`קמפיין חורף ${i}(?!\\d)`).test(l));
      expect(row).toBeDefined();
      expect(row).toContain(amount(lineTotal(i)));
      expect(row).toContain(amount(100 * i + 0.25));
    }
    const totals = text.split('\n').find((l) => l.includes('סה"כ להזמנה'))!;
    expect(totals).toContain('127,512.50');
    expect(totals).toContain('63,750.00');
    expect(totals).toContain('262.50');
    // he-IL writes the sign after the amount: to its left, right to left. Poppler reorders only runs
    // with Hebrew letters, so it reads this cell as drawn.
    expect(totals).toContain('₪ 191,525.00');
    expect(SAMPLE_TOTALS.all).toBe(191_525);
  });

  it('runs onto a second page with the table header repeated and every page numbered', () => {
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, n) => {
      expect(squash(page)).toContain(squash(`עמוד ${n + 1} מתוך ${pages.length}`));
      if (page.includes('קמפיין חורף')) {
        for (const header of ['שורה', 'ערוץ', 'התחלה', 'סיום', 'מרץ 2026', 'סה"כ']) expect(page).toContain(header);
      }
    });
    expect(pages.filter((p) => p.includes('קמפיין חורף')).length).toBeGreaterThanOrEqual(2);
  });

  it('renders its first page to a PNG the size of A4 at 60 dpi', () => {
    const png = pdfPagePng(pdf, 1, 60);
    expect(png.length).toBeGreaterThan(0);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([497, 702]); // 595.28 × 841.89 pt at 60/72, rounded up
  });

  it('opens in another reader (pdf-lib) with the same pages, A4 upright, the logo drawn', async () => {
    const read = await PDFDocument.load(pdf);
    expect(read.getPageCount()).toBe(pages.length);
    const { width, height } = read.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Subtype\/Image\/Width 320\/Height 64/);
  });
});

describe('the insertion order as a PDF, in English and the others', () => {
  it('writes English left to right with its own words and money', async () => {
    const text = pdfText(await insertionOrderPdf(sampleOrder('en')))
      .map(plain)
      .join('\n');
    for (const words of ['Insertion order IO-2026-0042', 'Northwind Media Ltd', 'End of month + 30 days', 'Mar 2026']) {
      expect(text).toContain(words);
    }
    expect(text).toContain('₪191,525.00');
    expect(text).toContain('Page 1 of');
  });

  it('writes French with its words and digit groups, and Chinese in English (the font has no CJK)', async () => {
    const fr = pdfText(await insertionOrderPdf(sampleOrder('fr')))
      .map(plain)
      .join('\n');
    expect(fr).toContain("Ordre d'insertion");
    expect(fr.replace(/\u202f/g, ' ')).toContain('191 525,00 ₪');
    const zh = pdfText(await insertionOrderPdf(sampleOrder('zh'))).join('\n');
    expect(zh).toContain('Insertion order');
  });

  it('draws a PNG logo with transparency through a soft mask', async () => {
    const rgba = rgbaPng(4, 2);
    const pdf = await insertionOrderPdf(sampleOrder('en', rgba));
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/SMask \d+ 0 R/);
    expect(pdfPagePng(pdf).length).toBeGreaterThan(0);
  });
});

describe('the insertion order as an Excel workbook', () => {
  async function sheetOf(file: Uint8Array) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file) as unknown as ExcelJS.Buffer);
    return wb.worksheets[0];
  }

  it('in Hebrew: a right-to-left sheet with the lines, days and amounts as cells, the totals and the logo', async () => {
    const ws = await sheetOf(insertionOrderXlsx(sampleOrder('he', pngOf(320, 64))));
    expect(ws.name).toBe('הזמנת מדיה');
    expect(ws.views[0]?.rightToLeft).toBe(true);
    expect(ws.getCell('A1').value).toBe('הזמנת מדיה IO-2026-0042');
    expect(ws.getImages()).toHaveLength(1);
    const rows = ws.getSheetValues() as unknown[][];
    const header = rows.findIndex((r) => r?.[1] === 'שורה');
    expect(rows[header].slice(1)).toEqual([
      'שורה',
      'ערוץ',
      'התחלה',
      'סיום',
      'מרץ 2026',
      'אפר׳ 2026',
      'מאי 2026',
      'סה"כ',
    ]);
    const first = ws.getRow(header + 1);
    expect(first.getCell(1).value).toBe('קמפיין חורף 1');
    expect(first.getCell(3).value).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(first.getCell(3).numFmt).toBe('dd.mm.yyyy');
    expect([5, 6, 7, 8].map((c) => first.getCell(c).value)).toEqual([100.25, 50, null, 150.25]);
    expect(first.getCell(5).numFmt).toBe('#,##0.00 "₪"');
    const second = ws.getRow(header + 2);
    expect([5, 6, 7, 8].map((c) => second.getCell(c).value)).toEqual([200.25, 100, 10.5, 310.75]);
    const totals = ws.getRow(header + 51);
    expect(totals.getCell(1).value).toBe('סה"כ להזמנה');
    expect([5, 6, 7, 8].map((c) => totals.getCell(c).value)).toEqual([127_512.5, 63_750, 262.5, 191_525]);
    expect(rows.some((r) => r?.[2] === 'ידיעות תקשורת בע"מ')).toBe(true);
  });

  it('in English left to right with the sign before the amount; in Chinese with its own words', async () => {
    const en = await sheetOf(insertionOrderXlsx(sampleOrder('en')));
    expect(en.views[0]?.rightToLeft ?? false).toBe(false);
    const rows = en.getSheetValues() as unknown[][];
    const header = rows.findIndex((r) => r?.[1] === 'Line');
    expect(en.getRow(header + 1).getCell(8).numFmt).toBe('"₪"#,##0.00');
    expect(en.getImages()).toHaveLength(0);
    const zh = await sheetOf(insertionOrderXlsx(sampleOrder('zh')));
    expect(zh.getCell('A1').value).toBe('广告投放订单 IO-2026-0042');
  });
});

describe('the document hash', () => {
  it('is the SHA-256 of the bytes, hex', () => {
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const bytes = new Uint8Array([1, 2, 3]);
    expect(sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});

/** A w × h RGBA PNG, half of it see-through, its rows filtered with Sub and Paeth. */
function rgbaPng(w: number, h: number): Buffer {
  const rows: number[] = [];
  for (let y = 0; y < h; y += 1) {
    rows.push(y % 2 ? 4 : 1, ...Array.from({ length: w * 4 }, (_, i) => (i % 4 === 3 ? (y ? 0 : 255) : 20)));
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
