import { listAgentConnectorsFor } from '../lambdas/modules/connectors/connectors-core';
import { saveAccountConnectorFor } from '../lambdas/modules/connectors/account-connectors';
import { saveAgentConnectorFor, testAgentConnectionFor } from '../lambdas/modules/connectors/agent-connectors';
import { listAccountsByParent, listAllSubAccounts } from '../lambdas/modules/tenancy/account-store.dynamodb';
import type { UserProfile } from '../lambdas/modules/tenancy/profile-store';
import type { AgentConnector } from '../lambdas/modules/connectors/replies/connectors';
import { GOOGLE_ADS_DEMO } from './fakes/google-ads-server';
import { META_FAKE_TOKEN } from './fakes/meta-ads-server';
import { TIKTOK_FAKE_APP, TIKTOK_FAKE_TOKEN } from './fakes/tiktok-ads-server';

/**
 * The demo company's connections, made once when it has none: one per platform against
 * the local fakes (their demo tokens), one Google Ads connection whose sign-in has expired (it tests
 * as No access), each tested so it lists the ad accounts it sees, and account connectors linking the
 * demo accounts to those ad accounts (Hadar Insurance with a naming rule `\[L(\d+)\]`). Runs after the
 * fakes and the local Secrets Manager are up (local/start.ts). Returns whether it made anything.
 */
export async function seedDemoConnectors(companyId = 1): Promise<boolean> {
  const seeder: UserProfile = {
    sub: 'seed',
    companyId,
    email: 'seed@mixdesk.local',
    name: 'Seed',
    roleId: 1,
    permissions: [1],
    isSystemAdmin: false,
    accountAccess: 'all',
    status: 'active',
    createdAt: '',
    version: 1,
  };
  if ((await listAgentConnectorsFor(seeder)).Items.length) return false;
  const make = async (
    ConnectorId: number,
    Name: string,
    Credentials: Record<string, string>,
  ): Promise<AgentConnector> => {
    const a = await saveAgentConnectorFor(seeder, { ID: 0, ConnectorId, Name, Credentials });
    return testAgentConnectionFor(seeder, a.ID);
  };
  const google = await make(1, 'Google Ads — Demo Agency', {
    refreshToken: GOOGLE_ADS_DEMO.refreshToken,
    clientId: GOOGLE_ADS_DEMO.clientId,
    clientSecret: GOOGLE_ADS_DEMO.clientSecret,
  });
  await make(1, 'Google Ads — old sign-in', {
    refreshToken: GOOGLE_ADS_DEMO.expiredRefreshToken,
    clientId: GOOGLE_ADS_DEMO.clientId,
    clientSecret: GOOGLE_ADS_DEMO.clientSecret,
  });
  const meta = await make(2, 'Meta Ads — Demo Agency', { accessToken: META_FAKE_TOKEN });
  const tiktok = await make(3, 'TikTok Ads — Demo Agency', {
    accessToken: TIKTOK_FAKE_TOKEN,
    clientId: TIKTOK_FAKE_APP.appId,
    clientSecret: TIKTOK_FAKE_APP.secret,
  });

  const mains = (await listAccountsByParent(companyId, null, 'Active', 500)).items;
  const main = (name: string) => mains.find((m) => m.Name === name);
  const idOf = (a: AgentConnector, pattern: RegExp) =>
    a.ExternalAccounts.find((e) => pattern.test(e.Name) || pattern.test(e.ExternalAccountId))?.ExternalAccountId;
  const link = async (
    accountName: string,
    agent: AgentConnector,
    pattern: RegExp,
    NamingRule = '',
    subName?: string,
  ) => {
    const m = main(accountName);
    const ext = idOf(agent, pattern);
    if (!m || !ext || agent.Status !== 'OK') return;
    const target = subName
      ? ((await listAllSubAccounts(companyId, m.ID, 'Active')).find((s) => s.Name === subName) ?? m)
      : m;
    await saveAccountConnectorFor(seeder, m.ID, {
      ID: 0,
      AccountId: target.ID,
      AgentConnectorId: agent.ID,
      ExternalAccountIds: [ext],
      NamingRule,
    });
  };
  await link('Hadar Insurance', google, /Israel|1234567890/, '\\[L(\\d+)\\]');
  // Google's US account is left for a person to link (the connectors journey links it to TechNova).
  await link('Hadar Insurance', meta, /Hadar/, '\\[L(\\d+)\\]');
  await link('Galil Foods', meta, /US/);
  await link('Hadar Insurance', tiktok, /Hadar/, '', 'Hadar Car');
  return true;
}
