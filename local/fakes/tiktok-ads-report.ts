import { addDaysTo, isCalendarDay } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';
import { demoDay, servedDays, type DemoAccount, type Served } from './ads-demo-data';

/** The TikTok fake's refusals (HTTP 200, `code` ≠ 0) and its report: the query checked, the rows of a page. */

export class TikTokRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const KNOWN_METRICS = new Set([
  'campaign_name',
  'spend',
  'impressions',
  'clicks',
  'reach',
  'conversion',
  'video_play_actions',
  'total_purchase_value',
  'ctr',
  'cpc',
  'cpm',
]);

export const jsonArray = (raw: string | null, name: string): string[] => {
  try {
    const v = JSON.parse(raw ?? '') as unknown;
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v;
  } catch {
    // refused below
  }
  throw new TikTokRefusal(40000, `${name}: must be a JSON array of strings`);
};

interface ReportQuery {
  metrics: string[];
  start: string;
  end: string;
  page: number;
  pageSize: number;
}

/** report/integrated/get/'s parameters, as this fake serves them (daily campaign rows, ≤ 30 days). */
function reportQuery(q: URLSearchParams): ReportQuery {
  if (
    q.get('service_type') !== 'AUCTION' ||
    q.get('report_type') !== 'BASIC' ||
    q.get('data_level') !== 'AUCTION_CAMPAIGN'
  ) {
    throw new TikTokRefusal(
      40000,
      'This fake serves service_type AUCTION, report_type BASIC, data_level AUCTION_CAMPAIGN',
    );
  }
  const dims = jsonArray(q.get('dimensions'), 'dimensions');
  if (dims.length !== 2 || !dims.includes('campaign_id') || !dims.includes('stat_time_day'))
    throw new TikTokRefusal(40000, 'dimensions: this fake serves ["campaign_id","stat_time_day"]');
  const metrics = jsonArray(q.get('metrics'), 'metrics');
  const unknown = metrics.find((m) => !KNOWN_METRICS.has(m));
  if (unknown !== undefined) throw new TikTokRefusal(40000, `metrics: '${unknown.slice(0, 40)}' is not a metric`);
  const start = q.get('start_date') ?? '';
  const end = q.get('end_date') ?? '';
  if (!isCalendarDay(start) || !isCalendarDay(end) || start > end)
    throw new TikTokRefusal(40000, 'start_date and end_date must be days, start_date not after end_date');
  if (addDaysTo(start, 29) < end)
    throw new TikTokRefusal(40000, 'The time span cannot exceed 30 days when stat_time_day is a dimension.');
  const page = Number(q.get('page') ?? 1);
  const pageSize = Number(q.get('page_size') ?? 10);
  if (!Number.isInteger(page) || page < 1) throw new TikTokRefusal(40000, 'page: must be a positive integer');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
    throw new TikTokRefusal(40000, 'page_size: must be between 1 and 1000');
  return { metrics, start, end, page, pageSize };
}

/** One page of the advertiser's report, with its page_info. */
export function report(a: DemoAccount, q: URLSearchParams, served: Served) {
  const { metrics, start, end, page, pageSize } = reportQuery(q);
  const today = todayIn(a.timeZone);
  const rows: Record<string, unknown>[] = [];
  for (const day of servedDays(a, start, end, served.firstDay, served.historyDays)) {
    for (const c of a.campaigns) {
      const d = demoDay(a.id, c, day, { restatement: served.restatement, today });
      if (!d) continue;
      // Mixed spellings, as TikTok sends them: most strings, video_play_actions a number.
      const all: Record<string, unknown> = {
        campaign_name: c.name,
        spend: d.spend.toFixed(2),
        impressions: String(d.impressions),
        clicks: String(d.clicks),
        reach: String(d.reach),
        conversion: String(d.conversions),
        video_play_actions: d.videoViews,
        total_purchase_value: d.conversionValue.toFixed(2),
      };
      rows.push({
        dimensions: { campaign_id: c.id, stat_time_day: `${day} 00:00:00` },
        metrics: Object.fromEntries(metrics.map((m) => [m, all[m] ?? '0'])),
      });
    }
  }
  const totalPage = Math.max(1, Math.ceil(rows.length / pageSize));
  return {
    list: rows.slice((page - 1) * pageSize, page * pageSize),
    page_info: { page, page_size: pageSize, total_number: rows.length, total_page: totalPage },
  };
}
