import type { FontData } from './font-data';
import { num, type PdfObjects } from './objects';

/** Characters the font does not hold are drawn as this one. */
const MISSING = '?';

/**
 * One embedded font of a document: a TrueType subset (fonts/, scripts/pdf-fonts.ts) as a Type0 font
 * with Identity-H encoding, its glyph ids written straight into the text, the widths of the glyphs
 * used and a ToUnicode map, so a reader extracts the characters (pdftotext, copy, search). Its
 * objects are written at the end (`write`), when the pages have said which glyphs they used.
 */
export class PdfFont {
  readonly ref: number;
  private readonly byChar = new Map<number, { gid: number; width: number }>();
  /** The glyphs drawn, with the character each stands for (the ToUnicode map). */
  private readonly used = new Map<number, { cp: number; width: number }>();

  constructor(
    private readonly data: FontData,
    private readonly objects: PdfObjects,
  ) {
    this.ref = objects.reserve();
    const g = data.glyphs;
    for (let i = 0; i + 2 < g.length; i += 3) this.byChar.set(g[i], { gid: g[i + 1], width: g[i + 2] });
  }

  get ascent() {
    return this.data.ascent;
  }

  private glyphOf(cp: number) {
    return this.byChar.get(cp) ?? this.byChar.get(MISSING.charCodeAt(0))!;
  }

  /** The width of `text` at `size` points. */
  widthOf(text: string, size: number): number {
    let w = 0;
    for (const ch of text) w += this.glyphOf(ch.codePointAt(0)!).width;
    return (w * size) / 1000;
  }

  /** `text` (already in the order it is drawn) as the hex string of its glyph ids, for Tj. */
  encode(text: string): string {
    let hex = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const glyph = this.byChar.get(cp);
      const drawn = glyph ? { cp, ...glyph } : { cp: MISSING.charCodeAt(0), ...this.glyphOf(cp) };
      if (!this.used.has(drawn.gid)) this.used.set(drawn.gid, { cp: drawn.cp, width: drawn.width });
      hex += drawn.gid.toString(16).padStart(4, '0');
    }
    return `<${hex}>`;
  }

  /** Writes the font's objects (call once, after every page is drawn). */
  write(): void {
    const d = this.data;
    const name = `/MIXDSK+${d.postscriptName}`;
    const program = Buffer.from(d.ttfDeflated, 'base64');
    const file = this.objects.add(`<</Length1 ${d.ttfLength}/Filter/FlateDecode>>`, program);
    const descriptor = this.objects.add(
      `<</Type/FontDescriptor/FontName${name}/Flags 32/FontBBox[${d.bbox.join(' ')}]/ItalicAngle 0` +
        `/Ascent ${d.ascent}/Descent ${d.descent}/CapHeight ${d.capHeight}/StemV 80/FontFile2 ${file} 0 R>>`,
    );
    const gids = [...this.used.keys()].sort((a, b) => a - b);
    const widths = gids.map((gid) => `${gid}[${num(this.used.get(gid)!.width)}]`).join('');
    const cid = this.objects.add(
      `<</Type/Font/Subtype/CIDFontType2/BaseFont${name}` +
        `/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>` +
        `/FontDescriptor ${descriptor} 0 R/DW 1000/W[${widths}]/CIDToGIDMap/Identity>>`,
    );
    const toUnicode = this.objects.addDeflated('<<>>', toUnicodeCMap(gids.map((gid) => [gid, this.used.get(gid)!.cp])));
    this.objects.set(
      this.ref,
      `<</Type/Font/Subtype/Type0/BaseFont${name}/Encoding/Identity-H` +
        `/DescendantFonts[${cid} 0 R]/ToUnicode ${toUnicode} 0 R>>`,
    );
  }
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();

/** UTF-16BE hex of one code point (a pair of surrogates beyond the BMP). */
const utf16 = (cp: number) =>
  String.fromCodePoint(cp)
    .split('')
    .map((c) => hex4(c.charCodeAt(0)))
    .join('');

/** The ToUnicode CMap of glyph id → character pairs (bfchar blocks hold at most 100 entries). */
function toUnicodeCMap(pairs: [number, number][]): string {
  const blocks: string[] = [];
  for (let i = 0; i < pairs.length; i += 100) {
    const block = pairs.slice(i, i + 100);
    blocks.push(
      `${block.length} beginbfchar\n${block.map(([g, cp]) => `<${hex4(g)}> <${utf16(cp)}>`).join('\n')}\nendbfchar`,
    );
  }
  return (
    '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n' +
    '/CIDSystemInfo <</Registry (Adobe) /Ordering (UCS) /Supplement 0>> def\n' +
    '/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n' +
    '1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n' +
    `${blocks.join('\n')}\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n`
  );
}
