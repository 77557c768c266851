import bidiFactory from 'bidi-js';

export type Direction = 'rtl' | 'ltr';

type Bidi = ReturnType<typeof bidiFactory>;
let bidi: Bidi | undefined;
/** bidi-js builds its character tables on its first call: made then, not at import (cold init). */
const theBidi = () => (bidi ??= bidiFactory());

/** Marks and isolates steer the algorithm but draw nothing (the fonts have no glyph for them). */
const CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/g;

const RTL_CHARS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * One line of text (logical order, as typed) in the order its characters are drawn left to right:
 * the Unicode bidirectional algorithm (UAX #9, bidi-js) with `direction` as the paragraph's, runs
 * reversed by their levels and brackets mirrored in right-to-left runs. So "הזמנה (IO-7) 2026" in
 * a right-to-left document reads from the right with "IO-7" and "2026" left to right, each in place.
 */
export function visualLine(text: string, direction: Direction): string {
  return visualRuns(text, direction).visual;
}

/** A piece of a line drawn as one: `text` in visual order, `at` its first character's visual position. */
export interface VisualRun {
  at: number;
  text: string;
}

/**
 * A line in visual order (as visualLine) and cut into the runs it is drawn as, in LOGICAL order:
 * each run a stretch of characters that keeps one direction and stays together on the line. The
 * writer draws the runs in reading order, each at its visual place, so a reader that follows the
 * content's order finds the runs as they were written; poppler reads by position (docs/documents.md).
 */
export function visualRuns(text: string, direction: Direction): { visual: string; runs: VisualRun[] } {
  const line = text.replace(/[\r\n\t]+/g, ' ').replace(CONTROLS, '');
  if (direction === 'ltr' && !RTL_CHARS.test(line)) return { visual: line, runs: [{ at: 0, text: line }] };
  const b = theBidi();
  const levels = b.getEmbeddingLevels(line, direction);
  const order = b.getReorderedIndices(line, levels); // visual position → logical index
  const mirrored = b.getMirroredCharactersMap(line, levels.levels);
  const glyph = (i: number) => mirrored.get(i) ?? line[i];
  const visual = order.map(glyph).join('');
  const at = new Array<number>(line.length);
  order.forEach((logical, pos) => (at[logical] = pos));
  const runs: VisualRun[] = [];
  let i = 0;
  while (i < line.length) {
    const step = i + 1 < line.length ? at[i + 1] - at[i] : 1;
    let j = i + 1;
    if (step === 1 || step === -1) {
      while (j < line.length && at[j] - at[j - 1] === step && levels.levels[j] === levels.levels[i]) j += 1;
    }
    const from = Math.min(at[i], at[j - 1]);
    runs.push({ at: from, text: visual.slice(from, from + (j - i)) });
    i = j;
  }
  return { visual, runs };
}

/**
 * `text` (logical order) cut into lines no wider than `width` as `measure` says, at spaces (a word
 * wider than the line is cut where it overflows); line breaks in the text are kept. Lines are cut
 * before they are reordered, as the algorithm wants (UAX #9 L1–L2 apply per line).
 */
export function wrapLines(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate) <= width || !line) {
        line = candidate;
      } else {
        lines.push(line);
        line = word;
      }
      while (measure(line) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && measure(line.slice(0, cut)) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}
