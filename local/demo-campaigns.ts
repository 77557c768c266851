import { saveCampaignFor } from '../lambdas/modules/connectors/campaigns';
import { dynamoSyncPorts } from '../lambdas/modules/connectors/connector-sync-ports';
import { listAccountsByParent } from '../lambdas/modules/tenancy/account-store.dynamodb';
import { listActivitiesOfMain } from '../lambdas/modules/activities/store.dynamodb';
import { listCampaigns } from '../lambdas/modules/connectors/campaign-store.dynamodb';
import { getVersionWithLines, listVersionHeadersOfActivity } from '../lambdas/modules/media-plans/store/reads';
import type { UserProfile } from '../lambdas/modules/tenancy/profile-store';
import { DEFAULT_TIME_ZONE } from '../lambdas/shared/calendar';
import { todayIn } from '../lambdas/shared/company-day';
import type { ConnectorTypeName } from '../lambdas/shared/connectors';
import { DEMO_ACTUALS_PLANS, type DemoActualsLine } from './demo-media-plan';
import type { FakeCampaignNames } from './fakes/ads-demo-data';

/**
 * The demo's campaigns on the demo plans' lines (after `npm start` a new user sees
 * campaigns with actuals mapped to plan lines), the two ways an agency maps them. Runs after the
 * demo connections are linked (local/demo-connectors.ts) and BEFORE the first sync, so that sync
 * stores every day of actuals on its line at once (mapping after it would rewrite each mapped
 * campaign's whole history: ~750 stat days, as long again as the first sync itself):
 * - BY RULE: Hadar Insurance's Google Ads and Meta ad accounts are linked with the naming rule
 *   `\[L(\d+)\]`: the agency tags its campaigns' names in the platform with the line's id — here
 *   the local fakes are told the new names (the fakes know nothing of Mixdesk ids; the lines exist
 *   once the seed has run), and the sync reads the rule from the names it discovers (RuleLineId);
 * - EXPLICIT: Hadar Car's TikTok and Galil Foods' Meta ad accounts have no naming rule: a planner
 *   maps their campaigns on the campaigns screen (SaveCampaign) — here the campaigns are first
 *   entered as the sync discovers them (the sync ports' upsert, with the fake's own names), then
 *   mapped through the same SaveCampaign code.
 * A few campaigns of each ad account stay unmapped (the campaigns screen lists them). Tokens and
 * explicit choices name lines of each plan's FIRST version (approved when seeded): the mapping
 * follows the line into later approved versions.
 *
 * Idempotent: the names are the same at every start (the fakes forget renames when they stop), and
 * a campaign is mapped explicitly only while no person has ever mapped it (or cleared its mapping).
 */

type Slot = readonly ['rule' | 'explicit', DemoActualsLine] | null;

interface DemoAdAccount {
  fake: keyof DemoPlatformFakes;
  type: ConnectorTypeName;
  externalAccountId: string;
  /** The fake's campaigns in its own order; past the list's end (or null): unmapped. */
  campaigns: readonly Slot[];
}

const R = (line: DemoActualsLine): Slot => ['rule', line];
const E = (line: DemoActualsLine): Slot => ['explicit', line];

const DEMO_AD_ACCOUNTS: readonly DemoAdAccount[] = [
  // Hadar Insurance (naming rule): Shopping and the two search campaigns tagged; the Demand Gen campaign is not tagged yet.
  {
    fake: 'google',
    type: 'google_ads',
    externalAccountId: '1234567890',
    campaigns: [R('display'), R('search'), R('search'), null],
  },
  // Hadar Insurance (naming rule): three tagged, one mapped by hand (explicit), one not mapped.
  {
    fake: 'meta',
    type: 'meta_ads',
    externalAccountId: '1010000001',
    campaigns: [R('meta'), R('instagram'), R('meta'), E('instagram'), null],
  },
  // Hadar Car (no naming rule): mapped by hand, but the last.
  {
    fake: 'tiktok',
    type: 'tiktok_ads',
    externalAccountId: '7100000000001',
    campaigns: [E('tiktok'), E('tiktok'), E('tiktok'), E('tiktok'), null],
  },
  // Galil Foods (no naming rule): four mapped by hand, two not.
  {
    fake: 'meta',
    type: 'meta_ads',
    externalAccountId: '1010000002',
    campaigns: [E('galilFacebook'), E('galilInstagram'), E('galilFacebook'), E('galilInstagram'), null, null],
  },
];

export interface DemoPlatformFakes {
  google: FakeCampaignNames;
  meta: FakeCampaignNames;
  tiktok: FakeCampaignNames;
}

/** The campaign's name with the line's token (the naming rule's `[L<id>]`), once. */
const taggedName = (name: string, lineId: number) => `${name.replace(/ \[L\d+\]$/, '')} [L${lineId}]`;

/** The demo plans' first-version line ids by key, for the plans that exist. */
async function demoLineIds(companyId: number): Promise<Map<DemoActualsLine, number>> {
  const out = new Map<DemoActualsLine, number>();
  const mains = (await listAccountsByParent(companyId, null, 'Active', 500)).items;
  for (const spec of DEMO_ACTUALS_PLANS) {
    const main = mains.find((m) => m.Name === spec.account);
    if (!main) continue;
    const activity = (await listActivitiesOfMain(companyId, main.ID, {}, 500)).items.find(
      (a) => a.Name === spec.activity,
    );
    if (!activity) continue;
    const first = (await listVersionHeadersOfActivity(companyId, activity.ID)).sort((a, b) => a.Version - b.Version)[0];
    const lines = first ? ((await getVersionWithLines(companyId, first.ID, true))?.lines ?? []) : [];
    for (const l of spec.lines) {
      const line = lines.find((x) => x.Name === l.Name);
      if (line) out.set(l.key, line.ID);
    }
  }
  return out;
}

/**
 * Before the first sync of a start: tags the rule-mapped demo campaigns' names in the fakes, and
 * maps the explicit ones (entered first when the sync has not discovered them yet). Returns how many
 * were tagged and how many mapped now (0 on a later start); undefined when the demo plans are not there.
 */
export async function seedDemoCampaigns(
  fakes: DemoPlatformFakes,
  companyId = 1,
): Promise<{ tagged: number; mapped: number } | undefined> {
  const lines = await demoLineIds(companyId);
  if (!lines.size) return undefined;
  const planner: UserProfile = {
    sub: 'seed',
    companyId,
    email: 'planner@demo.mixdesk.test',
    name: 'Paz Planner',
    roleId: 1,
    permissions: [1],
    isSystemAdmin: false,
    accountAccess: 'all',
    status: 'active',
    createdAt: '',
    version: 1,
  };
  const today = todayIn(DEFAULT_TIME_ZONE);
  let tagged = 0;
  // Ad accounts side by side (their stats and rollups are apart); one account's campaigns one after another.
  const mapped = await Promise.all(
    DEMO_AD_ACCOUNTS.map(async (acc) => {
      const fake = fakes[acc.fake];
      const explicit: { id: string; lineId: number }[] = [];
      const campaigns = fake.campaignsOf(acc.externalAccountId);
      campaigns.forEach((c, i) => {
        const slot = acc.campaigns[i];
        const lineId = slot ? lines.get(slot[1]) : undefined;
        if (!slot || lineId === undefined) return;
        if (slot[0] === 'explicit') explicit.push({ id: c.id, lineId });
        else if (fake.renameCampaign(acc.externalAccountId, c.id, taggedName(c.name, lineId))) tagged++;
      });
      if (!explicit.length) return 0;
      let stored = await listCampaigns(companyId, acc.type, acc.externalAccountId);
      const missing = campaigns.filter(
        (c) => explicit.some((e) => e.id === c.id) && !stored.some((s) => s.ExternalCampaignId === c.id),
      );
      if (missing.length) {
        await dynamoSyncPorts.upsertCampaigns(
          companyId,
          0,
          missing.map((c) => ({
            connectorType: acc.type,
            externalAccountId: acc.externalAccountId,
            externalCampaignId: c.id,
            name: c.name,
            currency: c.currency,
            firstDay: today,
            lastDay: today,
          })),
        );
        stored = await listCampaigns(companyId, acc.type, acc.externalAccountId);
      }
      let n = 0;
      for (const e of explicit) {
        const c = stored.find((s) => s.ExternalCampaignId === e.id);
        // A person has mapped or unmapped it since: left as it is.
        if (!c || c.MediaChannelId || c.updatedBy !== 'sync') continue;
        await saveCampaignFor(planner, undefined, { ID: c.ID, MediaChannelId: e.lineId, version: c.version });
        n++;
      }
      return n;
    }),
  );
  return { tagged, mapped: mapped.reduce((a, b) => a + b, 0) };
}
