import { PDFDocument } from 'pdf-lib';
import { flowchartPdf } from '../../lambdas/modules/flowchart-documents';
import { flowchart } from '../../lambdas/shared/flowchart';
import { sampleFlowchart } from '../support/flowchart-document-sample';
import { pngOf } from '../support/images';
import { pdfPagePixels, pdfText } from '../support/poppler';

/**
 * The flowchart PDF (lambdas/modules/flowchart-documents, on lambdas/core/pdf) read back by poppler
 * and pdf-lib. The sample's figures are computed by hand in test/support/flowchart-document-sample.ts.
 */

/** pdftotext writes a no-break space as it is; the assertions compare plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
/** Without spaces: poppler moves the space between a number and a Hebrew word (docs/documents.md). */
const squash = (s: string) => s.replace(/\s+/g, '');
const textOf = (pdf: Uint8Array) => pdfText(pdf).map(plain).join('\n');

const HAND_AMOUNTS = ['191,512.50', '127,500.00', '63,750.00', '262.50', '93,750.00', '97,762.50', '62,500.00'];

describe('the flowchart PDF in Hebrew', () => {
  let pdf: Uint8Array;
  let text: string;
  beforeAll(() => {
    pdf = flowchartPdf(sampleFlowchart('he', pngOf(320, 64)));
    text = textOf(pdf);
  });

  it('reads back the title, the groups, the lines and the labels in logical order', () => {
    for (const words of ['תרשים זרימה', 'השקת אביב', 'סוכנות הדגמה', 'חיפוש', 'רשתות חברתיות', 'היום', 'סה"כ לתקופה']) {
      expect(text).toContain(words);
    }
    const squashed = squash(text);
    for (let i = 1; i <= 50; i += 1) expect(squashed).toContain(squash(`קמפיין חורף ${i}`));
  });

  it('holds the hand-computed group subtotals, period totals and grand total, and each line total', () => {
    for (const amount of HAND_AMOUNTS) expect(text).toContain(amount);
    // Line 49 (Search): 4,900 + 2,450; line 50 (Social): 5,000 + 2,500 + 10.50.
    expect(text).toContain('7,350.00');
    expect(text).toContain('7,510.50');
  });

  it('is landscape A4 (three months fit), with the page numbers and the logo', async () => {
    const read = await PDFDocument.load(pdf);
    const { width, height } = read.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    expect(text).toContain(`מתוך ${read.getPageCount()}`);
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Subtype\/Image\/Width 320\/Height 64/);
  });
});

/** The x (pixels) of the middle of the pixels near `rgb` on a rendered page, and how many there are. */
function colourAt(page: { width: number; rgb: Buffer }, rgb: string) {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(rgb.slice(i, i + 2), 16));
  let count = 0;
  let sumX = 0;
  for (let p = 0; p + 2 < page.rgb.length; p += 3) {
    if (Math.abs(page.rgb[p] - r) < 6 && Math.abs(page.rgb[p + 1] - g) < 6 && Math.abs(page.rgb[p + 2] - b) < 6) {
      count += 1;
      sumX += (p / 3) % page.width;
    }
  }
  return { count, x: count ? sumX / count : -1 };
}

describe('the flowchart PDF drawn (pdftoppm)', () => {
  it("fills the bars in the group's colour and today's column in yellow, mirrored in Hebrew", () => {
    const en = pdfPagePixels(flowchartPdf(sampleFlowchart('en')), 1, 40);
    const he = pdfPagePixels(flowchartPdf(sampleFlowchart('he')), 1, 40);
    expect(en.width).toBe(468); // 841.89 pt at 40/72, rounded up
    const [enToday, heToday] = [colourAt(en, 'FFF59D'), colourAt(he, 'FFF59D')];
    // The first group's blue (bars and subtotal row) and today's header are drawn.
    expect(colourAt(en, 'BBDEFB').count).toBeGreaterThan(1000);
    expect(enToday.count).toBeGreaterThan(50);
    // April (today) is the second month from the start edge: left of the middle in English, right in Hebrew.
    expect(enToday.x).toBeLessThan(en.width / 2);
    expect(heToday.x).toBeGreaterThan(he.width / 2);
  });
});

describe('the flowchart PDF in the other languages', () => {
  it('writes English, with Chinese falling back to English (the font has no CJK)', () => {
    for (const lang of ['en', 'zh'] as const) {
      const text = textOf(flowchartPdf(sampleFlowchart(lang)));
      for (const words of ['Flowchart', 'Today', 'Totals', 'Search', 'Social', 'Winter campaign 50', 'Mar 2026'])
        expect(text).toContain(words);
      for (const amount of HAND_AMOUNTS) expect(text).toContain(amount);
    }
  });

  it('writes French and Romanian with their own words and number format', () => {
    const fr = textOf(flowchartPdf(sampleFlowchart('fr')));
    expect(fr).toContain('Aujourd’hui');
    expect(fr).toContain('Totaux');
    expect(fr).toContain('191 512,50');
    const ro = textOf(flowchartPdf(sampleFlowchart('ro')));
    expect(ro).toContain('Astăzi');
    expect(ro).toContain('Totaluri');
    expect(ro).toContain('191.512,50');
  });

  it('takes an A3 sheet for weeks, and keeps every week and the totals', async () => {
    const pdf = flowchartPdf(sampleFlowchart('en', undefined, 'week'));
    const { width, height } = (await PDFDocument.load(pdf)).getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([1191, 842]);
    const text = textOf(pdf);
    // Sunday weeks from 1 March 2026 to 31 May: 14 columns, the grand total unchanged.
    for (const week of ['Mar 1', 'Apr 12', 'May 31']) expect(text).toContain(week);
    expect(text).toContain('191,512.50');
  });
});

describe('a chart wider than A3', () => {
  it('cuts a year of weeks into bands, each with the line names and totals, every week and figure kept', async () => {
    // One line of 3,650 over 2026 (10 a day), in the 53 Sunday weeks from 28 Dec 2025 to 2 Jan 2027.
    const line = { id: 1, name: 'Always on', budget: 3650, startDate: '2026-01-01', endDate: '2026-12-31' };
    const chart = flowchart([line], {
      grain: 'week',
      weekStart: 0,
      today: '2026-06-10',
      groupOf: () => ({ key: 'Search', label: 'Search', rank: 0 }),
    });
    expect(chart.periods).toHaveLength(53);
    const doc = { ...sampleFlowchart('en'), chart };
    const pdf = flowchartPdf(doc);
    const read = await PDFDocument.load(pdf);
    const { width } = read.getPage(0).getSize();
    expect(Math.round(width)).toBe(1191);
    const pages = pdfText(pdf).map(plain);
    expect(pages.length).toBeGreaterThan(1);
    // Every band repeats the line's name, its group and its total; every figure is whole: no cents.
    const cells = pages.map((page) => page.split('\n').map((l) => l.trim()));
    for (const page of cells) for (const words of ['Always on', 'Search', '3,650']) expect(page).toContain(words);
    const all = cells.flat();
    for (const week of ['Dec 28', 'Jan 4', 'Jun 7', 'Dec 27']) expect(all).toContain(week);
    // A whole week is 70; the first holds Thursday 1 January to Saturday (30), the last Sunday 27 to Thursday 31 December (50).
    expect(all.filter((c) => c === '70').length).toBeGreaterThanOrEqual(51 * 2);
    expect(all).toContain('30');
    expect(all).toContain('50');
  });
});
