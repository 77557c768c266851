import { object, pipe, refine, string, transform } from 'zod/mini';
import { isCalendarDay } from '../../../shared/calendar';
import { because, isErrorReason, reasonText, type ErrorReason } from '../../../shared/error-reasons';
import { normaliseText } from '../../../shared/normalise-text';
import { MAX_METRIC } from '../http/metrics';
import type { DailyStat } from '../platform';
import {
  CSV_COLUMNS,
  MAX_ACCOUNT_LENGTH,
  MAX_CAMPAIGN_ID_LENGTH,
  MAX_CAMPAIGN_NAME_LENGTH,
  MAX_DECIMALS,
  PLATFORM_VALUES,
  PLATFORM_WORDS,
  type CsvColumn,
  type CsvRefusal,
} from './csv-format';
import { headerWord, type CsvRecord, type Delimiter } from './csv-records';

/** One record of the CSV upload: the header's column order, and a data row → the daily grain or its issues. */

/**
 * A check with a reason (shared/error-reasons.ts), stopping the column's checks when it fails. Its
 * English message is written when an issue is raised, not at import (a number param would start ICU
 * in the cold init: schemas/fields.ts `rule`).
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

export interface RowIssue {
  line: number;
  column?: string;
  reason: ErrorReason;
  params: Record<string, string | number>;
}

type RowResult = { ok: true; stat: DailyStat; key: string } | { ok: false; issues: RowIssue[] };

export function readRow(record: CsvRecord, order: number[], delimiter: Delimiter): RowResult {
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

/** The header's column order (index of each CSV_COLUMNS entry in the file), or the refusal. */
export function headerOrder(record: CsvRecord | undefined): number[] | CsvRefusal {
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
export const isBlank = (r: CsvRecord) => !!r.cells && r.cells.every((c) => c.trim() === '');
