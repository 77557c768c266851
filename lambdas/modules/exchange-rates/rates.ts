import type { output } from 'zod/mini';
import { ConflictError, NotFoundError, STALE_VERSION_MESSAGE, ValidationError } from '../../core/errors';
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
  type getExchangeRate,
  type getExchangeRatesList,
  type saveExchangeRate,
  type exchangeRateKeyInput,
} from './schemas';
import { parseRate } from '../../shared/money';
import type { ExchangeRateView, ImportReport, RateLookup, RatesPage } from './replies';
import { parseRatesCsv, type ImportRow } from './rates-csv';

/**
 * Exchange rates (docs/domain.md): 1 From = Rate To on Date, per company, entered by hand or imported
 * from CSV. The lookup is "the latest rate on or before the date"; with none there is a clear error
 * naming the pair and the date — never a silent 1.0. Only the pair asked is looked up: no inverse
 * (1 / rate of To→From) and no cross rate through a third currency, so what a plan uses is always
 * a rate someone entered. Delete archives (the rate moves out of the lookup's key range).
 */

export const DEFAULT_PAGE_SIZE = 50;
export { MAX_IMPORT_ROWS } from './rates-csv';

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
