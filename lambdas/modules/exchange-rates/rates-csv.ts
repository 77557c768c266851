import { PayloadTooLargeError, ValidationError } from '../../core/errors';
import { CURRENCY_CODE, CURRENCY_CODE_MESSAGE, MAX_RATE, planRateInBounds, RATE_DECIMALS } from './schemas';
import { parseRate } from '../../shared/money';
import { MAX_PLAN_RATE, MIN_PLAN_RATE, PLAN_CURRENCIES } from '../../shared/money-limits';
import { isCalendarDay } from '../../shared/calendar';
import type { ErrorIssue } from '../../shared/error-issues';
import { because, reasonText, type ErrorReason, type ReasonParams } from '../../shared/error-reasons';

/**
 * An exchange-rate import's CSV (rates.ts writes what this accepts): the file's size, header and row
 * count, then every row checked, before anything is written.
 */

export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 200 * 1024;
/** The header an import starts with (case and spaces around names do not matter). */
export const IMPORT_HEADER = ['date', 'from', 'to', 'rate'] as const;
/** How many line errors an import refusal lists. */
const MAX_LISTED_ERRORS = 20;

export interface ImportRow {
  line: number;
  Date: string;
  From: string;
  To: string;
  Rate: number;
  RateMicros: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One CSV cell: trimmed, surrounding double quotes removed. */
const cell = (s: string) => {
  const t = s.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replaceAll('""', '"').trim() : t;
};

/** One wrong row of an import: its English text (the ErrorMessage), its column (none: the whole line) and its reason (the console's). */
interface RowError {
  line: number;
  column?: string;
  english: string;
  params: ReasonParams;
}

/**
 * Parses and checks a whole import before anything is written. Every error names its line (the
 * file's own line number, header = line 1) and column, e.g. "line 7: rate must be a positive number".
 */
export function parseRatesCsv(csv: string): ImportRow[] {
  const data = dataLines(csv);
  const errors: RowError[] = [];
  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  /** A wrong cell names its `column` (the file's header word); the English text is "<column> <reason's text>" as before. */
  const wrong: Wrong = (line, reason, params = {}, english = reasonText(reason, params)) =>
    errors.push({
      line,
      english,
      params: because(reason, params),
      ...(typeof params.column === 'string' ? { column: params.column } : {}),
    });
  for (const { line, text } of data) {
    const cells = text.split(',').map(cell);
    if (cells.length !== IMPORT_HEADER.length) {
      wrong(line, 'CSV_VALUE_COUNT', {
        expected: IMPORT_HEADER.length,
        columns: IMPORT_HEADER.join(','),
        found: cells.length,
      });
      continue;
    }
    const [date, from, to, rateText] = cells;
    const before = errors.length;
    checkCells(line, cells, wrong);
    if (errors.length > before) continue;
    const key = `${date}#${from}#${to}`;
    const first = seen.get(key);
    if (first !== undefined) {
      wrong(line, 'CSV_REPEATED_ROW', { first, other: `${date} ${from} to ${to}` });
      continue;
    }
    seen.set(key, line);
    rows.push({
      line,
      Date: date,
      From: from,
      To: to,
      Rate: Number(rateText),
      RateMicros: parseRate(rateText, `line ${line}: rate`),
    });
  }
  if (errors.length) throw refusal(errors);
  return rows;
}

type Wrong = (line: number, reason: ErrorReason, params?: Record<string, string | number>, english?: string) => void;

/** The file's rows after its header, numbered as in the file (blank lines skipped); the file refused as a whole when its size, header or row count is wrong. */
function dataLines(csv: string): { line: number; text: string }[] {
  const bytes = Buffer.byteLength(csv, 'utf8');
  if (bytes > MAX_IMPORT_BYTES) {
    throw new PayloadTooLargeError(
      `csv: the file is ${Math.ceil(bytes / 1024)} kB; an import takes at most ${MAX_IMPORT_BYTES / 1024} kB (split it)`,
      'CSV_TOO_LARGE',
      { kb: Math.ceil(bytes / 1024), maxKb: MAX_IMPORT_BYTES / 1024 },
    );
  }
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const numbered = lines.map((text, i) => ({ line: i + 1, text })).filter((l) => l.text.trim() !== '');
  if (!numbered.length)
    throw new ValidationError(
      'csv: the file is empty; it needs the header date,from,to,rate and at least one row',
      'CSV_EMPTY',
    );
  const [header, ...data] = numbered;
  const names = header.text.split(',').map((c) => cell(c).toLowerCase());
  if (names.length !== IMPORT_HEADER.length || names.some((n, i) => n !== IMPORT_HEADER[i])) {
    throw new ValidationError(
      `csv: line ${header.line}: the header must be ${IMPORT_HEADER.join(',')} (found "${header.text.trim().slice(0, 60)}")`,
      'CSV_HEADER_INVALID',
      { expected: IMPORT_HEADER.join(','), found: header.text.trim().slice(0, 60) },
    );
  }
  if (!data.length) throw new ValidationError('csv: the file has a header but no rows', 'CSV_NO_ROWS');
  if (data.length > MAX_IMPORT_ROWS) {
    throw new PayloadTooLargeError(
      `csv: the file has ${data.length.toLocaleString('en-US')} rows; an import takes at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} (split it)`,
      'CSV_TOO_MANY_ROWS',
      { rows: data.length, max: MAX_IMPORT_ROWS },
    );
  }
  return data;
}

/** One row's date, currencies and rate, each wrong cell reported through `wrong`. */
function checkCells(line: number, [date, from, to, rateText]: string[], wrong: Wrong): void {
  if (!DATE.test(date)) wrong(line, 'DATE_FORMAT', { column: 'date' }, `date ${reasonText('DATE_FORMAT')}`);
  else if (!isCalendarDay(date))
    wrong(line, 'DATE_NOT_REAL', { column: 'date' }, `date ${date} ${reasonText('DATE_NOT_REAL')}`);
  if (!CURRENCY_CODE.test(from)) wrong(line, 'CURRENCY_CODE', { column: 'from' }, `from ${CURRENCY_CODE_MESSAGE}`);
  if (!CURRENCY_CODE.test(to)) wrong(line, 'CURRENCY_CODE', { column: 'to' }, `to ${CURRENCY_CODE_MESSAGE}`);
  else if (from === to)
    wrong(line, 'SAME_CURRENCY', { column: 'to', other: 'from' }, `to must differ from from (${from})`);
  const rate = /^\d+(\.\d+)?$/.test(rateText) ? Number(rateText) : NaN;
  if (!(rate > 0)) wrong(line, 'POSITIVE_NUMBER', { column: 'rate' }, `rate ${reasonText('POSITIVE_NUMBER')}`);
  else if (rate > MAX_RATE)
    wrong(line, 'AT_MOST', { column: 'rate', limit: MAX_RATE }, `rate ${reasonText('AT_MOST', { limit: MAX_RATE })}`);
  else if ((rateText.split('.')[1] ?? '').replace(/0+$/, '').length > RATE_DECIMALS) {
    wrong(
      line,
      'DECIMALS',
      { column: 'rate', places: RATE_DECIMALS },
      `rate ${reasonText('DECIMALS', { places: RATE_DECIMALS })}`,
    );
  }
  // The same plan-pair bounds as SaveExchangeRate (shared/money-limits.ts, docs/money-limits.md).
  else if (!planRateInBounds(from, to, rate)) {
    const bounds = {
      column: 'rate',
      low: MIN_PLAN_RATE,
      limit: MAX_PLAN_RATE,
      currencies: PLAN_CURRENCIES.join(', '),
    };
    wrong(line, 'PLAN_RATE_BOUNDS', bounds, `rate ${reasonText('PLAN_RATE_BOUNDS', bounds)}`);
  }
}

/** The import refused: the first MAX_LISTED_ERRORS wrong lines in the message, and coded for the console. */
function refusal(errors: RowError[]): ValidationError {
  const more = errors.length > MAX_LISTED_ERRORS ? ` (and ${errors.length - MAX_LISTED_ERRORS} more)` : '';
  const listed = errors
    .slice(0, MAX_LISTED_ERRORS)
    .map((e) => `line ${e.line}: ${e.english}`)
    .join('; ');
  const [firstError] = errors;
  // Each listed line's problem also travels coded (ErrorIssues), for the console to list in the user's language.
  const issues: ErrorIssue[] = errors.slice(0, MAX_LISTED_ERRORS).map((e) => ({
    line: e.line,
    ...(e.column ? { field: e.column } : {}),
    code: e.params.reason,
    params: { ...e.params, detail: e.english },
  }));
  return new ValidationError(`csv: ${listed}${more}`, 'CSV_LINE_INVALID', {
    column: '',
    ...firstError.params,
    line: firstError.line,
    detail: firstError.english,
    count: errors.length,
  }).withIssues(issues);
}
