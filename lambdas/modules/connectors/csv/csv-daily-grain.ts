import { PayloadTooLargeError, ValidationError } from '../../../core/errors';
import type { ErrorIssue } from '../../../shared/error-issues';
import { because, reasonText, type ReasonParams } from '../../../shared/error-reasons';
import type { DailyStat } from '../platform';
import {
  CsvRefusedError,
  KEPT_ISSUES,
  LISTED_ISSUES,
  type CsvCheck,
  type CsvDailyGrainOptions,
  type CsvProgress,
  type CsvRefusal,
} from './csv-format';
import { KeySet } from './csv-key-set';
import { csvRecords, delimiterOf } from './csv-records';
import { headerOrder, isBlank, readRow, type RowIssue } from './csv-row';

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

export {
  CSV_COLUMNS,
  CsvRefusedError,
  type CsvCheck,
  type CsvProgress,
  type CsvRefusal,
  type CsvRowIssue,
} from './csv-format';
export { csvLines, textLines } from './csv-records';

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
