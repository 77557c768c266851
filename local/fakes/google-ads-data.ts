import { addDaysTo } from '../../lambdas/shared/calendar';

/**
 * The local Google Ads fake's demo data (local/fakes/google-ads-server.ts): campaigns and their
 * daily numbers as a pure function of (customer id, campaign, day, restatement generation), so the
 * same call always answers the same numbers, on any machine, whatever else was asked before.
 * Campaigns started on fixed days in 2025, so every demo customer has well over 90 days of history.
 */
export interface FakeGoogleCustomer {
  id: string;
  name: string;
  currency: string;
  timeZone: string;
  manager?: boolean;
}

export interface FakeCampaign {
  id: string;
  name: string;
  status: 'ENABLED' | 'PAUSED';
  /** First day with delivery. */
  start: string;
  /** Last day with delivery (a paused campaign). */
  end?: string;
  video: boolean;
  /** Typical impressions a day, click-through rate, cost per click (major units), conversion rate, value per conversion. */
  impressions: number;
  ctr: number;
  cpc: number;
  cvr: number;
  valuePerConversion: number;
}

export interface FakeMetrics {
  impressions: number;
  clicks: number;
  costMicros: number;
  conversions: number;
  conversionsValue: number;
  videoTrueviewViews: number;
}

/** FNV-1a, 32 bits. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of [0, 1). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Campaign names as agencies write them; several match the demo plans' naming rules (`<Brand> — <Line>`). */
const CAMPAIGN_NAMES = [
  'Brand — Search',
  'Generic — Search',
  'Performance Max — Sales',
  'YouTube — Awareness',
  'Display — Remarketing',
  'Demand Gen — Leads',
  'Shopping — Catalogue',
  'Competitors — Search',
];

const cache = new Map<string, FakeCampaign[]>();

/** 3 to 6 campaigns per customer, seeded by its id. */
export function campaignsOf(customerId: string): FakeCampaign[] {
  const known = cache.get(customerId);
  if (known) return known;
  const rnd = seeded(hash32(`campaigns:${customerId}`));
  const count = 3 + Math.floor(rnd() * 4);
  const names = [...CAMPAIGN_NAMES];
  const campaigns: FakeCampaign[] = [];
  for (let i = 0; i < count; i++) {
    const name = names.splice(Math.floor(rnd() * names.length), 1)[0];
    const video = name.startsWith('YouTube');
    const start = addDaysTo('2025-01-01', Math.floor(rnd() * 300));
    // The last campaign of some customers was paused on a fixed day: no rows after it.
    const paused = i === count - 1 && rnd() < 0.5;
    campaigns.push({
      id: String(20_000_000_000 + (hash32(`${customerId}:${i}`) % 9_000_000_000)),
      name,
      status: paused ? 'PAUSED' : 'ENABLED',
      start,
      ...(paused ? { end: addDaysTo(start, 200 + Math.floor(rnd() * 200)) } : {}),
      video,
      impressions: Math.round((video ? 20_000 : 2_000) + rnd() * 30_000),
      ctr: video ? 0.004 + rnd() * 0.01 : 0.01 + rnd() * 0.06,
      cpc: 0.3 + rnd() * 3.5,
      cvr: 0.01 + rnd() * 0.08,
      valuePerConversion: 20 + rnd() * 180,
    });
  }
  cache.set(customerId, campaigns);
  return campaigns;
}

/**
 * One campaign's numbers on one day; undefined when it delivered nothing (Google returns no row).
 * `generation` > 0 is a restatement: the platform re-attributed the day, so spend, clicks and
 * conversions move a little (and always move).
 */
export function metricsOf(customerId: string, c: FakeCampaign, day: string, generation = 0): FakeMetrics | undefined {
  if (day < c.start || (c.end !== undefined && day > c.end)) return undefined;
  const rnd = seeded(hash32(`${customerId}:${c.id}:${day}`));
  // About one day in twelve without delivery.
  if (rnd() < 0.08) return undefined;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const weekFactor = weekday === 5 || weekday === 6 ? 0.7 : 1;
  const impressions = Math.max(1, Math.round(c.impressions * weekFactor * (0.6 + rnd() * 0.8)));
  const clicks = Math.round(impressions * c.ctr * (0.7 + rnd() * 0.6)) + generation;
  // Cost in whole cents, as micros.
  const cost = Math.round(clicks * c.cpc * (0.8 + rnd() * 0.4) * (1 + 0.03 * generation) * 100) * 10_000;
  const conversions = Math.round(clicks * c.cvr * (0.5 + rnd()) * 100) / 100 + generation;
  const conversionsValue = Math.round(conversions * c.valuePerConversion * 100) / 100;
  const videoTrueviewViews = c.video ? Math.round(impressions * (0.15 + rnd() * 0.2)) : 0;
  return { impressions, clicks, costMicros: cost, conversions, conversionsValue, videoTrueviewViews };
}
