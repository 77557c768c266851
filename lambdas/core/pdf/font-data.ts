/**
 * A font the PDF writer embeds, as scripts/pdf-fonts.ts writes it: a TrueType program without a
 * cmap (fontkit's subset) and the table that maps characters to its glyphs. Metrics in 1/1000 em.
 */
export interface FontData {
  postscriptName: string;
  ascent: number;
  descent: number;
  capHeight: number;
  bbox: number[];
  /** Flat triples: code point, glyph id, advance width. */
  glyphs: number[];
  /** The TrueType program's length, and the program zlib-deflated, base64 (a FlateDecode stream's bytes). */
  ttfLength: number;
  ttfDeflated: string;
}
