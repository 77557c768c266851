import { PdfFont } from './font';
import { DEJAVU_SANS } from './fonts/dejavu-sans';
import { DEJAVU_SANS_BOLD } from './fonts/dejavu-sans-bold';
import { embedImage, type PdfImageInput } from './image';
import { num, PdfObjects, pdfTextString } from './objects';
import { visualRuns, wrapLines, type Direction } from './text';

export type Align = 'start' | 'end' | 'center';

export interface PdfDocumentOptions {
  /** The whole document's direction: where text starts, which side tables begin, how runs are ordered. */
  direction: Direction;
  orientation?: 'portrait' | 'landscape';
  /** The sheet: A4 unless said (A3 for a wide table). */
  size?: 'A4' | 'A3';
  title?: string;
  /** The page number's text at the foot of each page, e.g. (1, 3) → "1 / 3"; none without it. */
  pageLabel?: (page: number, pages: number) => string;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  /** 0 black … 1 white. */
  gray?: number;
}

interface Page {
  ops: string[];
  images: Set<number>;
}

/** The sheets in points, upright. */
const SIZES = { A4: { width: 595.28, height: 841.89 }, A3: { width: 841.89, height: 1190.55 } } as const;
const MARGIN = 40;
const FOOTER = 24;
const LEADING = 1.3;

/**
 * The lowest layer of the PDF documents the server writes: pages, text runs in the document's
 * direction and a cursor that moves down the page, a new page when the next block does not fit.
 * Layout blocks (headings, key–value lists, tables) are in layout.ts on top of it. Coordinates here
 * are in points from the page's top-left; `line`, `rect` and `text` turn them into PDF's
 * bottom-left space.
 */
export class PdfWriter {
  readonly direction: Direction;
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly margin = MARGIN;
  /** Distance from the page's top to where the next block goes. */
  y = MARGIN;
  private readonly objects = new PdfObjects();
  private readonly pages: Page[] = [];
  private readonly regular: PdfFont;
  private readonly bold: PdfFont;
  private readonly images: number[] = [];

  constructor(private readonly options: PdfDocumentOptions) {
    this.direction = options.direction;
    const landscape = options.orientation === 'landscape';
    const sheet = SIZES[options.size ?? 'A4'];
    this.pageWidth = landscape ? sheet.height : sheet.width;
    this.pageHeight = landscape ? sheet.width : sheet.height;
    this.regular = new PdfFont(DEJAVU_SANS, this.objects);
    this.bold = new PdfFont(DEJAVU_SANS_BOLD, this.objects);
    this.newPage();
  }

  get contentWidth() {
    return this.pageWidth - 2 * MARGIN;
  }

  /** Where the page's content ends (above the page number). */
  get bottom() {
    return this.pageHeight - MARGIN - FOOTER;
  }

  get pageCount() {
    return this.pages.length;
  }

  /** The page drawn on: the last, or the one the page numbers are being written on. */
  private target: Page | undefined;
  private get page(): Page {
    return this.target ?? this.pages[this.pages.length - 1];
  }

  newPage(): void {
    this.pages.push({ ops: [], images: new Set() });
    this.y = MARGIN;
  }

  /** A new page unless `height` more points fit on this one; true when it turned the page. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom || this.y === MARGIN) return false;
    this.newPage();
    return true;
  }

  private font(style: TextStyle) {
    return style.bold ? this.bold : this.regular;
  }

  lineHeight(style: TextStyle = {}) {
    return (style.size ?? 9) * LEADING;
  }

  widthOf(text: string, style: TextStyle = {}) {
    return this.font(style).widthOf(text, style.size ?? 9);
  }

  /** `text` cut into lines that fit `width` (logical order). */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    return wrapLines(text, width, (s) => this.widthOf(s, style));
  }

  /**
   * The x of a box's side counted from the document's start: in a right-to-left document the start
   * is the page's right. `from` is the distance from the content's start edge.
   */
  boxX(from: number, width: number): number {
    return this.direction === 'rtl' ? this.pageWidth - MARGIN - from - width : MARGIN + from;
  }

  /**
   * One line of text in the box [x, x + width] (page coordinates, x from the left) with its top at
   * `top`, aligned to the document's start, end or centre. The line is drawn in visual order.
   */
  text(line: string, x: number, width: number, top: number, style: TextStyle = {}, align: Align = 'start'): void {
    const size = style.size ?? 9;
    const font = this.font(style);
    const { visual, runs } = visualRuns(line, this.direction);
    const w = font.widthOf(visual, size);
    const startLeft = (align === 'start') === (this.direction === 'ltr');
    const left = align === 'center' ? x + (width - w) / 2 : startLeft ? x : x + width - w;
    const baseline = this.pageHeight - top - (size * font.ascent) / 1000;
    const shows = runs.map((run) => {
      const runLeft = left + font.widthOf(visual.slice(0, run.at), size);
      return `1 0 0 1 ${num(runLeft)} ${num(baseline)} Tm ${font.encode(run.text)} Tj`;
    });
    const gray = style.gray ? `${num(style.gray)} g ` : '';
    const fontName = style.bold ? '/F2' : '/F1';
    this.page.ops.push(`BT ${gray}${fontName} ${num(size)} Tf ${shows.join(' ')} ET${gray ? ' 0 g' : ''}`);
  }

  /** A horizontal or any straight line, `gray` 0 black … 1 white. */
  line(x1: number, top1: number, x2: number, top2: number, widthPt = 0.5, gray = 0.6): void {
    const h = this.pageHeight;
    this.page.ops.push(
      `${num(gray)} G ${num(widthPt)} w ${num(x1)} ${num(h - top1)} m ${num(x2)} ${num(h - top2)} l S`,
    );
  }

  /** A filled rectangle, top-left at (x, top). */
  rect(x: number, top: number, width: number, height: number, gray: number): void {
    const y = this.pageHeight - top - height;
    this.page.ops.push(`${num(gray)} g ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f 0 g`);
  }

  /** A rectangle filled in a colour (`rgb` as RRGGBB hex), top-left at (x, top). */
  fill(x: number, top: number, width: number, height: number, rgb: string): void {
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(rgb.slice(i, i + 2), 16) / 255);
    const y = this.pageHeight - top - height;
    this.page.ops.push(`${num(r)} ${num(g)} ${num(b)} rg ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f 0 g`);
  }

  /**
   * A picture in a box at (x, top), scaled to fit it with its proportions, against the box's `side`; its drawn size, or
   * undefined when the bytes are not a picture the writer reads.
   */
  image(input: PdfImageInput, x: number, top: number, box: { width: number; height: number }, side: 'left' | 'right') {
    const image = embedImage(this.objects, input);
    if (!image) return undefined;
    const scale = Math.min(box.width / image.width, box.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    this.images.push(image.ref);
    const name = this.images.length;
    this.page.images.add(name);
    const y = this.pageHeight - top - height;
    const left = side === 'left' ? x : x + box.width - width;
    this.page.ops.push(`q ${num(width)} 0 0 ${num(height)} ${num(left)} ${num(y)} cm /Im${name} Do Q`);
    return { width, height };
  }

  /** The file: page numbers drawn, fonts written with the glyphs used, the objects tied together. */
  toBytes(): Uint8Array {
    const label = this.options.pageLabel;
    const total = this.pages.length;
    if (label) {
      for (let i = 0; i < total; i += 1) {
        this.target = this.pages[i];
        const top = this.pageHeight - MARGIN - 8;
        this.text(label(i + 1, total), MARGIN, this.contentWidth, top, { size: 8, gray: 0.4 }, 'center');
      }
      this.target = undefined;
    }
    this.regular.write();
    this.bold.write();
    const o = this.objects;
    const parent = o.reserve();
    const fonts = `/Font<</F1 ${this.regular.ref} 0 R/F2 ${this.bold.ref} 0 R>>`;
    const kids = this.pages.map((page) => {
      const content = o.addDeflated('<<>>', page.ops.join('\n'));
      const xobjects = [...page.images].map((n) => `/Im${n} ${this.images[n - 1]} 0 R`).join('');
      const resources = `<<${fonts}${xobjects ? `/XObject<<${xobjects}>>` : ''}>>`;
      return o.add(`<</Type/Page/Parent ${parent} 0 R/Resources ${resources}/Contents ${content} 0 R>>`);
    });
    o.set(
      parent,
      `<</Type/Pages/Count ${kids.length}/Kids[${kids.map((k) => `${k} 0 R`).join(' ')}]` +
        `/MediaBox[0 0 ${num(this.pageWidth)} ${num(this.pageHeight)}]>>`,
    );
    const lang = this.direction === 'rtl' ? '/Lang(he)' : '';
    const catalog = o.add(`<</Type/Catalog/Pages ${parent} 0 R${lang}>>`);
    const title = this.options.title ? `/Title${pdfTextString(this.options.title)}` : '';
    const info = o.add(`<<${title}/Producer(Mixdesk)>>`);
    return o.file(catalog, info);
  }
}
