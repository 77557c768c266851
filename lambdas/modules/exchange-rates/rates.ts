import type { output } from 'zod/mini';
import {
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  STALE_VERSION_MESSAGE,
  ValidationError,
} from '../../core/errors';
import {
  archiveRate,
  getRate,
  latestRateOnOrBefore,
  listRates,
  ratesOfPair,
  saveRate,
  writeRateImport,
} from './store.dynamodb';
import type { ExchangeRate } from './store';
import type { UserProfile } from '../../core/caller';
import {
  CURRENCY_CODE,
  CURRENCY_CODE_MESSAGE,
  MAX_RATE,
  planRateInBounds,
  RATE_DECIMALS,
  type getExchangeRate,
  type getExchangeRatesList,
  type saveExchangeRate,
  type exchangeRateKeyInput,
} from './schemas';
import { parseRate } from '../../shared/money';
import { MAX_PLAN_RATE, MIN_PLAN_RATE, PLAN_CURRENCIES } from '../../shared/money-limits';
import { isCalendarDay } from '../../shared/calendar';
import type { ErrorIssue } from '../../shared/error-issues';
import { because, reasonText, type ErrorReason, type ReasonParams } from '../../shared/error-reasons';
import type { ExchangeRateView, ImportReport, RateLookup, RatesPage } from './replies';

/**
 * Exchange rates (docs/domain.md): 1 From = Rate To on Date, per company, entered by hand or imported
 * from CSV. The lookup is "the latest rate on or before the date"; with none there is a clear error
 * naming the pair and the date — never a silent 1.0. Only the pair asked is looked up: no inverse
 * (1 / rate of To→From) and no cross rate through a third currency, so what a plan uses is always
 * a rate someone entered. Delete archives (the rate moves out of the lookup's key range).
 */

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 200 * 1024;
/** The header an import starts with (case and spaces around names do not matter). */
export const IMPORT_HEADER = ['date', 'from', 'to', 'rate'] as const;
/** How many line errors an import refusal lists. */
const MAX_LISTED_ERRORS = 20;

/** The replies (replies.ts): a rate as the API returns it has no RateMicros. */
export type { ExchangeRateView, ImportReport, RateLookup, RatesPage };

const view = (r: ExchangeRate): ExchangeRateView => {
  const { RateMicros: _m, ...rest } = r;
  return rest;
};

/**
 * The rate of a pair on a date, for any code that converts money (media-plan approval fixes it;
 * actuals use the rate of the day): the latest live rate on or before `date`; From = To is 1.
 * Throws NotFoundError "No exchange rate from USD to ILS on or before 2026-03-01" when there is none.
 */
export async function lookupRate(companyId: number, from: string, to: string, date: string): Promise<RateLookup> {
  if (from === to) return { Date: date, From: from, To: to, Rate: 1, RateMicros: 1_000_000, Source: 'same-currency' };
  const r = await latestRateOnOrBefore(companyId, from, to, date);
  if (!r)
    throw new NotFoundError(`No exchange rate from ${from} to ${to} on or before ${date}`, 'RATE_NOT_FOUND', {
      from,
      to,
      date,
    });
  return { Date: r.Date, From: r.From, To: r.To, Rate: r.Rate, RateMicros: r.RateMicros, Source: r.Source };
}

export function getExchangeRateFor(caller: UserProfile, input: output<typeof getExchangeRate>): Promise<RateLookup> {
  return lookupRate(caller.companyId, input.from, input.to, input.date);
}

export async function listExchangeRates(
  caller: UserProfile,
  input: output<typeof getExchangeRatesList>,
): Promise<RatesPage> {
  if (input.fromDate && input.toDate && input.fromDate > input.toDate)
    throw new ValidationError('toDate: must be on or after fromDate', 'DATE_RANGE_INVALID', {
      field: 'toDate',
      start: 'fromDate',
    });
  const filter = {
    from: input.from || undefined,
    to: input.to || undefined,
    fromDate: input.fromDate || undefined,
    toDate: input.toDate || undefined,
  };
  const page = await listRates(caller.companyId, filter, input.pageSize ?? DEFAULT_PAGE_SIZE, input.nextToken);
  return { Items: page.items.map(view), NextToken: page.nextToken };
}

const pairText = (r: { From: string; To: string; Date: string }) => `from ${r.From} to ${r.To} on ${r.Date}`;

/**
 * SaveExchangeRate: one rate per Date/From/To. A new key is added (version absent or 0); an existing
 * one is replaced only from the version read, so two people editing the same rate cannot silently
 * overwrite each other. Saving a deleted key brings it back with the new rate.
 */
export async function saveExchangeRateFor(
  caller: UserProfile,
  input: output<typeof saveExchangeRate>,
): Promise<ExchangeRateView> {
  const r = input.exchangeRate;
  const companyId = caller.companyId;
  const live = await getRate(companyId, r.From, r.To, r.Date);
  const archived = live ? undefined : await getRate(companyId, r.From, r.To, r.Date, true);
  const sentVersion = r.version ?? 0;
  if (live && sentVersion <= 0) {
    throw new ConflictError(
      `An exchange rate ${pairText(r)} already exists (version ${live.version}); send its version to replace it`,
      'RATE_EXISTS',
      { from: r.From, to: r.To, date: r.Date },
    );
  }
  if (live ? live.version !== sentVersion : sentVersion > 0)
    throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
  const now = new Date().toISOString();
  const previous = live ?? archived;
  const after: ExchangeRate = {
    Date: r.Date,
    From: r.From,
    To: r.To,
    Rate: r.Rate,
    RateMicros: parseRate(r.Rate, 'exchangeRate.Rate'),
    Source: 'manual',
    Archived: false,
    version: (previous?.version ?? 0) + 1,
    createdAt: previous?.createdAt ?? now,
    createdBy: previous?.createdBy ?? caller.email,
    updatedAt: now,
    updatedBy: caller.email,
  };
  await saveRate(companyId, live, archived, after, live ? 'update' : archived ? 'restore' : 'create');
  return view(after);
}

/** DeleteExchangeRate: archives; the lookup then skips it (and falls back to the rate before it). */
export async function deleteExchangeRateFor(
  caller: UserProfile,
  input: output<typeof exchangeRateKeyInput>,
): Promise<ExchangeRateView> {
  const companyId = caller.companyId;
  const live = await getRate(companyId, input.From, input.To, input.Date);
  if (!live) {
    const archived = await getRate(companyId, input.From, input.To, input.Date, true);
    if (archived) return view(archived);
    throw new NotFoundError(`No exchange rate ${pairText(input)}`, 'RATE_NOT_FOUND', {
      from: input.From,
      to: input.To,
      date: input.Date,
    });
  }
  const after: ExchangeRate = {
    ...live,
    Archived: true,
    version: live.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
  };
  await archiveRate(companyId, live, after);
  return view(after);
}

// ---------------------------------------------------------------------------------------------
// CSV import
// ---------------------------------------------------------------------------------------------

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

  const errors: RowError[] = [];
  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  /** A wrong cell names its `column` (the file's header word); the English text is "<column> <reason's text>" as before. */
  const wrong = (
    line: number,
    reason: ErrorReason,
    params: Record<string, string | number> = {},
    english = reasonText(reason, params),
  ) =>
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
  if (errors.length) {
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
    throw new ValidationError(`csv: ${listed}${more}`, 'CSV_LINE_INVALID', {
      column: '',
      ...firstError.params,
      line: firstError.line,
      detail: firstError.english,
      count: errors.length,
    }).withIssues(issues);
  }
  return rows;
}

/**
 * ImportExchangeRates: every row is checked first (nothing is written when any row is wrong), then
 * the rows are written in transactions of up to 99 writes plus one audit entry listing them. A row
 * whose Date/From/To already has a rate replaces it (so importing the same file again changes
 * nothing but versions); a deleted one is brought back. Each transaction replaces only the rates it
 * read: if someone saves one of them meanwhile, that transaction stops with 409 and tells which
 * lines were written — importing the same file again finishes the job.
 */
export async function importExchangeRatesFor(caller: UserProfile, csv: string): Promise<ImportReport> {
  const rows = parseRatesCsv(csv);
  const companyId = caller.companyId;
  const now = new Date().toISOString();

  // What is there already: per pair, one Query of its live and one of its deleted partition over the file's dates.
  const pairs = new Map<string, ImportRow[]>();
  for (const r of rows) pairs.set(`${r.From}#${r.To}`, [...(pairs.get(`${r.From}#${r.To}`) ?? []), r]);
  const live = new Map<string, ExchangeRate>();
  const archived = new Map<string, ExchangeRate>();
  await Promise.all(
    [...pairs.values()].map(async (pairRows) => {
      const dates = pairRows.map((r) => r.Date).sort();
      const { From, To } = pairRows[0];
      const [l, a] = await Promise.all([
        ratesOfPair(companyId, From, To, dates[0], dates[dates.length - 1], false),
        ratesOfPair(companyId, From, To, dates[0], dates[dates.length - 1], true),
      ]);
      for (const r of l) live.set(`${r.Date}#${r.From}#${r.To}`, r);
      for (const r of a) archived.set(`${r.Date}#${r.From}#${r.To}`, r);
    }),
  );

  const replacements = rows.map((r) => {
    const key = `${r.Date}#${r.From}#${r.To}`;
    const current = live.get(key);
    const deleted = current ? undefined : archived.get(key);
    const previous = current ?? deleted;
    const after: ExchangeRate = {
      Date: r.Date,
      From: r.From,
      To: r.To,
      Rate: r.Rate,
      RateMicros: r.RateMicros,
      Source: 'import',
      Archived: false,
      version: (previous?.version ?? 0) + 1,
      createdAt: previous?.createdAt ?? now,
      createdBy: previous?.createdBy ?? caller.email,
      updatedAt: now,
      updatedBy: caller.email,
    };
    return { row: r, live: current, archived: deleted, after };
  });
  await writeRateImport(companyId, replacements, (chunk) => {
    const first = chunk[0].row;
    const last = chunk[chunk.length - 1].row;
    const lines = `lines ${first.line}-${last.line}`;
    return {
      audit: {
        who: caller.email,
        at: now,
        lines,
        before: chunk.flatMap((c) => (c.live ? [c.live] : [])),
        after: chunk.map(({ row: { line, Date, From, To, Rate } }) => ({ line, Date, From, To, Rate })),
      },
      conflict: new ConflictError(
        `csv: ${lines} were not imported: someone changed one of these rates meanwhile. ` +
          `${first.line > rows[0].line ? `Lines ${rows[0].line}-${first.line - 1} were imported. ` : ''}Import the file again to finish (a re-import replaces).`,
        'CSV_IMPORT_INTERRUPTED',
        { first: first.line, last: last.line, imported: rows.indexOf(first) },
      ),
    };
  });
  const replaced = replacements.filter((r) => r.live).length;
  return { Imported: rows.length, Replaced: replaced };
}
