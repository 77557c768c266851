import type { ServerResponse } from 'node:http';
import { isCalendarDay } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { demoDay, servedDays, type DemoAccount, type Served } from './ads-demo-data';

/** The Meta fake's wire format: Graph's errors, cursor pages, usage headers, the insights query and rows. */

export const MAX_LIMIT = 5000;

export class GraphRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly subcode?: number,
    readonly type = 'OAuthException',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const tooLarge = () => new GraphRefusal(413, 100, 'Request too large');

export const sessionExpired = () =>
  new GraphRefusal(
    401,
    190,
    'Error validating access token: Session has expired on Monday, 01-Jun-26 09:00:00 PDT.',
    463,
  );

export const tooMuchData = () =>
  new GraphRefusal(400, 100, "Please reduce the amount of data you're asking for, then retry your request", 1487534);

/** Graph's error body for a refusal (or a 500 for anything else). */
export function answerGraphError(err: unknown, res: ServerResponse): void {
  if (!(err instanceof GraphRefusal)) {
    res
      .writeHead(500, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { message: (err as Error).message, type: 'FakeError', code: 1 } }));
    return;
  }
  res
    .writeHead(err.status, {
      'content-type': 'application/json; charset=UTF-8',
      'www-authenticate': err.code === 190 ? 'OAuth "Facebook Platform" "invalid_token"' : '',
      ...err.headers,
    })
    .end(
      JSON.stringify({
        error: {
          message: err.message,
          type: err.type,
          code: err.code,
          ...(err.subcode ? { error_subcode: err.subcode } : {}),
          fbtrace_id: 'AFakeTrace01',
        },
      }),
    );
}

/** Meta's three usage headers at `usage` per cent. */
export const usageHeaders = (
  usage: number,
  accountId: string | undefined,
  regainMinutes = 0,
): Record<string, string> => ({
  'x-business-use-case-usage': JSON.stringify({
    [accountId ?? '0']: [
      {
        type: 'ads_insights',
        call_count: usage,
        total_cputime: Math.max(1, usage - 1),
        total_time: Math.max(1, usage - 1),
        estimated_time_to_regain_access: regainMinutes,
      },
    ],
  }),
  'x-ad-account-usage': JSON.stringify({
    acc_id_util_pct: usage,
    reset_time_duration: 0,
    ads_api_access_tier: 'standard_access',
  }),
  'x-fb-ads-insights-throttle': JSON.stringify({
    app_id_util_pct: usage,
    acc_id_util_pct: usage,
    ads_api_access_tier: 'standard_access',
  }),
});

const cursorOf = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
const offsetOf = (cursor: string | null) => {
  if (!cursor) return 0;
  const m = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : -1;
};

/** `{data, paging}` of rows from the `after` cursor; `next` repeats the call's own URL with the new cursor. */
export function pageOf(rows: Record<string, unknown>[], url: URL, limit: number) {
  const offset = offsetOf(url.searchParams.get('after'));
  if (offset < 0 || offset > rows.length) throw new GraphRefusal(400, 100, 'Invalid parameter: after');
  const data = rows.slice(offset, offset + limit);
  const paging: Record<string, unknown> = {
    cursors: { before: cursorOf(offset), after: cursorOf(offset + data.length) },
  };
  if (offset + data.length < rows.length) {
    const next = new URL(url);
    next.searchParams.set('after', cursorOf(offset + data.length));
    paging.next = next.toString();
  }
  return { data, paging };
}

/** The insights call's parameters: daily campaign rows over a time range, `limit` a page. */
export function insightQuery(params: URLSearchParams) {
  if (params.get('level') !== 'campaign')
    throw new GraphRefusal(
      400,
      100,
      '(#100) level must be one of the following values: ad, adset, campaign, account (this fake serves campaign)',
    );
  if (params.get('time_increment') !== '1')
    throw new GraphRefusal(400, 100, '(#100) time_increment: this fake serves daily rows only (1)');
  let range: { since?: unknown; until?: unknown };
  try {
    range = JSON.parse(params.get('time_range') ?? '') as typeof range;
  } catch {
    throw new GraphRefusal(400, 100, '(#100) time_range must be a JSON object {"since","until"}');
  }
  const { since, until } = range ?? {};
  if (!isCalendarDay(since) || !isCalendarDay(until) || since > until)
    throw new GraphRefusal(400, 100, '(#100) time_range: since and until must be days, since not after until');
  if (!(params.get('fields') ?? '').split(',').includes('campaign_id'))
    throw new GraphRefusal(400, 100, '(#100) fields must include campaign_id');
  const limit = Number(params.get('limit') ?? 25);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new GraphRefusal(400, 100, `(#100) limit must be 1 to ${MAX_LIMIT}`);
  return { since, until, limit };
}

/** The rows of [since, until] for an account, Meta-spelled, sorted by day then campaign. */
export function insightRows(acc: DemoAccount, since: string, until: string, served: Served) {
  const today = todayIn(acc.timeZone);
  const rows: Record<string, unknown>[] = [];
  for (const day of servedDays(acc, since, until, served.firstDay, served.historyDays)) {
    for (const c of acc.campaigns) {
      const d = demoDay(acc.id, c, day, { restatement: served.restatement, today });
      if (!d) continue;
      const purchases = d.conversions - d.leads;
      const actions = [
        { action_type: 'link_click', value: String(d.clicks) },
        { action_type: 'post_engagement', value: String(d.clicks + Math.floor(d.impressions / 50)) },
        ...(purchases ? [{ action_type: 'offsite_conversion.fb_pixel_purchase', value: String(purchases) }] : []),
        ...(d.leads ? [{ action_type: 'onsite_conversion.lead_grouped', value: String(d.leads) }] : []),
      ];
      rows.push({
        account_id: acc.id,
        account_currency: acc.currency,
        campaign_id: c.id,
        campaign_name: c.name,
        impressions: String(d.impressions),
        clicks: String(d.clicks),
        spend: d.spend.toFixed(2),
        reach: String(d.reach),
        actions,
        ...(purchases
          ? {
              action_values: [
                { action_type: 'offsite_conversion.fb_pixel_purchase', value: d.conversionValue.toFixed(2) },
              ],
            }
          : {}),
        ...(d.videoViews ? { video_play_actions: [{ action_type: 'video_view', value: String(d.videoViews) }] } : {}),
        date_start: day,
        date_stop: day,
      });
    }
  }
  return rows;
}
