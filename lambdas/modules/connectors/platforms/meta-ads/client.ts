import { array, literal, looseObject, number, optional, regex, string, union } from 'zod/mini';
import { checkRange } from '../../http/ads-http';
import { dayCount } from '../../http/day-slices';
import { count, issuePaths, metric } from '../../http/metrics';
import {
  listMetaAccounts,
  MAX_NAME,
  metaAccount,
  metaAccountDigits,
  metaPage,
  metaSession,
  type MetaAdsClientOptions,
} from './accounts';
import { META_LABEL, TOO_MUCH_DATA } from './errors';
import { PlatformError, type DailyStat, type Day, type PlatformClient } from '../../platform';
import { addDaysTo } from '../../../../shared/calendar';
import type { SyncClientFor } from '../spec';

/**
 * The Meta Marketing API client: a thin typed client over `fetch` for the two calls the
 * sync needs — the ad accounts a token reads, and the daily campaign insights of one of them.
 *
 * - Insights: `level=campaign`, `time_increment=1`, the fields of
 *   docs/connectors-meta-tiktok-csv.md, paged by following `paging.next` (same origin only: the
 *   next URL carries the token). Ranges longer than `asyncAfterDays` (30) run as an async report:
 *   POST → report_run_id, polled until "Job Completed" (a job can say "Job Running" at 100 %: that
 *   is not done), bounded; "Job Failed" is transient (the job is started again, bounded), "Job
 *   Skipped" invalid.
 * - Error 100/1487534 (too much data) halves the range and asks again, down to one day.
 * - Conversions: the sum over `conversionActionTypes` of `actions` (default: the four types below;
 *   overlapping types double-count, so the set is the connector's choice); conversionValue the same
 *   sum over `action_values`; videoViews from `video_play_actions`; reach per day as Meta gives it.
 * - Every number is checked (zod per row): a row that is not what the format says is
 *   PlatformError('malformed') and nothing of that page is yielded.
 * - Usage headers over `slowDownAt` (90 %) make the next call wait `slowDownMs` first.
 * - The token travels as the access_token query parameter, as Graph wants; it is blanked in every
 *   URL this client logs or puts in an error, and scrubbed from any text it passes on.
 *
 * The session (calls, retries, usage, paging) and the account listing are ./accounts.ts,
 * which "Test connection" bundles alone; this file adds the insights.
 */

export type { MetaAdsClientOptions } from './accounts';

/** The default conversion set (docs/connectors-meta-tiktok-csv.md). */
export const META_DEFAULT_CONVERSION_ACTION_TYPES: readonly string[] = [
  'onsite_conversion.purchase',
  'onsite_conversion.lead_grouped',
  'offsite_conversion.fb_pixel_purchase',
  'offsite_conversion.fb_pixel_lead',
];

export const META_INSIGHT_FIELDS =
  'campaign_id,campaign_name,account_currency,impressions,clicks,spend,reach,actions,action_values,video_play_actions';

const DAY = regex(/^\d{4}-\d{2}-\d{2}$/);
const actionList = optional(array(looseObject({ action_type: string(), value: metric() })));

/** One insights row, as far as Mixdesk reads it (unknown fields pass). */
const insightRow = looseObject({
  campaign_id: string().check(regex(/^\d{1,30}$/)),
  campaign_name: optional(string()),
  account_currency: optional(string().check(regex(/^[A-Z]{3}$/))),
  impressions: optional(count()),
  clicks: optional(count()),
  spend: optional(metric()),
  reach: optional(count()),
  actions: actionList,
  action_values: actionList,
  video_play_actions: actionList,
  date_start: string().check(DAY),
  date_stop: string().check(DAY),
});

const reportRun = looseObject({ report_run_id: union([string().check(regex(/^\d{1,30}$/)), number()]) });
const reportStatus = looseObject({
  async_status: union([
    literal('Job Not Started'),
    literal('Job Started'),
    literal('Job Running'),
    literal('Job Completed'),
    literal('Job Failed'),
    literal('Job Skipped'),
  ]),
  async_percent_completion: optional(number()),
});

export function metaAdsClient(opts: MetaAdsClientOptions): PlatformClient {
  const s = metaSession(opts);
  const { call, url, nextUrl, malformed, sleep, log } = s;
  const actionTypes = new Set(opts.conversionActionTypes ?? META_DEFAULT_CONVERSION_ACTION_TYPES);
  const pageSize = Math.min(Math.max(1, opts.pageSize ?? 500), 5000);
  const asyncAfterDays = opts.asyncAfterDays ?? 30;
  const pollIntervalMs = opts.pollIntervalMs ?? 2000;
  const maxPolls = opts.maxPolls ?? 90;
  const jobRuns = Math.max(1, opts.jobRuns ?? 2);

  const sumOf = (list: { action_type: string; value: number }[] | undefined, only?: Set<string>) =>
    (list ?? []).reduce((s, a) => (!only || only.has(a.action_type) ? s + a.value : s), 0);

  /** One page's rows → the daily grain; any malformed row fails the page. */
  function rowsOf(data: Record<string, unknown>[], accountId: string, currency: string, what: string): DailyStat[] {
    return data.map((r, i) => {
      const row = insightRow.safeParse(r);
      if (!row.success) throw malformed(what, `row ${i + 1}: ${issuePaths(row.error.issues)}`);
      const d = row.data;
      if (d.date_start !== d.date_stop)
        throw malformed(
          what,
          `row ${i + 1}: a row spans ${d.date_start} … ${d.date_stop}, not one day (time_increment=1)`,
        );
      return {
        date: d.date_start,
        connectorType: 'meta_ads' as const,
        externalAccountId: accountId,
        externalCampaignId: d.campaign_id,
        campaignName: (d.campaign_name ?? '').slice(0, MAX_NAME),
        impressions: d.impressions ?? 0,
        clicks: d.clicks ?? 0,
        spend: d.spend ?? 0,
        currency: d.account_currency ?? currency,
        conversions: sumOf(d.actions, actionTypes),
        conversionValue: sumOf(d.action_values, actionTypes),
        videoViews: sumOf(d.video_play_actions),
        ...(d.reach === undefined ? {} : { reach: d.reach }),
      };
    });
  }

  /** Every page from `first` on, following paging.next. */
  async function* pages(
    first: unknown,
    accountId: string,
    currency: string,
    what: string,
  ): AsyncGenerator<DailyStat[]> {
    let body: unknown = first;
    for (;;) {
      const p = metaPage.safeParse(body);
      if (!p.success) throw malformed(what, issuePaths(p.error.issues));
      const rows = rowsOf(p.data.data as Record<string, unknown>[], accountId, currency, what);
      if (rows.length) yield rows;
      const next = nextUrl(p.data.paging?.next, what);
      if (!next) return;
      body = await call('GET', next);
    }
  }

  const insightParams = (from: Day, to: Day) => ({
    level: 'campaign',
    time_increment: '1',
    time_range: JSON.stringify({ since: from, until: to }),
    fields: META_INSIGHT_FIELDS,
    limit: String(pageSize),
  });

  /** The synchronous insights of [from, to]; too much data → the two halves, down to one day. */
  async function* syncRange(accountId: string, currency: string, from: Day, to: Day): AsyncGenerator<DailyStat[]> {
    const what = `GET /act_${accountId}/insights`;
    let first: unknown;
    try {
      first = await call('GET', url(`act_${accountId}/insights`, insightParams(from, to)));
    } catch (err) {
      if (err instanceof PlatformError && err.platformCode === TOO_MUCH_DATA && from < to) {
        const mid = addDaysTo(from, Math.floor(dayCount(from, to) / 2) - 1);
        log?.(
          `${META_LABEL}: too much data for ${from} … ${to}; asking for ${from} … ${mid} and ${addDaysTo(mid, 1)} … ${to}`,
        );
        yield* syncRange(accountId, currency, from, mid);
        yield* syncRange(accountId, currency, addDaysTo(mid, 1), to);
        return;
      }
      throw err;
    }
    yield* pages(first, accountId, currency, what);
  }

  /** The async report of [from, to]: started, polled until "Job Completed", then read page by page. */
  async function* asyncRange(accountId: string, currency: string, from: Day, to: Day): AsyncGenerator<DailyStat[]> {
    for (let run = 1; ; run++) {
      const started = reportRun.safeParse(
        await call('POST', url(`act_${accountId}/insights`, insightParams(from, to))),
      );
      if (!started.success) throw malformed(`POST /act_${accountId}/insights`, issuePaths(started.error.issues));
      const id = String(started.data.report_run_id);
      const what = `GET /${id}`;
      let done = false;
      for (let poll = 1; poll <= maxPolls && !done; poll++) {
        await sleep(pollIntervalMs);
        const s = reportStatus.safeParse(
          await call('GET', url(id, { fields: 'id,async_status,async_percent_completion' })),
        );
        if (!s.success) throw malformed(what, issuePaths(s.error.issues));
        const status = s.data.async_status;
        if (status === 'Job Completed') done = true;
        else if (status === 'Job Skipped')
          throw new PlatformError(
            'invalid',
            `${META_LABEL}: the report job ${id} was skipped by Meta (${from} … ${to})`,
            'meta_ads',
            undefined,
            'JOB_SKIPPED',
          );
        else if (status === 'Job Failed') break;
      }
      if (!done) {
        const failed = new PlatformError(
          'transient',
          `${META_LABEL}: the report job ${id} for ${from} … ${to} did not complete`,
          'meta_ads',
          undefined,
          'JOB_FAILED',
        );
        if (run >= jobRuns) throw failed;
        log?.(`${META_LABEL}: report job ${id} failed or did not complete in ${maxPolls} polls; starting it again`);
        continue;
      }
      yield* pages(
        await call('GET', url(`${id}/insights`, { limit: String(pageSize) })),
        accountId,
        currency,
        `GET /${id}/insights`,
      );
      return;
    }
  }

  async function* dailyStats(externalAccountId: string, from: Day, to: Day): AsyncGenerator<DailyStat[]> {
    checkRange('meta_ads', META_LABEL, from, to);
    const accountId = metaAccountDigits(externalAccountId);
    if (!/^\d{1,30}$/.test(accountId))
      throw new PlatformError(
        'invalid',
        `${META_LABEL}: an ad account id is digits, optionally after act_`,
        'meta_ads',
      );
    // The account's currency, for rows that do not carry account_currency.
    const acc = metaAccount.safeParse(
      await call('GET', url(`act_${accountId}`, { fields: 'id,account_id,name,currency,timezone_name' })),
    );
    if (!acc.success) throw malformed(`GET /act_${accountId}`, issuePaths(acc.error.issues));
    const currency = acc.data.currency;
    if (dayCount(from, to) > asyncAfterDays) yield* asyncRange(accountId, currency, from, to);
    else yield* syncRange(accountId, currency, from, to);
  }

  return { type: 'meta_ads', listAccounts: () => listMetaAccounts(s, opts.accountIds), dailyStats };
}

/** The worker's client, at the API URL of the environment. */
export const syncClientFor: SyncClientFor = (credentials, accountIds, { onRetry }) =>
  metaAdsClient({ accessToken: credentials.accessToken ?? '', accountIds, retry: { onRetry } });
