import { deflateSync } from 'node:zlib';

/**
 * The objects of one PDF file and the file around them (header, cross-reference table, trailer):
 * the bottom of the PDF writer. An object is a dictionary written as PDF text, with a stream or
 * without; numbers may be reserved first so objects can point at each other before they are
 * written (a page at its parent, a font at the glyphs the pages used).
 */
export class PdfObjects {
  private readonly bodies: (Uint8Array | undefined)[] = [];
  private readonly enc = new TextEncoder();

  /** A new object number, its body written later with `set`. */
  reserve(): number {
    this.bodies.push(undefined);
    return this.bodies.length;
  }

  /** An object: `dict` is its dictionary (or any value), `stream` its stream's bytes as they go in the file. */
  add(dict: string, stream?: Uint8Array): number {
    const num = this.reserve();
    this.set(num, dict, stream);
    return num;
  }

  set(num: number, dict: string, stream?: Uint8Array): void {
    const head = `${num} 0 obj\n`;
    if (!stream) {
      this.bodies[num - 1] = this.enc.encode(`${head}${dict}\nendobj\n`);
      return;
    }
    const open = dict.replace(/>>\s*$/, `/Length ${stream.length}>>`);
    this.bodies[num - 1] = concat([
      this.enc.encode(`${head}${open}\nstream\n`),
      stream,
      this.enc.encode('\nendstream\nendobj\n'),
    ]);
  }

  /** A stream of text or bytes, deflated (FlateDecode). */
  addDeflated(dict: string, data: string | Uint8Array): number {
    const raw = typeof data === 'string' ? this.enc.encode(data) : data;
    return this.add(dict.replace(/>>\s*$/, '/Filter/FlateDecode>>'), deflateSync(raw));
  }

  /** The whole file, `root` the catalogue's number and `info` the document information's. */
  file(root: number, info: number): Uint8Array {
    const header = this.enc.encode('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n');
    const parts: Uint8Array[] = [header];
    const offsets: number[] = [];
    let at = header.length;
    this.bodies.forEach((body, i) => {
      if (!body) throw new Error(`pdf: object ${i + 1} was reserved but never written`);
      offsets.push(at);
      parts.push(body);
      at += body.length;
    });
    const xref =
      `xref\n0 ${this.bodies.length + 1}\n0000000000 65535 f \n` +
      offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
      `trailer\n<</Size ${this.bodies.length + 1}/Root ${root} 0 R/Info ${info} 0 R>>\nstartxref\n${at}\n%%EOF\n`;
    parts.push(this.enc.encode(xref));
    return concat(parts);
  }
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A text string of the document's information (title, producer): UTF-16BE with its byte-order mark, as hex. */
export function pdfTextString(s: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < s.length; i += 1) hex += s.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}

/** A number as PDF writes it: at most 3 decimals, no exponent. */
export const num = (n: number) => String(Math.round(n * 1000) / 1000);
