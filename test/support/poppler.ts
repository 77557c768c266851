import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Poppler's command-line tools (pdftotext, pdftoppm) reading back the PDFs the server writes. The
 * tests need them: a machine without them fails with what to install, never skips (.ci/run
 * installs poppler-utils).
 */
function tool(name: 'pdftotext' | 'pdftoppm', args: string[]): Buffer {
  try {
    return execFileSync(name, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `${name} is missing: install poppler-utils (apt-get install -y poppler-utils) to run the PDF tests`,
      );
    }
    throw err;
  }
}

function withFile<T>(pdf: Uint8Array, fn: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return fn(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Poppler's bidi embedding marks around the runs it reorders (U+202A–U+202E), which a reader never sees. */
const EMBEDDINGS = /[\u202a-\u202e]/g;

/**
 * The text of a PDF as pdftotext reads it (`layout`: with -layout), each page's text an entry
 * (pdftotext ends a page with a form feed), without poppler's embedding marks.
 */
export function pdfText(pdf: Uint8Array, options: { layout?: boolean } = {}): string[] {
  return withFile(pdf, (file) => {
    const out = tool('pdftotext', [...(options.layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-']);
    const pages = out.toString('utf8').replace(EMBEDDINGS, '').split('\f');
    return pages.slice(0, -1);
  });
}

/** Page `page` of a PDF rendered to a PNG by pdftoppm at `dpi`. */
export function pdfPagePng(pdf: Uint8Array, page = 1, dpi = 60): Buffer {
  return withFile(pdf, (file, dir) => {
    const prefix = path.join(dir, 'page');
    tool('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, prefix]);
    return readFileSync(`${prefix}.png`);
  });
}

/** Page `page` of a PDF rendered by pdftoppm at `dpi` as raw pixels: width, height and RGB bytes row by row. */
export function pdfPagePixels(pdf: Uint8Array, page = 1, dpi = 60): { width: number; height: number; rgb: Buffer } {
  return withFile(pdf, (file, dir) => {
    const prefix = path.join(dir, 'page');
    tool('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, prefix]);
    const ppm = readFileSync(`${prefix}.ppm`);
    // P6, width, height, 255, then one whitespace byte before the pixels.
    const head = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'));
    if (!head) throw new Error('pdftoppm did not write a binary PPM');
    return { width: Number(head[1]), height: Number(head[2]), rgb: ppm.subarray(head[0].length) };
  });
}
