import { ForbiddenError, NotFoundError } from '../../core/errors';
import { getAccount } from '../tenancy';
import { listActivitiesOfMain, type Activity } from '../activities';
import type { ConnectorType } from './platform';
import { MEASURES, readLineRollup, readStats, zeroMeasures, type Measures } from '../performance-data';
import {
  getLineVersionId,
  getVersionHeader,
  getActivityPlan,
  getVersionWithLines,
  listVersionHeadersOfActivity,
} from '../media-plans';
import type { UserProfile } from '../tenancy';
import type { LineActuals, LineActualsTotal, MappableLine } from './replies/campaign-mapping';
import type { ListOf } from '../../shared/replies/reply';
import { inParallel } from '../../core/in-parallel';

/**
 * The campaign-mapping reads: which plan lines a campaign of an account may be mapped
 * to (the picker), and what the sync rolled up on plan lines (the mapped campaign's actuals seen on
 * its line). A campaign maps to lines of its own MAIN account (modules/connectors/campaigns.ts), so both reads
 * take the page's account (x-account-id, checked by the kit) and work on its main account.
 */

/** Reads at most this many activities' plans at once. */
const PARALLEL = 8;

async function mainAccountOf(caller: UserProfile, accountId: number): Promise<number> {
  const account = await getAccount(caller.companyId, accountId);
  // The kit has checked the header already; an account gone meanwhile reads as no access.
  if (!account) throw new ForbiddenError(`No access to account ${accountId}`, 'ACCOUNT_NO_ACCESS', { accountId });
  return account.ParentId ?? account.ID;
}

/** The version whose lines an activity offers: its latest approved one, else its latest (open, or the last rejected). */
async function offeredVersionId(companyId: number, activityId: number): Promise<number | undefined> {
  const plan = await getActivityPlan(companyId, activityId);
  if (plan?.ApprovedMixId) return plan.ApprovedMixId;
  if (plan?.OpenMixId) return plan.OpenMixId;
  const headers = await listVersionHeadersOfActivity(companyId, activityId);
  return headers.reduce<{ ID: number; Version: number } | undefined>(
    (best, h) => (!best || h.Version > best.Version ? h : best),
    undefined,
  )?.ID;
}

async function linesOfActivity(companyId: number, a: Activity): Promise<MappableLine[]> {
  const versionId = await offeredVersionId(companyId, a.ID);
  if (!versionId) return [];
  const version = await getVersionWithLines(companyId, versionId);
  if (!version) return [];
  return version.lines
    .filter((l) => !l.Archived)
    .map((l) => ({
      ID: l.ID,
      Name: l.Name,
      ChannelTypeName: l.ChannelTypeName,
      StartDate: l.StartDate,
      EndDate: l.EndDate,
      ActivityId: a.ID,
      ActivityName: a.Name,
      MediaMixId: version.header.ID,
      Version: version.header.Version,
      VersionStatus: version.header.Status,
    }))
    .sort((x, y) => x.StartDate.localeCompare(y.StartDate) || x.ID - y.ID);
}

/**
 * ConnectorsService.GetMappableLines: every live activity of the page's (main) account, newest
 * start first, with the lines of its latest approved version (else its latest version). Archived
 * activities are left out: nothing should be newly mapped to them.
 */
export async function mappableLinesFor(caller: UserProfile, accountId: number): Promise<ListOf<MappableLine>> {
  const mainId = await mainAccountOf(caller, accountId);
  const activities: Activity[] = [];
  let token: string | null | undefined;
  do {
    const page = await listActivitiesOfMain(caller.companyId, mainId, {}, 500, false, token);
    activities.push(...page.items);
    token = page.nextToken;
  } while (token);
  const lines = await inParallel(activities, (a) => linesOfActivity(caller.companyId, a), PARALLEL);
  return { Items: lines.flat() };
}

/** Day rows (a line's rollups, a campaign's stats) summed per currency, with their first and last day and days with delivery. */
export function totalsOf(rows: Iterable<Measures & { Currency: string; Day: string }>): LineActualsTotal[] {
  const byCurrency = new Map<string, { m: Measures; first: string; last: string; days: Set<string> }>();
  for (const r of rows) {
    let t = byCurrency.get(r.Currency);
    if (!t) byCurrency.set(r.Currency, (t = { m: zeroMeasures(), first: r.Day, last: r.Day, days: new Set() }));
    for (const k of MEASURES) t.m[k] += r[k];
    if (r.Day < t.first) t.first = r.Day;
    if (r.Day > t.last) t.last = r.Day;
    t.days.add(r.Day);
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([Currency, t]) => ({
      Currency,
      Spend: t.m.SpendMicros / 1e6,
      Impressions: t.m.Impressions,
      Clicks: t.m.Clicks,
      Conversions: t.m.ConversionsMilli / 1e3,
      ConversionValue: t.m.ConversionValueMicros / 1e6,
      VideoViews: t.m.VideoViews,
      FirstDay: t.first,
      LastDay: t.last,
      Days: t.days.size,
    }));
}

/**
 * Each listed campaign's OWN actuals to date: the stored stats of the page's ad accounts (one
 * projected Query each), summed per campaign and currency. Keyed by `<type>|<ad account>|<campaign>`.
 */
export async function campaignActualsOf(
  companyId: number,
  campaigns: readonly { ConnectorType: ConnectorType; ExternalAccountId: string; ExternalCampaignId: string }[],
): Promise<Map<string, LineActualsTotal[]>> {
  const accounts = new Map<string, { type: ConnectorType; ext: string; ids: Set<string> }>();
  for (const c of campaigns) {
    const k = `${c.ConnectorType}|${c.ExternalAccountId}`;
    if (!accounts.has(k)) accounts.set(k, { type: c.ConnectorType, ext: c.ExternalAccountId, ids: new Set() });
    accounts.get(k)!.ids.add(c.ExternalCampaignId);
  }
  const out = new Map<string, LineActualsTotal[]>();
  await inParallel(
    [...accounts.values()],
    async ({ type, ext, ids }) => {
      const rows = new Map<string, (Measures & { Currency: string; Day: string })[]>();
      for await (const page of readStats(companyId, type, ext, '0000-01-01', '9999-12-31', false)) {
        for (const s of page)
          if (ids.has(s.CampaignId)) rows.set(s.CampaignId, [...(rows.get(s.CampaignId) ?? []), { ...s, Day: s.Date }]);
      }
      for (const id of ids) out.set(`${type}|${ext}|${id}`, totalsOf(rows.get(id) ?? []));
    },
    PARALLEL,
  );
  return out;
}

/**
 * ConnectorsService.GetLineActuals: each line's actuals to date from its day rollups (the sync keeps
 * them; a remap moves a campaign's history with it), summed per currency. Every line must be a line
 * of the page's (main) account: an unknown id is 404, another account's 403, so ids cannot be probed.
 */
export async function lineActualsFor(
  caller: UserProfile,
  accountId: number,
  lineIds: readonly number[],
): Promise<ListOf<LineActuals>> {
  const mainId = await mainAccountOf(caller, accountId);
  const ids = [...new Set(lineIds)];
  await inParallel(
    ids,
    async (lineId) => {
      const versionId = await getLineVersionId(caller.companyId, lineId);
      const header = versionId === undefined ? undefined : await getVersionHeader(caller.companyId, versionId);
      if (!header)
        throw new NotFoundError(`Plan line ${lineId} was not found`, 'NOT_FOUND', {
          entity: 'MediaChannel',
          id: lineId,
        });
      if (header.AccountId !== mainId) {
        throw new ForbiddenError(`Plan line ${lineId} is not part of account ${accountId}`, 'NOT_IN_ACCOUNT', {
          entity: 'MediaChannel',
          id: lineId,
          accountId,
        });
      }
    },
    PARALLEL,
  );
  const Items = await inParallel(
    ids,
    async (lineId): Promise<LineActuals> => {
      const rows = await readLineRollup(caller.companyId, lineId, '0000-01-01', '9999-12-31');
      return { LineId: lineId, Totals: totalsOf(rows.map((r) => ({ ...r, Day: r.Period }))) };
    },
    PARALLEL,
  );
  return { Items };
}
