import { createHash } from 'node:crypto';
import { object, pipe, refine, string, transform } from 'zod/mini';
import { PayloadTooLargeError, ValidationError } from '../../../core/errors';
import { isCalendarDay } from '../../../shared/calendar';
import type { ErrorIssue } from '../../../shared/error-issues';
import { because, isErrorReason, reasonText, type ErrorReason, type ReasonParams } from '../../../shared/error-reasons';
import { normaliseText } from '../../../shared/normalise-text';
import { MAX_METRIC } from '../http/metrics';
import type { ConnectorType, DailyStat } from '../platform';

/**
 * CSV upload of the daily grain (docs/domain.md): one file, one row per
 * day × platform × account × campaign, with the columns of CSV_COLUMNS (English header words, any
 * order, any case; `campaign_id` and `Campaign ID` are the same column).
 *
 * - ALL OR NOTHING: the whole file is checked first (`checkDailyGrainCsv`); a file with any bad
 *   row yields no row. Each bad row is refused with its line (the file's own line number, header
 *   = 1; a quoted value spanning lines counts from the line it starts on), its column (the header
 *   word) and its reason (shared/error-reasons.ts), as the exchange-rate import reports them.
 * - A key (date, platform, account, campaign id) twice in one file is refused on its second line,
 *   naming the first: the grain is keyed by every dimension, and a file does not decide which of
 *   two figures is right.
 * - Streaming: lines come from an async iterator (`csvLines` splits a byte stream), so a large file
 *   is never whole in memory; what grows is the set of keys seen, for the duplicate check (about
 *   40 bytes a row, whatever the names' length: KeySet). `readDailyGrainCsv` reads the file twice — check, then rows in batches — so
 *   no row is handed on before the last line was checked. Progress through `onProgress`.
 * - Hostile text: names are cleaned by the one normalisation (no control or bidi-override
 *   characters, NFC, trimmed: shared/normalise-text.ts), bounded in length, and kept as text —
 *   "=HYPERLINK(…)" stays those characters, nothing is evaluated (an export that writes them to a
 *   spreadsheet escapes them there).
 * - RFC 4180 quoting (doubled quotes, delimiters and line breaks inside quotes), a UTF-8 BOM, CRLF
 *   or LF, and `,` `;` or tab as the delimiter (the header's decides); with `;` a decimal comma is
 *   accepted in the decimal columns ("12,50").
 */

export const CSV_COLUMNS = [
  'date',
  'platform',
  'account',
  'campaign id',
  'campaign name',
  'impressions',
  'clicks',
  'spend',
  'currency',
  'conversions',
  'conversion value',
  'video views',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The platform column's words → the connector type the row is keyed under ('other' and 'csv' → csv_upload). */
const PLATFORM_WORDS: Record<string, ConnectorType> = {
  google_ads: 'google_ads',
  google: 'google_ads',
  'google ads': 'google_ads',
  meta_ads: 'meta_ads',
  meta: 'meta_ads',
  'meta ads': 'meta_ads',
  facebook: 'meta_ads',
  'facebook ads': 'meta_ads',
  instagram: 'meta_ads',
  tiktok_ads: 'tiktok_ads',
  tiktok: 'tiktok_ads',
  'tiktok ads': 'tiktok_ads',
  csv_upload: 'csv_upload',
  csv: 'csv_upload',
  other: 'csv_upload',
};
const PLATFORM_VALUES = 'google_ads, meta_ads, tiktok_ads, other';

export const MAX_ACCOUNT_LENGTH = 100;
export const MAX_CAMPAIGN_ID_LENGTH = 100;
export const MAX_CAMPAIGN_NAME_LENGTH = 500;
/** One record (a line, or the lines of a quoted value) — far above any honest row. */
export const MAX_RECORD_LENGTH = 32 * 1024;
const MAX_DECIMALS = 6;
/** Issues kept for the reply (all are counted). */
const KEPT_ISSUES = 100;
/** Issues the refusal's message and ErrorIssues list, as the exchange-rate import does. */
const LISTED_ISSUES = 20;

export interface CsvProgress {
  /** 'check': the first reading (every row validated); 'read': the second, rows handed on. */
  phase: 'check' | 'read';
  /** Lines read so far, the header included. */
  lines: number;
  rows: number;
}

export interface CsvDailyGrainOptions {
  onProgress?: (p: CsvProgress) => void;
  /** Lines between two progress calls (default 5,000; one more at the end of each phase). */
  progressEvery?: number;
  /** Rows a file may have (default 1,000,000). */
  maxRows?: number;
  /** Rows per batch of `readDailyGrainCsv` (default 500). */
  batchSize?: number;
  /**
   * The caller's own checks of a good row (the import's: is its ad account linked?), run in the
   * check reading: its issues are refused with the parser's, by line, all or nothing. It may keep
   * state (report an account once); it is not called in the second reading.
   */
  rowCheck?: (stat: DailyStat, line: number) => CsvRowIssue[] | undefined;
}

/** A problem a rowCheck finds in a good row: its column's header word (none: the whole row), its reason. */
export interface CsvRowIssue {
  column?: CsvColumn;
  reason: ErrorReason;
  params: Record<string, string | number>;
}

/** Why a file is refused: a whole-file problem, or its bad rows (every one counted, the first KEPT_ISSUES kept). */
export type CsvRefusal =
  | { code: 'CSV_EMPTY' | 'CSV_NO_ROWS'; message: string }
  | { code: 'CSV_HEADER_INVALID'; message: string; expected: string; found: string }
  | { code: 'CSV_TOO_MANY_ROWS'; message: string; rows: number; max: number }
  | { code: 'CSV_LINE_INVALID'; message: string; issues: ErrorIssue[]; count: number };

export type CsvCheck = { ok: true; rows: number } | { ok: false; refusal: CsvRefusal };

export class CsvRefusedError extends Error {
  constructor(readonly refusal: CsvRefusal) {
    super(refusal.message);
    this.name = 'CsvRefusedError';
  }
}

// ---------------------------------------------------------------------------------------------
// Lines and records
// ---------------------------------------------------------------------------------------------

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

type Delimiter = ',' | ';' | '\t';

interface CsvRecord {
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
async function* csvRecords(
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
function delimiterOf(header: string): Delimiter {
  const outside = header.replace(/"[^"]*"/g, '');
  const count = (d: string) => outside.split(d).length - 1;
  const best = ([',', ';', '\t'] as const).reduce((a, b) => (count(b) > count(a) ? b : a));
  return best;
}

const headerWord = (s: string) =>
  s
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');

// ---------------------------------------------------------------------------------------------
// One row
// ---------------------------------------------------------------------------------------------

/**
 * A check with a reason (shared/error-reasons.ts), stopping the column's checks when it fails. Its
 * English message is written when an issue is raised, not at import (a number param would start ICU
 * in the cold init: shared/schema-fields.ts `rule`).
 */
const because_ = <T>(ok: (v: T) => boolean, reason: ErrorReason, params: Record<string, string | number> = {}) =>
  refine<T>(ok, { error: () => reasonText(reason, params), params: because(reason, params), abort: true });

const DECIMAL = /^\d{1,13}(\.\d+)?$/;
const WHOLE = /^\d{1,13}$/;

const nameText = (max: number, required: boolean) =>
  pipe(
    string(),
    transform((s: string) => normaliseText(s)),
  ).check(
    because_((s: string) => !required || s.length > 0, 'REQUIRED'),
    because_((s: string) => s.length <= max, 'TEXT_TOO_LONG', { limit: max }),
  );
const whole = () =>
  pipe(
    string().check(
      because_((s: string) => !s.startsWith('-'), 'NOT_NEGATIVE'),
      because_((s: string) => WHOLE.test(s) && Number(s) <= MAX_METRIC, 'WHOLE_BETWEEN', { low: 0, limit: MAX_METRIC }),
    ),
    transform(Number),
  );
const decimalValue = () =>
  pipe(
    string().check(
      because_((s: string) => !s.startsWith('-'), 'NOT_NEGATIVE'),
      because_((s: string) => DECIMAL.test(s), 'WRONG_TYPE', { expected: 'number' }),
      because_((s: string) => (s.split('.')[1] ?? '').replace(/0+$/, '').length <= MAX_DECIMALS, 'DECIMALS', {
        places: MAX_DECIMALS,
      }),
      because_((s: string) => Number(s) <= MAX_METRIC, 'BETWEEN', { low: 0, limit: MAX_METRIC }),
    ),
    transform(Number),
  );

/** One data row's cells by column (strings as written, trimmed) → the daily grain's fields. */
const csvRow = object({
  date: string().check(
    because_((s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s), 'DATE_FORMAT'),
    because_(isCalendarDay, 'DATE_NOT_REAL'),
  ),
  platform: pipe(
    string().check(
      because_(
        (s: string) =>
          Object.hasOwn(PLATFORM_WORDS, headerWord(s)) || Object.hasOwn(PLATFORM_WORDS, s.trim().toLowerCase()),
        'NOT_ONE_OF',
        { values: PLATFORM_VALUES },
      ),
    ),
    transform((s: string) => PLATFORM_WORDS[s.trim().toLowerCase()] ?? PLATFORM_WORDS[headerWord(s)]),
  ),
  account: nameText(MAX_ACCOUNT_LENGTH, true),
  'campaign id': nameText(MAX_CAMPAIGN_ID_LENGTH, true),
  'campaign name': nameText(MAX_CAMPAIGN_NAME_LENGTH, false),
  impressions: whole(),
  clicks: whole(),
  spend: decimalValue(),
  currency: string().check(because_((s: string) => /^[A-Z]{3}$/.test(s), 'CURRENCY_CODE')),
  conversions: decimalValue(),
  'conversion value': decimalValue(),
  'video views': whole(),
});

/** Columns a file may leave empty, read as 0 (not every platform has them). */
const ZERO_WHEN_EMPTY: ReadonlySet<CsvColumn> = new Set(['conversions', 'conversion value', 'video views']);
const DECIMAL_COLUMNS: ReadonlySet<CsvColumn> = new Set(['spend', 'conversions', 'conversion value']);

interface RowIssue {
  line: number;
  column?: string;
  reason: ErrorReason;
  params: Record<string, string | number>;
}

type RowResult = { ok: true; stat: DailyStat; key: string } | { ok: false; issues: RowIssue[] };

function readRow(record: CsvRecord, order: number[], delimiter: Delimiter): RowResult {
  const { line } = record;
  if (record.broken)
    return { ok: false, issues: [{ line, reason: record.broken.reason, params: record.broken.params }] };
  const cells = record.cells!;
  if (cells.length !== CSV_COLUMNS.length) {
    return {
      ok: false,
      issues: [
        {
          line,
          reason: 'CSV_VALUE_COUNT',
          params: { expected: CSV_COLUMNS.length, columns: CSV_COLUMNS.join(','), found: cells.length },
        },
      ],
    };
  }
  const raw: Record<string, string> = {};
  CSV_COLUMNS.forEach((column, i) => {
    let v = cells[order[i]].trim();
    if (v === '' && ZERO_WHEN_EMPTY.has(column)) v = '0';
    if (delimiter === ';' && DECIMAL_COLUMNS.has(column) && /^\d+,\d+$/.test(v)) v = v.replace(',', '.');
    raw[column] = column === 'account' || column === 'campaign id' || column === 'campaign name' ? cells[order[i]] : v;
  });
  const parsed = csvRow.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => {
        const column = String(issue.path[0] ?? '');
        const p = (issue.code === 'custom' ? (issue.params ?? {}) : {}) as Record<string, string | number>;
        const reason = isErrorReason(p.reason) ? p.reason : 'INVALID';
        const { reason: _r, ...params } = p;
        return { line, column, reason, params };
      }),
    };
  }
  const r = parsed.data;
  const stat: DailyStat = {
    date: r.date,
    connectorType: r.platform,
    externalAccountId: r.account,
    externalCampaignId: r['campaign id'],
    campaignName: r['campaign name'],
    impressions: r.impressions,
    clicks: r.clicks,
    spend: r.spend,
    currency: r.currency,
    conversions: r.conversions,
    conversionValue: r['conversion value'],
    videoViews: r['video views'],
  };
  return { ok: true, stat, key: `${r.date}\u0001${r.platform}\u0001${r.account}\u0001${r['campaign id']}` };
}

// ---------------------------------------------------------------------------------------------
// The file
// ---------------------------------------------------------------------------------------------

/** The header's column order (index of each CSV_COLUMNS entry in the file), or the refusal. */
function headerOrder(record: CsvRecord | undefined): number[] | CsvRefusal {
  if (!record)
    return {
      code: 'CSV_EMPTY',
      message: `csv: the file is empty; it needs the header ${CSV_COLUMNS.join(',')} and at least one row`,
    };
  const found = (record.cells ?? []).map(headerWord);
  const order = CSV_COLUMNS.map((c) => found.indexOf(c));
  const ok =
    record.cells &&
    found.length === CSV_COLUMNS.length &&
    order.every((i) => i >= 0) &&
    new Set(found).size === found.length;
  if (ok) return order;
  const shown = found.join(',').slice(0, 60);
  return {
    code: 'CSV_HEADER_INVALID',
    expected: CSV_COLUMNS.join(','),
    found: shown,
    message: `csv: line ${record.line}: the header must name the columns ${CSV_COLUMNS.join(',')} (any order; found "${shown}")`,
  };
}

/** Blank lines (and lines of only delimiters) are skipped, as a spreadsheet leaves them. */
const isBlank = (r: CsvRecord) => !!r.cells && r.cells.every((c) => c.trim() === '');

interface Pass {
  rows: number;
  lines: number;
}

type PassEvent =
  | { kind: 'row'; stat: DailyStat; key: string; line: number }
  | { kind: 'issues'; issues: RowIssue[] }
  | { kind: 'end'; result: CsvRefusal | Pass };

/**
 * One reading of the file, record by record: each good row, each bad row's issues, then the end —
 * the header's or the size's refusal, or the count of rows. Nothing is kept between records.
 */
async function* pass(
  lines: AsyncIterable<string>,
  phase: CsvProgress['phase'],
  o: CsvDailyGrainOptions,
): AsyncGenerator<PassEvent> {
  const every = Math.max(1, o.progressEvery ?? 5000);
  const maxRows = o.maxRows ?? 1_000_000;
  let order: number[] | undefined;
  let rows = 0;
  let lastLine = 0;
  for await (const record of csvRecords(lines, delimiterOf)) {
    if (o.onProgress && Math.floor(record.line / every) > Math.floor(lastLine / every))
      o.onProgress({ phase, lines: record.line, rows });
    lastLine = record.line;
    if (isBlank(record)) continue;
    if (!order) {
      const h = headerOrder(record);
      if (!Array.isArray(h)) return void (yield { kind: 'end', result: h });
      order = h;
      continue;
    }
    rows++;
    if (rows > maxRows) {
      return void (yield {
        kind: 'end',
        result: {
          code: 'CSV_TOO_MANY_ROWS',
          rows,
          max: maxRows,
          message: `csv: the file has more than ${maxRows.toLocaleString('en-US')} rows (split it)`,
        },
      });
    }
    const result = readRow(record, order, record.delimiter);
    yield result.ok
      ? { kind: 'row', stat: result.stat, key: result.key, line: record.line }
      : { kind: 'issues', issues: result.issues };
  }
  if (!order) return void (yield { kind: 'end', result: headerOrder(undefined) as CsvRefusal });
  if (!rows)
    return void (yield {
      kind: 'end',
      result: { code: 'CSV_NO_ROWS', message: 'csv: the file has a header but no rows' },
    });
  o.onProgress?.({ phase, lines: lastLine, rows });
  yield { kind: 'end', result: { rows, lines: lastLine } };
}

const LINE_BITS = 2 ** 21;

/**
 * The keys of a file seen so far, in about 40 bytes a key whatever its length: a key is stored as
 * 53 bits of its SHA-256 (the Map's number key) with 32 more bits and its line packed in the value;
 * two keys are "the same" when all 85 bits agree (a false match is ~1e-14 likely for a million rows).
 * Lines past 2^21 (a file of millions of lines) keep their keys whole.
 */
class KeySet {
  private readonly packed = new Map<number, number>();
  private readonly whole = new Map<string, number>();

  /** The line of the key's first appearance, or undefined (and the key is recorded on `line`). */
  firstLineOf(key: string, line: number): number | undefined {
    const d = createHash('sha256').update(key).digest();
    const id = d.readUIntBE(0, 6) * 32 + (d[6] >> 3);
    const check = d.readUInt32BE(8);
    const hit = this.packed.get(id);
    if (hit !== undefined && Math.floor(hit / LINE_BITS) === check) return hit % LINE_BITS;
    const wholeHit = this.whole.get(key);
    if (wholeHit !== undefined) return wholeHit;
    if (line < LINE_BITS && hit === undefined) this.packed.set(id, check * LINE_BITS + line);
    else this.whole.set(key, line);
    return undefined;
  }
}

const isRefusal = (v: CsvRefusal | Pass): v is CsvRefusal => 'code' in v;

/** The English text of one issue: "<column> <reason's text>", as the exchange-rate import words it. */
const englishOf = (i: RowIssue) => `${i.column ? `${i.column} ` : ''}${reasonText(i.reason, i.params)}`;

/**
 * Checks a whole file (one reading): every row validated, every key compared. Nothing is handed on.
 */
export async function checkDailyGrainCsv(
  lines: AsyncIterable<string>,
  o: CsvDailyGrainOptions = {},
): Promise<CsvCheck> {
  const seen = new KeySet();
  const kept: RowIssue[] = [];
  let count = 0;
  const add = (issues: RowIssue[]) => {
    count += issues.length;
    for (const i of issues) if (kept.length < KEPT_ISSUES) kept.push(i);
  };
  let result: CsvRefusal | Pass = { rows: 0, lines: 0 };
  for await (const e of pass(lines, 'check', o)) {
    if (e.kind === 'issues') add(e.issues);
    else if (e.kind === 'end') result = e.result;
    else {
      const own = o.rowCheck?.(e.stat, e.line);
      if (own?.length) add(own.map((i) => ({ line: e.line, ...i })));
      const first = seen.firstLineOf(e.key, e.line);
      if (first !== undefined) {
        const s = e.stat;
        add([
          {
            line: e.line,
            reason: 'CSV_REPEATED_ROW',
            params: {
              first,
              other: `${s.date} ${s.connectorType} ${s.externalAccountId.slice(0, 40)} ${s.externalCampaignId.slice(0, 40)}`,
            },
          },
        ]);
      }
    }
  }
  if (isRefusal(result)) return { ok: false, refusal: result };
  if (!count) return { ok: true, rows: result.rows };
  const issues: ErrorIssue[] = kept.map((i) => ({
    line: i.line,
    ...(i.column ? { field: i.column } : {}),
    code: i.reason,
    params: { ...i.params, ...because(i.reason, i.params), detail: englishOf(i) } as ReasonParams & { detail: string },
  }));
  const listed = kept
    .slice(0, LISTED_ISSUES)
    .map((i) => `line ${i.line}: ${englishOf(i)}`)
    .join('; ');
  const more = count > LISTED_ISSUES ? ` (and ${count - LISTED_ISSUES} more)` : '';
  return { ok: false, refusal: { code: 'CSV_LINE_INVALID', issues, count, message: `csv: ${listed}${more}` } };
}

/**
 * The rows of a file, in batches — only once the whole file was checked: `open` is called twice
 * (check, then read), so it must give the same lines each time (a stored upload). A file with any
 * bad row throws CsvRefusedError before the first batch; a file that changed between the two
 * readings throws too.
 */
export async function* readDailyGrainCsv(
  open: () => AsyncIterable<string>,
  o: CsvDailyGrainOptions = {},
): AsyncGenerator<DailyStat[]> {
  const check = await checkDailyGrainCsv(open(), o);
  if (!check.ok) throw new CsvRefusedError(check.refusal);
  yield* readCheckedDailyGrainCsv(open(), check.rows, o);
}

/**
 * The second reading alone, for a caller that ran `checkDailyGrainCsv` itself (and kept what its
 * rowCheck learnt): the rows in batches; a file that no longer has `rows` good rows throws.
 */
export async function* readCheckedDailyGrainCsv(
  lines: AsyncIterable<string>,
  rows: number,
  o: CsvDailyGrainOptions = {},
): AsyncGenerator<DailyStat[]> {
  const size = Math.max(1, o.batchSize ?? 500);
  let batch: DailyStat[] = [];
  const changed = () =>
    new Error('csv: the file changed between its check and its reading; a stored upload must not change');
  for await (const e of pass(lines, 'read', o)) {
    if (e.kind === 'issues') throw changed();
    if (e.kind === 'end') {
      if (isRefusal(e.result) || e.result.rows !== rows) throw changed();
      break;
    }
    batch.push(e.stat);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** A refusal as the API's error (the route answers it: 400 with ErrorIssues, or 413). */
export function csvRefusalError(refusal: CsvRefusal): ValidationError | PayloadTooLargeError {
  switch (refusal.code) {
    case 'CSV_EMPTY':
    case 'CSV_NO_ROWS':
      return new ValidationError(refusal.message, refusal.code);
    case 'CSV_HEADER_INVALID':
      return new ValidationError(refusal.message, 'CSV_HEADER_INVALID', {
        expected: refusal.expected,
        found: refusal.found,
      });
    case 'CSV_TOO_MANY_ROWS':
      return new PayloadTooLargeError(refusal.message, 'CSV_TOO_MANY_ROWS', { rows: refusal.rows, max: refusal.max });
    case 'CSV_LINE_INVALID': {
      const [first] = refusal.issues;
      return new ValidationError(refusal.message, 'CSV_LINE_INVALID', {
        ...first.params,
        column: first.field ?? '',
        line: first.line,
        detail: first.params.detail,
        count: refusal.count,
      }).withIssues(refusal.issues.slice(0, LISTED_ISSUES));
    }
  }
}

/** A small file held as text (a route's body): its lines. */
export async function* textLines(text: string): AsyncGenerator<string> {
  yield* csvLines(
    (async function* () {
      yield text;
    })(),
  );
}
