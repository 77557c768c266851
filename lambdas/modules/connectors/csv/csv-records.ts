import type { ErrorReason } from '../../../shared/error-reasons';
import { MAX_RECORD_LENGTH } from './csv-format';

/** A CSV file's lines and records: UTF-8 across chunk edges, RFC 4180 quoting, the header's delimiter. */

/** A byte (or text) stream as its lines: UTF-8 decoded across chunk edges, LF or CRLF, a BOM dropped. */
export async function* csvLines(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let rest = '';
  let first = true;
  for await (const chunk of source) {
    rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && rest.length) {
      rest = rest.replace(/^\uFEFF/, '');
      first = false;
    }
    let at: number;
    while ((at = rest.indexOf('\n')) >= 0) {
      yield rest.slice(0, at).replace(/\r$/, '');
      rest = rest.slice(at + 1);
    }
    // A "line" without an end grows only to the record bound: the record reader refuses it.
    if (rest.length > MAX_RECORD_LENGTH * 2) {
      yield rest;
      rest = '';
    }
  }
  rest += decoder.decode();
  if (rest.length) yield rest.replace(/\r$/, '');
}

export type Delimiter = ',' | ';' | '\t';

export interface CsvRecord {
  line: number;
  cells?: string[];
  /** Why the record could not be split into cells. */
  broken?: { reason: ErrorReason; params: Record<string, string | number> };
}

/** Splits one record; `undefined` while a quoted value is still open at its end. */
function splitRecord(text: string, delimiter: Delimiter): { cells: string[] } | { open: true } | { bad: true } {
  const cells: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  let started = true;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        // After a closing quote: the delimiter, the end, or spaces before them.
        while (text[i] === ' ') i++;
        if (i < text.length && text[i] !== delimiter) return { bad: true };
        continue;
      }
      cell += c;
      i++;
      continue;
    }
    if (c === delimiter) {
      cells.push(cell);
      cell = '';
      started = true;
      i++;
      continue;
    }
    if (c === '"' && started && cell.trim() === '') {
      quoted = true;
      cell = '';
      i++;
      continue;
    }
    started = false;
    cell += c;
    i++;
  }
  if (quoted) return { open: true };
  cells.push(cell);
  return { cells };
}

/** Records from lines: a quoted value may span lines; a record is bounded by MAX_RECORD_LENGTH. */
export async function* csvRecords(
  lines: AsyncIterable<string>,
  delimiterOf: (firstLine: string) => Delimiter,
): AsyncGenerator<CsvRecord & { delimiter: Delimiter }> {
  let lineNo = 0;
  let pending: { line: number; text: string } | undefined;
  let delimiter: Delimiter | undefined;
  for await (const raw of lines) {
    lineNo++;
    const line = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (!delimiter) delimiter = delimiterOf(line);
    const rec = pending ? { line: pending.line, text: `${pending.text}\n${line}` } : { line: lineNo, text: line };
    pending = undefined;
    if (rec.text.length > MAX_RECORD_LENGTH) {
      yield {
        line: rec.line,
        delimiter,
        broken: { reason: 'CSV_LINE_TOO_LONG', params: { limit: MAX_RECORD_LENGTH } },
      };
      continue;
    }
    const split = splitRecord(rec.text, delimiter);
    if ('open' in split) {
      pending = rec;
      continue;
    }
    if ('bad' in split) {
      yield { line: rec.line, delimiter, broken: { reason: 'CSV_QUOTES', params: {} } };
      continue;
    }
    yield { line: rec.line, delimiter, cells: split.cells };
  }
  if (pending && delimiter) yield { line: pending.line, delimiter, broken: { reason: 'CSV_QUOTES', params: {} } };
}

/** The header's delimiter: the most frequent of , ; and tab outside quotes (ties: the comma). */
export function delimiterOf(header: string): Delimiter {
  const outside = header.replace(/"[^"]*"/g, '');
  const count = (d: string) => outside.split(d).length - 1;
  const best = ([',', ';', '\t'] as const).reduce((a, b) => (count(b) > count(a) ? b : a));
  return best;
}

export const headerWord = (s: string) =>
  s
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');

/** A small file held as text (a route's body): its lines. */
export async function* textLines(text: string): AsyncGenerator<string> {
  yield* csvLines(
    (async function* () {
      yield text;
    })(),
  );
}
