import type { DailyStat, PlatformClient } from '../../lambdas/modules/connectors/platform';
import { dynamoSyncPorts } from '../../lambdas/modules/connectors/connector-sync-ports';
import { re2Refusal, ruleEngineFor } from '../../lambdas/modules/connectors/naming-rule';
import { checkNamingRule, namingRuleProblem } from '../../lambdas/modules/connectors/naming-rule-syntax';
import { ValidationError } from '../../lambdas/core/errors';
import { readLineRollup } from '../../lambdas/modules/performance-data/rollup-read-store.dynamodb';
import { readStats } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import type { StoredStat } from '../../lambdas/modules/performance-data/daily-stat-store';
import { inProcessSyncQueue } from '../../lambdas/modules/connectors/sync/dispatch';
import type { SyncJob } from '../../lambdas/modules/connectors/sync/sync-account';
import { syncNowHooks } from '../../lambdas/modules/connectors/sync/sync-now';
import { GOOGLE_ADS_DEMO, startFakeGoogleAds, type FakeGoogleAds } from '../../local/fakes/google-ads-server';
import { freePort } from '../../local/ports';
import { expectOk } from '../media-plans/helpers';
import { seedApproved } from '../support/media-plans';
import { MemoryPlatform } from '../support/memory-platform';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * Naming rules: the routes check a rule's syntax without RE2 (JavaScript's RegExp,
 * compiled only, minus what RE2 cannot do); the sync evaluates rules with RE2 and stores each
 * campaign's reading (RuleLineId), re-reading every stored campaign of an ad account on each of its
 * syncs, and moves the history of a campaign whose reading changed. SaveCampaign answers at once and
 * moves one campaign's history by a job on the sync queue.
 */

// The workers load RE2 on their first rule (naming-rule.ts ruleEngineFor); these tests call it directly.
beforeAll(() => ruleEngineFor('x'));

describe('the syntax check (no RE2): what RE2 and JavaScript both accept', () => {
  const table: [string, string | undefined][] = [
    ['\\[L(\\d+)\\]', undefined],
    ['^(a+)+$|\\[L(\\d+)\\]', undefined],
    ['L(?<line>\\d+)', undefined],
    ['[(?=](\\d+)', undefined], // inside a class, (?= is three characters
    ['\\(?=(\\d+)', undefined], // an escaped parenthesis, optional, then '='
    ['(?=L)L(\\d+)', 'lookarounds ((?=, (?!, (?<=, (?<!) are not supported'],
    ['(?!x)(\\d+)', 'lookarounds ((?=, (?!, (?<=, (?<!) are not supported'],
    ['(?<=L)(\\d+)', 'lookarounds ((?=, (?!, (?<=, (?<!) are not supported'],
    ['(?<!x)(\\d+)', 'lookarounds ((?=, (?!, (?<=, (?<!) are not supported'],
    ['(\\d)\\1', 'backreferences (\\1) are not supported'],
    ['(?<n>\\d)\\k<n>', 'named backreferences (\\k<…>) are not supported'],
    ['\\[L\\d+\\]', 'no capture group'],
    ['(?:L)\\d+', 'no capture group'],
  ];
  it.each(table)('%s → %s', (pattern, problem) => {
    expect(namingRuleProblem(pattern)).toBe(problem);
    // The language is the intersection: what passes compiles in RE2; the constructs refused by name RE2 refuses too.
    if (problem === undefined) expect(re2Refusal(pattern)).toBeUndefined();
    else if (problem !== 'no capture group') expect(re2Refusal(pattern)).toBeDefined();
  });

  it('refuses what JavaScript cannot compile and what is too long, naming the field; no rule is fine', () => {
    const refusal = (pattern: string) => {
      try {
        checkNamingRule(pattern, 'accountConnector.NamingRule');
        return undefined;
      } catch (err) {
        expect(err).toBeInstanceOf(ValidationError);
        return { code: (err as ValidationError).code, params: (err as ValidationError).params };
      }
    };
    expect(refusal('')).toBeUndefined();
    expect(refusal('\\[L(\\d+)\\]')).toBeUndefined();
    expect(refusal('(a')).toMatchObject({
      code: 'NAMING_RULE_INVALID',
      params: { field: 'accountConnector.NamingRule' },
    });
    expect(refusal('(?=a)(b)')).toMatchObject({
      code: 'NAMING_RULE_INVALID',
      params: { field: 'accountConnector.NamingRule' },
    });
    expect(refusal('L\\d+')).toMatchObject({
      code: 'NAMING_RULE_INVALID',
      params: { field: 'accountConnector.NamingRule', detail: 'no capture group' },
    });
    expect(refusal(`(${'a'.repeat(200)})`)).toMatchObject({
      code: 'FIELD_TOO_LONG',
      params: { field: 'accountConnector.NamingRule', max: 200 },
    });
  });
});

describe('rule mappings stored by the sync (DynamoDB Local, an in-process sync queue)', () => {
  const EXT = '1234567890';
  let fake: FakeGoogleAds;
  let c: Company;
  let agentId: number;
  let lineA: number;
  let lineB: number;
  /** The platform's campaigns: 0, 1, 2 (ids 1000–1002), named by `names`; `silent` ones deliver nothing. */
  const platform = new MemoryPlatform({ campaigns: 3, batchRows: 60 });
  const names = new Map<string, string>();
  const silent = new Set<string>();
  const client: PlatformClient = {
    type: 'google_ads',
    listAccounts: async () => [],
    async *dailyStats(externalAccountId, from, to) {
      for await (const batch of platform.client().dailyStats(externalAccountId, from, to)) {
        yield batch
          .filter((s) => !silent.has(s.externalCampaignId))
          .map((s): DailyStat => ({ ...s, campaignName: names.get(s.externalCampaignId) ?? s.campaignName }));
      }
    },
  };
  const queue = inProcessSyncQueue({ ports: dynamoSyncPorts, clientFor: () => client });
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    fake = await startFakeGoogleAds({ port: await freePort() });
    for (const k of ['GOOGLE_ADS_API_URL', 'GOOGLE_OAUTH_TOKEN_URL']) saved[k] = process.env[k];
    process.env.GOOGLE_ADS_API_URL = fake.apiUrl;
    process.env.GOOGLE_OAUTH_TOKEN_URL = fake.tokenUrl;
    syncNowHooks.local = queue;
    c = await makeCompany('Naming Rules Agency');
    const plan = await seedApproved(c, 2);
    [lineA, lineB] = plan.lines.map((l) => l.ID);
    const call = (method: string, body: unknown) =>
      invoke('ConnectorsService', method, { as: c.admin, body, accountId: c.accounts.main.ID });
    const agent = expectOk(
      await call('SaveAgentConnector', {
        agentConnector: {
          ID: 0,
          ConnectorId: 1,
          Name: 'Google',
          Credentials: {
            refreshToken: GOOGLE_ADS_DEMO.refreshToken,
            clientId: GOOGLE_ADS_DEMO.clientId,
            clientSecret: GOOGLE_ADS_DEMO.clientSecret,
          },
        },
      }),
    );
    agentId = expectOk(await call('TestAgentConnection', { agentConnectorId: agent.ID })).ID;
  });

  afterAll(async () => {
    delete syncNowHooks.local;
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    fake.server.closeAllConnections();
    await new Promise((r) => fake.server.close(r));
  });

  // Saved by someone who may Sync now: a save syncs what it changed (a planner's waits for the scheduled sync).
  const saveLink = (body: Record<string, unknown>) =>
    invoke('ConnectorsService', 'SaveAccountConnector', {
      as: c.admin,
      accountId: c.accounts.main.ID,
      body: {
        accountConnector: {
          AccountId: c.accounts.main.ID,
          AgentConnectorId: agentId,
          ExternalAccountIds: [EXT],
          ...body,
        },
      },
    });
  const campaigns = async () => {
    const page = expectOk(
      await invoke('ConnectorsService', 'GetCampaignsList', {
        as: c.planner,
        accountId: c.accounts.main.ID,
        body: { accountId: c.accounts.main.ID, pageSize: 100 },
      }),
    );
    return new Map(
      (
        page.Items as {
          ExternalCampaignId: string;
          ID: number;
          version: number;
          MappedBy: string | null;
          MappedLineId: number | null;
        }[]
      ).map((i) => [i.ExternalCampaignId, i]),
    );
  };
  /** Spend per campaign as stored (the daily grain), and a line's rollup total: the rollups must hold exactly their campaigns' stats. */
  const storedSpend = async () => {
    const out = new Map<string, number>();
    for await (const page of readStats(c.companyId, 'google_ads', EXT, '2000-01-01', '2999-12-31')) {
      for (const s of page as StoredStat[]) out.set(s.CampaignId, (out.get(s.CampaignId) ?? 0) + s.SpendMicros);
    }
    return out;
  };
  const lineSpend = async (lineId: number) =>
    (await readLineRollup(c.companyId, lineId, '2000-01-01', '2999-12-31')).reduce((sum, r) => sum + r.SpendMicros, 0);
  const spendOf = (spend: Map<string, number>, ...ids: string[]) =>
    ids.reduce((sum, id) => sum + (spend.get(id) ?? 0), 0);

  it("a saved rule syncs the link: the sync stores each campaign's reading, and the lines' rollups hold their campaigns' history", async () => {
    names.set('1000', `Search [L${lineA}]`).set('1001', `Video [L${lineB}]`).set('1002', 'Brand, no line');
    expectOk(await saveLink({ ID: 0, NamingRule: '\\[L(\\d+)\\]' }));
    await queue.idle();
    const list = await campaigns();
    expect([...list.values()].map((v) => [v.ExternalCampaignId, v.MappedBy, v.MappedLineId]).sort()).toEqual([
      ['1000', 'rule', lineA],
      ['1001', 'rule', lineB],
      ['1002', null, null],
    ]);
    const spend = await storedSpend();
    expect(spendOf(spend, '1000')).toBeGreaterThan(0);
    expect(await lineSpend(lineA)).toBe(spendOf(spend, '1000'));
    expect(await lineSpend(lineB)).toBe(spendOf(spend, '1001'));
    // The list says whose each campaign is and its OWN actuals (not its line's total).
    const page = expectOk(
      await invoke('ConnectorsService', 'GetCampaignsList', {
        as: c.planner,
        accountId: c.accounts.main.ID,
        body: { accountId: c.accounts.main.ID, pageSize: 100 },
      }),
    );
    for (const v of page.Items as {
      ExternalCampaignId: string;
      AccountName: string;
      Actuals: { Currency: string; Spend: number }[];
    }[]) {
      expect(v.AccountName).toBe('Main Client');
      expect(Math.round(v.Actuals.reduce((sum, x) => sum + x.Spend, 0) * 1e6)).toBe(
        spendOf(spend, v.ExternalCampaignId),
      );
    }
  });

  it('SaveCampaign answers before the history moves, marked under way; the queued job moves it exactly once, a re-run moves nothing', async () => {
    const list = await campaigns();
    const spend = await storedSpend();
    const [aBefore, bBefore] = [await lineSpend(lineA), await lineSpend(lineB)];
    const held: SyncJob[] = [];
    syncNowHooks.local = {
      send: async (jobs) => {
        held.push(...jobs);
      },
    };
    try {
      // 1001 (ruled to B) chosen for A: the answer says so at once, its history not moved yet.
      const saved = expectOk(
        await invoke('AccountsService', 'SaveCampaign', {
          as: c.planner,
          accountId: c.accounts.main.ID,
          body: { globalCampaign: { ID: list.get('1001')!.ID, MediaChannelId: lineA } },
        }),
      );
      expect(saved).toMatchObject({ MappedBy: 'explicit', MappedLineId: lineA, HistoryMoving: true });
      expect(held).toHaveLength(1);
      expect([await lineSpend(lineA), await lineSpend(lineB)]).toEqual([aBefore, bBefore]);
      expect((await campaigns()).get('1001')).toMatchObject({ MappedLineId: lineA, HistoryMoving: true });
      // The job (twice, as a retried message would be): moved once, then the mark is gone.
      for (let run = 0; run < 2; run++) {
        await queue.send(held);
        await queue.idle();
        expect(await lineSpend(lineA)).toBe(aBefore + spendOf(spend, '1001'));
        expect(await lineSpend(lineB)).toBe(bBefore - spendOf(spend, '1001'));
        expect((await campaigns()).get('1001')).toMatchObject({ HistoryMoving: false });
      }
      expect(await storedSpend()).toEqual(spend);
    } finally {
      syncNowHooks.local = queue;
    }
    // Back as it was, for the next test (the rule's reading again).
    expectOk(
      await invoke('AccountsService', 'SaveCampaign', {
        as: c.planner,
        accountId: c.accounts.main.ID,
        body: { globalCampaign: { ID: list.get('1001')!.ID, MediaChannelId: null } },
      }),
    );
    await queue.idle();
    expect([await lineSpend(lineA), await lineSpend(lineB)]).toEqual([aBefore, bBefore]);
  });

  it("a history move whose job was lost is done by the ad account's next sync, which clears the mark", async () => {
    const list = await campaigns();
    const spend = await storedSpend();
    const [aBefore, bBefore] = [await lineSpend(lineA), await lineSpend(lineB)];
    syncNowHooks.local = { send: async () => undefined };
    try {
      expectOk(
        await invoke('AccountsService', 'SaveCampaign', {
          as: c.planner,
          accountId: c.accounts.main.ID,
          body: { globalCampaign: { ID: list.get('1001')!.ID, MediaChannelId: lineA } },
        }),
      );
    } finally {
      syncNowHooks.local = queue;
    }
    expect((await campaigns()).get('1001')).toMatchObject({ HistoryMoving: true });
    await queue.send([
      { companyId: c.companyId, agentConnectorId: agentId, externalAccountId: EXT, connectorType: 'google_ads' },
    ]);
    await queue.idle();
    expect((await campaigns()).get('1001')).toMatchObject({ MappedLineId: lineA, HistoryMoving: false });
    expect(await lineSpend(lineA)).toBe(aBefore + spendOf(spend, '1001'));
    expect(await lineSpend(lineB)).toBe(bBefore - spendOf(spend, '1001'));
    expectOk(
      await invoke('AccountsService', 'SaveCampaign', {
        as: c.planner,
        accountId: c.accounts.main.ID,
        body: { globalCampaign: { ID: (await campaigns()).get('1001')!.ID, MediaChannelId: null } },
      }),
    );
    await queue.idle();
    expect([await lineSpend(lineA), await lineSpend(lineB)]).toEqual([aBefore, bBefore]);
  });

  it("SaveCampaign moves a campaign's history by its job: mapped, the new line holds it and the old loses exactly it; unmapped, it leaves", async () => {
    const list = await campaigns();
    const spend = await storedSpend();
    // Each save's history move is a job on the queue: waited for before the figures are read.
    const save = async (ext: string, LineId: number | null) => {
      const r = await invoke('AccountsService', 'SaveCampaign', {
        as: c.planner,
        accountId: c.accounts.main.ID,
        body: { globalCampaign: { ID: list.get(ext)!.ID, MediaChannelId: LineId } },
      });
      await queue.idle();
      return r;
    };
    // 1001 (ruled to B) chosen for A: A = 1000 + 1001, B = nothing.
    expect(expectOk(await save('1001', lineA))).toMatchObject({ MappedBy: 'explicit', MappedLineId: lineA });
    expect(await lineSpend(lineA)).toBe(spendOf(spend, '1000', '1001'));
    expect(await lineSpend(lineB)).toBe(0);
    // 1002 (no rule reading) chosen for B, then unmapped: B holds it, then loses it.
    expectOk(await save('1002', lineB));
    expect(await lineSpend(lineB)).toBe(spendOf(spend, '1002'));
    expect(expectOk(await save('1002', null))).toMatchObject({ MappedBy: null, MappedLineId: null });
    expect(await lineSpend(lineB)).toBe(0);
    // 1001's explicit choice cleared: the rule's reading (B) applies again, and its history follows.
    expect(expectOk(await save('1001', null))).toMatchObject({ MappedBy: 'rule', MappedLineId: lineB });
    expect(await lineSpend(lineA)).toBe(spendOf(spend, '1000'));
    expect(await lineSpend(lineB)).toBe(spendOf(spend, '1001'));
    // The history is kept whatever the mapping: every campaign's stats are still stored.
    expect(await storedSpend()).toEqual(spend);
  });

  it('a changed rule re-maps the old campaigns at the next sync, also those with no delivery in its window, and moves their history', async () => {
    const link = [
      ...expectOk(
        await invoke('ConnectorsService', 'GetAccountConnectorsList', {
          as: c.planner,
          accountId: c.accounts.main.ID,
          body: {},
        }),
      ).Items,
    ][0];
    silent.add('1000'); // 1000 stopped delivering: the sync's window sees nothing of it
    expectOk(await saveLink({ ID: link.ID, version: link.version, NamingRule: '^Video \\[L(\\d+)\\]' }));
    await queue.idle();
    let list = await campaigns();
    expect(list.get('1000')).toMatchObject({ MappedBy: null, MappedLineId: null });
    expect(list.get('1001')).toMatchObject({ MappedBy: 'rule', MappedLineId: lineB });
    const spend = await storedSpend();
    expect(await lineSpend(lineA)).toBe(0);
    expect(await lineSpend(lineB)).toBe(spendOf(spend, '1001'));

    // A renamed campaign is read again at its next sync (Sync now here): its whole history follows.
    names.set('1001', `Video [L${lineA}]`);
    await queue.send([
      { companyId: c.companyId, agentConnectorId: agentId, externalAccountId: EXT, connectorType: 'google_ads' },
    ]);
    await queue.idle();
    list = await campaigns();
    expect(list.get('1001')).toMatchObject({ MappedBy: 'rule', MappedLineId: lineA });
    expect(await lineSpend(lineA)).toBe(spendOf(await storedSpend(), '1001'));
    expect(await lineSpend(lineB)).toBe(0);
  });

  it('a rule JavaScript accepts and RE2 refuses is recorded on the connection; the sync finishes and the mappings stay', async () => {
    const link = [
      ...expectOk(
        await invoke('ConnectorsService', 'GetAccountConnectorsList', {
          as: c.planner,
          accountId: c.accounts.main.ID,
          body: {},
        }),
      ).Items,
    ][0];
    const rule = 'Video \\[L(\\d+)\\]x{0,1001}'; // RE2 allows at most 1,000 repetitions
    expect(namingRuleProblem(rule)).toBeUndefined();
    expect(re2Refusal(rule)).toBeDefined();
    expectOk(await saveLink({ ID: link.ID, version: link.version, NamingRule: rule }));
    await queue.idle();
    const agent = expectOk(
      await invoke('ConnectorsService', 'GetAgentConnectorsList', { as: c.admin, body: {} }),
    ).Items.find((a: { ID: number }) => a.ID === agentId);
    expect(agent).toMatchObject({ Status: 'Error' });
    expect(agent.LastError).toContain(`naming rule of ad account ${EXT} cannot be used`);
    expect((await campaigns()).get('1001')).toMatchObject({ MappedBy: 'rule', MappedLineId: lineA });
  });
});
