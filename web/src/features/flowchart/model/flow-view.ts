import type { AccountChannelType } from '@server/modules/channel-types/replies';
import type { VersionInfo, VersionLineView } from '@server/modules/media-plans/replies/plans';
import type { OrderLineView, OrderView } from '@server/modules/orders/replies';
import { CHANNEL_GROUPS } from '@server/shared/channel-type-lists';
import {
  flowchart,
  flowFillOf,
  FLOW_GROUP_FILLS,
  type FlowGrain,
  type Flowchart,
  type FlowGroupKey,
  type FlowLine,
  type FlowPeriod,
  type WeekDay,
} from '@server/shared/flowchart';
import { intlLocale } from '../../../lib/format';

/**
 * A plan version as the flowchart shows it (lambdas/shared/flowchart.ts): its live lines, grouped by
 * channel group, by channel type or by vendor (each a key function over the line).
 */
export type FlowGroupBy = 'channelGroup' | 'channelType' | 'vendor';

/** Weeks start on Sunday, as the Israeli working week (the company has no setting for it yet). */
export const COMPANY_WEEK_START: WeekDay = 0;

export type FlowLineOfPlan = VersionLineView & FlowLine;

/** What a line is grouped by: a plan's line, or an order's (its vendor the order's). */
type Groupable = FlowLine & Pick<VersionLineView, 'AccountChannelTypeId' | 'ChannelTypeName' | 'VendorId'>;

/** An order's line as a flowchart row: its months are its split, its vendor the order's. */
export type FlowLineOfOrder = OrderLineView & FlowLine & { VendorId: number };

/** The i18n key of each channel group's name (literal keys, so the catalogue test sees them used). */
export const GROUP_LABEL_KEYS: Readonly<Record<string, string>> = {
  Search: 'flowchart.groups.Search',
  Social: 'flowchart.groups.Social',
  Video: 'flowchart.groups.Video',
  Display: 'flowchart.groups.Display',
  Offline: 'flowchart.groups.Offline',
  Other: 'flowchart.groups.Other',
};

/** The groups' fills, the same as the server's PDF (shared/flowchart.ts). */
export const GROUP_FILLS = FLOW_GROUP_FILLS;
export const fillOf = flowFillOf;

/**
 * How a line finds its group: by channel group (through the account's channel types), by channel
 * type, or by vendor (its name from `vendorNames`; the lines without one last, as `noVendor`).
 */
export function groupOfLine<L extends Groupable>(
  by: FlowGroupBy,
  channelTypes: readonly AccountChannelType[],
  label: (key: string) => string,
  vendorNames: ReadonlyMap<number, string> = new Map(),
  noVendor = '',
): (line: L) => FlowGroupKey {
  if (by === 'channelType')
    return (l) => ({ key: `type:${l.AccountChannelTypeId}`, label: l.ChannelTypeName, rank: 0 });
  if (by === 'vendor')
    return (l) =>
      l.VendorId === null
        ? { key: 'vendor:none', label: noVendor, rank: 1 }
        : { key: `vendor:${l.VendorId}`, label: vendorNames.get(l.VendorId) ?? `#${l.VendorId}`, rank: 0 };
  const groups = new Map<number, string>();
  for (const ct of channelTypes) groups.set(ct.ID, ct.Group);
  return (l) => {
    const group = groups.get(l.AccountChannelTypeId) ?? 'Other';
    const rank = CHANNEL_GROUPS.indexOf(group as (typeof CHANNEL_GROUPS)[number]);
    return { key: group, label: label(group), rank: rank === -1 ? CHANNEL_GROUPS.length : rank };
  };
}

export interface FlowViewOptions {
  grain: FlowGrain;
  groupBy: FlowGroupBy;
  today: string;
  channelTypes: readonly AccountChannelType[];
  /** A channel group's name in the user's language. */
  groupLabel: (group: string) => string;
  /** Vendors' names by id, and what the lines without a vendor are grouped as. */
  vendorNames?: ReadonlyMap<number, string>;
  noVendor?: string;
}

/** The version's flowchart, or null when a line's dates or split cannot be spread (the plan screen says why). */
export function flowOfVersion(info: VersionInfo, o: FlowViewOptions): Flowchart<FlowLineOfPlan> | null {
  const lines = info.Lines.filter((l) => !l.Archived).map(
    (l): FlowLineOfPlan => ({
      ...l,
      id: l.ID,
      name: l.Name,
      budget: l.Budget,
      startDate: l.StartDate,
      endDate: l.EndDate,
      monthlySplit: l.MonthlySplit,
    }),
  );
  try {
    return flowchart(lines, {
      grain: o.grain,
      weekStart: COMPANY_WEEK_START,
      today: o.today,
      groupOf: groupOfLine(o.groupBy, o.channelTypes, o.groupLabel, o.vendorNames, o.noVendor),
    });
  } catch {
    return null;
  }
}

/**
 * An order's flowchart (its lines × months in the vendor's currency: each line's months are its
 * split, so the bars hold exactly the ordered amounts), or null when a line cannot be spread.
 */
export function flowOfOrder(order: OrderView, o: FlowViewOptions): Flowchart<FlowLineOfOrder> | null {
  const lines = order.Lines.map(
    (l): FlowLineOfOrder => ({
      ...l,
      VendorId: order.VendorId,
      id: l.LineId,
      name: l.Name,
      budget: l.Total,
      startDate: l.StartDate,
      endDate: l.EndDate,
      monthlySplit: Object.fromEntries(l.Months.map((m) => [m.Month, m.Amount])),
    }),
  );
  try {
    return flowchart(lines, {
      grain: o.grain,
      weekStart: COMPANY_WEEK_START,
      today: o.today,
      groupOf: groupOfLine(o.groupBy, o.channelTypes, o.groupLabel, o.vendorNames, o.noVendor),
    });
  } catch {
    return null;
  }
}

/**
 * Today in the browser's time zone, 'YYYY-MM-DD': what the plan screen's todayIn(browser zone)
 * answers, read from the Date's local fields. Not todayIn itself: importing company-day here splits
 * it (date-fns with time zones) out of the plan's chunk into a chunk of its own, whose name every
 * signed-in page then loads in its preload table, and /accounts/list went over its 250 kB.
 */
export function browserToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Where a line's bar starts in a period and how much of it it fills, as fractions of the period. */
export function barOf(
  period: { start: string; days: number },
  line: { startDate: string },
  days: number,
): { offset: number; width: number } {
  const before = Math.max(0, (Date.parse(line.startDate) - Date.parse(period.start)) / 86_400_000);
  return { offset: before / period.days, width: days / period.days };
}

const periodFormats = new Map<string, Intl.DateTimeFormat>();

/** A column's name: the month and year ("Jan 2026"), or a week's first day ("Jan 25"). */
export function periodLabel(period: FlowPeriod, grain: FlowGrain, locale: string): string {
  const key = `${locale}|${grain}`;
  let f = periodFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      intlLocale(locale),
      grain === 'month'
        ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
        : { day: 'numeric', month: 'short', timeZone: 'UTC' },
    );
    periodFormats.set(key, f);
  }
  return f.format(new Date(`${period.start}T00:00:00Z`));
}
