import { addDaysTo } from '../../lambdas/shared/calendar';
import { todayIn } from '../../lambdas/shared/company-day';

/**
 * The demo delivery of the ad-platform fakes (meta-ads-server.ts, tiktok-ads-server.ts): every figure
 * a pure function of (account, campaign, day), so a test, the demo and a re-read all see the same
 * numbers, and "restated" days differ by a known factor. No randomness, no clock except "today"
 * (the newest day served, in the account's time zone).
 */

export interface DemoCampaign {
  id: string;
  name: string;
  /** Delivers nothing on Saturdays (a zero-delivery pattern the demo shows). */
  offOnSaturdays: boolean;
  /** A video campaign (video views); the others have none. */
  video: boolean;
}

export interface DemoAccount {
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  campaigns: DemoCampaign[];
}

/** One campaign's day, before any platform spells it. Undefined: no delivery that day. */
export interface DemoDay {
  impressions: number;
  clicks: number;
  /** Account currency, 2 decimals. */
  spend: number;
  /** Whole conversions; `leads` of them are leads, the rest purchases. */
  conversions: number;
  leads: number;
  /** 2 decimals. */
  conversionValue: number;
  videoViews: number;
  reach: number;
}

/** 32-bit FNV-1a. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A number in [0, 1) from the key and a salt. */
const unit = (key: string, salt: string) => fnv(`${key}|${salt}`) / 2 ** 32;
const between = (key: string, salt: string, low: number, high: number) => low + unit(key, salt) * (high - low);
const cents = (v: number) => Math.round(v * 100) / 100;

const NAMES = [
  'Brand awareness',
  'קיץ — וידאו',
  'Leads — car insurance',
  'Retargeting 30d',
  'לידים — ביטוח דירה',
  'Prospecting lookalike',
  'Holiday sale',
  'Always-on search',
  'App installs',
  'Catalogue sales',
];

/** `count` campaigns of an account (default 4–6, seeded by the account id), ids derived from it after the platform's `idPrefix`. */
export function demoCampaigns(accountId: string, prefix: string, idPrefix: string, count?: number): DemoCampaign[] {
  const n = count ?? 4 + (fnv(accountId) % 3);
  return Array.from({ length: n }, (_, i) => ({
    id: `${idPrefix}${accountId.replace(/\D/g, '').slice(-6)}${String(i + 1).padStart(4, '0')}`,
    name: `${prefix} | ${NAMES[(fnv(accountId) + i) % NAMES.length]}${i >= NAMES.length ? ` ${i + 1}` : ''}`,
    offOnSaturdays: i % 4 === 2,
    video: i % 3 === 1,
  }));
}

export interface Restatement {
  /** The last `days` days (today included) are restated. */
  days: number;
  /** Spend and conversion value multiplied by this; one more conversion a day (default 1.1). */
  factor: number;
}

/** What a platform fake serves of the demo: from which day, how far back, restated how. */
export interface Served {
  firstDay?: string;
  historyDays: number;
  restatement: Restatement;
}

/**
 * A campaign's day. `restated` applies the restatement when the day is within its last days of
 * `today`. About one day in twenty delivers nothing, and a Saturday-off campaign nothing on Saturdays.
 */
export function demoDay(
  accountId: string,
  campaign: DemoCampaign,
  day: string,
  restated?: { restatement: Restatement; today: string },
): DemoDay | undefined {
  const key = `${accountId}|${campaign.id}|${day}`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (campaign.offOnSaturdays && weekday === 6) return undefined;
  if (unit(key, 'off') < 0.05) return undefined;
  const impressions = Math.floor(between(key, 'imp', 800, 24000));
  const clicks = Math.floor(impressions * between(key, 'ctr', 0.004, 0.03));
  const spend = cents(Math.max(clicks, 1) * between(key, 'cpc', 0.2, 2.4));
  const conversions = Math.floor(clicks * between(key, 'cvr', 0, 0.09));
  const leads = Math.floor(conversions * between(key, 'lead', 0, 0.6));
  const conversionValue = cents((conversions - leads) * between(key, 'aov', 40, 320));
  const videoViews = campaign.video ? Math.floor(impressions * between(key, 'view', 0.1, 0.6)) : 0;
  const reach = Math.floor(impressions * between(key, 'reach', 0.55, 0.92));
  const out: DemoDay = { impressions, clicks, spend, conversions, leads, conversionValue, videoViews, reach };
  if (restated && restated.restatement.days > 0 && day > addDaysTo(restated.today, -restated.restatement.days)) {
    const f = restated.restatement.factor;
    return {
      ...out,
      spend: cents(spend * f),
      conversionValue: cents(conversionValue * f),
      conversions: conversions + 1,
    };
  }
  return out;
}

/** The days a fake serves for an account: from `firstDay` to today in the account's time zone. */
export function servedDays(
  account: DemoAccount,
  from: string,
  to: string,
  firstDay: string | undefined,
  historyDays: number,
): string[] {
  const today = todayIn(account.timeZone);
  const first = firstDay ?? addDaysTo(today, -(historyDays - 1));
  const out: string[] = [];
  for (let d = from < first ? first : from; d <= to && d <= today; d = addDaysTo(d, 1)) out.push(d);
  return out;
}

/**
 * What the demo needs of a platform's own screens (every fake has it, in process): an ad account's
 * campaigns with their current names, and renaming one — as an agency renames its campaigns to carry
 * a plan line's token for a naming rule (local/demo-campaigns.ts). The next read answers the new name.
 */
export interface FakeCampaignNames {
  /** The account's campaigns, in the fake's order, with the account's currency. */
  campaignsOf(accountId: string): { id: string; name: string; currency: string }[];
  /** False when the account or the campaign is unknown. */
  renameCampaign(accountId: string, campaignId: string, name: string): boolean;
}

/** FakeCampaignNames over a fake's own demo accounts (their campaign objects are renamed in place). */
export function demoCampaignNames(accounts: readonly DemoAccount[]): FakeCampaignNames {
  const find = (accountId: string) => accounts.find((a) => a.id === accountId)?.campaigns ?? [];
  return {
    campaignsOf: (accountId) =>
      find(accountId).map((c) => ({
        id: c.id,
        name: c.name,
        currency: accounts.find((a) => a.id === accountId)!.currency,
      })),
    renameCampaign(accountId, campaignId, name) {
      const c = find(accountId).find((x) => x.id === campaignId);
      if (!c) return false;
      c.name = name;
      return true;
    },
  };
}
