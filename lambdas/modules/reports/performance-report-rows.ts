import type { CalendarDay } from '../../shared/calendar';
import type { CustomValues, PerformanceReport, ReportFigures, ReportRow, ReportTotals } from './replies/reports';
import { microsToMinor } from '../performance';
import { kpisOf } from '../performance';
import type { ActualDay } from '../performance';
import type { Period } from './periods';

/** The performance report's grouping: converted day rows summed per group, rounded once, totals the sum of the rows. Pure. */

/** Integer sums of one group: money in micros of the report currency. */
interface Sums {
  spendMicros: number;
  impressions: number;
  clicks: number;
  conversionsMilli: number;
  valueMicros: number;
  videoViews: number;
}
const zero = (): Sums => ({
  spendMicros: 0,
  impressions: 0,
  clicks: 0,
  conversionsMilli: 0,
  valueMicros: 0,
  videoViews: 0,
});

function add(s: Sums, r: ActualDay): void {
  s.spendMicros += r.SpendMicros;
  s.impressions += r.Impressions;
  s.clicks += r.Clicks;
  s.conversionsMilli += r.ConversionsMilli;
  s.valueMicros += r.ConversionValueMicros;
  s.videoViews += r.VideoViews;
}

/** Rounded additive figures of a group (what is shown, and what the totals add up). */
interface Rounded {
  spendMinor: number;
  valueMinor: number;
  conversionsCenti: number;
  impressions: number;
  clicks: number;
  videoViews: number;
}

const roundedOf = (s: Sums): Rounded => ({
  spendMinor: microsToMinor(s.spendMicros),
  valueMinor: microsToMinor(s.valueMicros),
  // thousandths → hundredths, half-up (symmetric for credits).
  conversionsCenti: Math.sign(s.conversionsMilli) * Math.round(Math.abs(s.conversionsMilli) / 10),
  impressions: s.impressions,
  clicks: s.clicks,
  videoViews: s.videoViews,
});

const sumRounded = (rs: readonly Rounded[]): Rounded =>
  rs.reduce(
    (t, r) => ({
      spendMinor: t.spendMinor + r.spendMinor,
      valueMinor: t.valueMinor + r.valueMinor,
      conversionsCenti: t.conversionsCenti + r.conversionsCenti,
      impressions: t.impressions + r.impressions,
      clicks: t.clicks + r.clicks,
      videoViews: t.videoViews + r.videoViews,
    }),
    { spendMinor: 0, valueMinor: 0, conversionsCenti: 0, impressions: 0, clicks: 0, videoViews: 0 },
  );

/** The shown figures of rounded sums; ratios from the shown amounts (docs/domain.md: 0 on a zero denominator). */
export function figuresOf(r: Rounded): ReportFigures {
  const k = kpisOf({
    impressions: r.impressions,
    clicks: r.clicks,
    conversionsMilli: r.conversionsCenti * 10,
    spendMicros: r.spendMinor * 10_000,
    conversionValueMicros: r.valueMinor * 10_000,
  });
  return {
    Spend: r.spendMinor / 100,
    Impressions: r.impressions,
    Clicks: r.clicks,
    Conversions: r.conversionsCenti / 100,
    ConversionValue: r.valueMinor / 100,
    VideoViews: r.videoViews,
    Ctr: k.ctr ?? 0,
    Cpc: k.cpc ?? 0,
    Cpm: k.cpm ?? 0,
    Cpa: k.cpa ?? 0,
    Cvr: k.cvr ?? 0,
    Roas: k.roas ?? 0,
  };
}

export type GroupBy = PerformanceReport['GroupBy'];

/** One activity's (or, in line mode, one plan line's) converted day rows with what it is grouped by. */
export interface ActivityActuals {
  activityId: number;
  accountId: number;
  lineId?: number;
  channelTypeId?: number;
  campaign?: string;
  unmapped?: true;
  rows: readonly ActualDay[];
}

function keyOf(groupBy: GroupBy, a: ActivityActuals, day: CalendarDay): string {
  if (a.unmapped && (groupBy === 'account' || groupBy === 'activity')) return `${UNMAPPED_KEY}${a.accountId}`;
  switch (groupBy) {
    case 'account':
      return String(a.accountId);
    case 'activity':
      return String(a.activityId);
    case 'line':
      return String(a.lineId);
    case 'channelType':
      return String(a.channelTypeId);
    case 'campaign':
      return String(a.campaign);
    case 'day':
      return day;
    case 'month':
      return day.slice(0, 7);
  }
}

/** The key of an account's Unmapped row (grouped by account or activity). */
export const UNMAPPED_KEY = 'unmapped:';

/** Sums of each group over the days of `p`. Pure. */
export function groupSums(groupBy: GroupBy, actuals: readonly ActivityActuals[], p: Period): Map<string, Sums> {
  const out = new Map<string, Sums>();
  for (const a of actuals) {
    for (const r of a.rows) {
      if (r.Period < p.from || r.Period > p.to) continue;
      const key = keyOf(groupBy, a, r.Period);
      let s = out.get(key);
      if (!s) out.set(key, (s = zero()));
      add(s, r);
    }
  }
  return out;
}

/** Where a row's activity performance page is (activity and line rows). */
export type RowLink = Pick<
  ReportRow,
  'AccountId' | 'ActivityId' | 'MediaMixId' | 'Platform' | 'LineId' | 'LineName' | 'Unmapped'
>;

/** The custom columns' values of some shown figures (performance-custom-columns.ts). */
export type CustomOf = (f: ReportFigures) => CustomValues;
export const statOfFigures = (f: ReportFigures) => ({
  impressions: f.Impressions,
  clicks: f.Clicks,
  spend: f.Spend,
  conversions: f.Conversions,
  conversionValue: f.ConversionValue,
  videoViews: f.VideoViews,
});

/** Rows (sorted by key: days and months in order, ids by label) and totals = the sum of the rows. Pure. */
export function reportRows(
  groupBy: GroupBy,
  actuals: readonly ActivityActuals[],
  current: Period,
  previous: Period | null,
  labelOf: (key: string) => string,
  linkOf: (key: string) => RowLink | undefined = () => undefined,
  customOf: CustomOf = () => ({}),
): { rows: ReportRow[]; totals: ReportTotals; previousTotals: ReportFigures | null } {
  const now = groupSums(groupBy, actuals, current);
  const before = previous ? groupSums(groupBy, actuals, previous) : null;
  // Day and month groups of the previous period are other days: they are not set beside the current ones.
  const byDate = groupBy === 'day' || groupBy === 'month';
  const keys = [...now.keys()];
  const rounded = new Map(keys.map((k) => [k, roundedOf(now.get(k)!)]));
  const rows: ReportRow[] = keys.map((key) => {
    const figures = figuresOf(rounded.get(key)!);
    return {
      Key: key,
      Label: labelOf(key),
      ...linkOf(key),
      ...figures,
      Custom: customOf(figures),
      ...(before && !byDate ? { Previous: figuresOf(roundedOf(before.get(key) ?? zero())) } : {}),
    };
  });
  const totals = figuresOf(sumRounded([...rounded.values()]));
  // Unmapped rows after the others (by account name); their keys are not numbers.
  const unmappedLast = (a: ReportRow, b: ReportRow) => Number(!!a.Unmapped) - Number(!!b.Unmapped);
  const idOf = (r: ReportRow) => Number(r.Key.startsWith(UNMAPPED_KEY) ? r.Key.slice(UNMAPPED_KEY.length) : r.Key) || 0;
  rows.sort(
    byDate
      ? (a, b) => (a.Key < b.Key ? -1 : a.Key > b.Key ? 1 : 0)
      : (a, b) => unmappedLast(a, b) || a.Label.localeCompare(b.Label) || idOf(a) - idOf(b),
  );
  return {
    rows,
    totals: { ...totals, Custom: customOf(totals) },
    previousTotals: before ? figuresOf(sumRounded([...before.values()].map(roundedOf))) : null,
  };
}
