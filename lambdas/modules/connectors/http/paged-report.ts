import type { DailyStat } from '../platform';
import type { DayRange } from './day-slices';

/**
 * A platform's daily grain as named parts, each tested on its own, and the one loop that reads any
 * platform with them: request a page → check it → select its rows → map each to a DailyStat → the
 * next page's token. Retries are the requester's (ads-http.ts `jsonRequester`, retry.ts's policy):
 * the loop sees a page or the PlatformError that ended its tries.
 */

/** How a platform pages its report of one slice of days, for one context (the session, the account). */
export interface Paginator<Ctx, Token, Page> {
  /** One page's request, through the platform's requester; `token` undefined: the slice's first page. */
  request(ctx: Ctx, slice: DayRange, token: Token | undefined): Promise<unknown>;
  /** The reply checked as a page (a reply that is not: PlatformError('malformed')). */
  page(reply: unknown, ctx: Ctx, slice: DayRange, token: Token | undefined): Page;
  /** The row selector: the page's rows, unchecked. */
  rows(page: Page): readonly unknown[];
  /** The next page's token; undefined: the slice is read. */
  next(page: Page, ctx: Ctx, slice: DayRange, token: Token | undefined): Token | undefined;
}

/** One row checked and mapped to the daily grain (a row that is not what the format says: 'malformed'). */
export type RowToDailyStat<Ctx> = (row: unknown, ctx: Ctx, index: number, slice: DayRange) => DailyStat;

/** The parts of a platform's definition the loop reads. */
export interface DailyReport<Ctx, Token, Page> {
  paginator: Paginator<Ctx, Token, Page>;
  rowToDailyStat: RowToDailyStat<Ctx>;
}

/** Every page of every slice, one batch per page with rows (a page is yielded only once all its rows are mapped). */
export async function* pagedDailyStats<Ctx, Token, Page>(
  report: DailyReport<Ctx, Token, Page>,
  ctx: Ctx,
  slices: readonly DayRange[],
): AsyncGenerator<DailyStat[]> {
  const { paginator, rowToDailyStat } = report;
  for (const slice of slices) {
    let token: Token | undefined;
    do {
      const page = paginator.page(await paginator.request(ctx, slice, token), ctx, slice, token);
      const stats = paginator.rows(page).map((row, i) => rowToDailyStat(row, ctx, i, slice));
      if (stats.length) yield stats;
      token = paginator.next(page, ctx, slice, token);
    } while (token !== undefined);
  }
}
