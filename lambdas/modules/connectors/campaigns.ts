import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  STALE_VERSION_MESSAGE,
  ValidationError,
} from '../../core/errors';
import { log } from '../../core/logger';
import { getAccounts, type Account } from '../tenancy';
import { getCampaignById, listCampaigns, replaceCampaignMapping } from './campaign-store.dynamodb';
import type { StoredCampaign } from './campaign-store';
import { listExternalLinks } from './connector-store.dynamodb';
import type { ExternalLink } from './connector-store';
import { pageOfList } from '../../aws/dynamodb/page-token';
import type { UserProfile } from '../tenancy';
import type { ConnectorTypeName } from '../../shared/connectors';
import type { CampaignView } from './replies/connectors';
import type { Page } from '../../shared/replies/reply';
import { moveCampaignHistory } from './sync/remap';
import { syncNowQueue } from './sync/sync-now';
import { loadVisibleAccount, maySeeAccount } from '../tenancy';
import { campaignActualsOf } from './campaign-lines';
import { PlanReader } from './campaign-plan-reader';

/**
 * Campaigns and their mapping to plan lines: AccountsService.GetCampaignInfo /
 * SaveCampaign and ConnectorsService.GetCampaignsList. A campaign belongs to the account whose
 * account connector links its external account. It maps to a plan line explicitly (a person chose
 * it) or by that account connector's naming rule; explicit wins. The rule is not evaluated here:
 * the sync stores what it reads from each campaign's name (RuleLineId, domain/campaign-rule-mappings.ts,
 * with RE2), so these routes carry no regular-expression engine. Plans have versions and each new
 * version copies its lines under new ids (SourceLineId names the copied line): the mapped line is
 * followed to its copy in the latest approved version (or, before any approval after it, stays the
 * line chosen); a line with no copy there is "removed": the campaign reads as unmapped, with the
 * version it disappeared in, and stays listed.
 */

interface Context {
  links: Map<string, ExternalLink>;
  accounts: Map<number, Account>;
  plans: PlanReader;
}

const linkKey = (type: ConnectorTypeName, ext: string) => `${type}#${ext}`;

async function contextOf(companyId: number): Promise<Context> {
  const links = await listExternalLinks(companyId);
  const accountIds = [...new Set(links.map((l) => l.AccountId))];
  const accounts = accountIds.length ? await getAccounts(companyId, accountIds) : [];
  return {
    links: new Map(links.map((l) => [linkKey(l.ConnectorType, l.ExternalAccountId), l])),
    accounts: new Map(accounts.map((a) => [a.ID, a])),
    plans: new PlanReader(companyId),
  };
}

const mainOf = (a: Account) => a.ParentId ?? a.ID;

async function viewOf(c: StoredCampaign, ctx: Context): Promise<CampaignView> {
  const link = ctx.links.get(linkKey(c.ConnectorType, c.ExternalAccountId));
  const account = link ? ctx.accounts.get(link.AccountId) : undefined;
  const base: CampaignView = {
    ID: c.ID,
    ConnectorType: c.ConnectorType,
    ExternalAccountId: c.ExternalAccountId,
    ExternalCampaignId: c.ExternalCampaignId,
    Name: c.Name,
    Status: c.Status,
    AccountId: account?.ID ?? null,
    AccountName: account?.Name ?? null,
    MediaChannelId: c.MediaChannelId ?? null,
    MappedBy: null,
    MappedLineId: null,
    MappedLineName: null,
    MappedActivityId: null,
    MappedVersion: null,
    LineRemovedInVersion: null,
    LastSeenAt: c.LastSeenAt,
    version: c.version,
    HistoryMoving: c.HistoryMoving !== undefined,
  };
  let by: CampaignView['MappedBy'] = null;
  let lineId: number | null = null;
  if (c.MediaChannelId) {
    by = 'explicit';
    lineId = c.MediaChannelId;
  } else if (link && account && c.RuleLineId) {
    // The rule's reading of the name, stored by the sync (RuleLineId).
    const ruled = c.RuleLineId;
    const line = await ctx.plans.line(ruled);
    // A rule maps only to lines of the campaign's own (main) account.
    if (line && line.AccountId === mainOf(account)) {
      by = 'rule';
      lineId = ruled;
    }
  }
  if (!lineId) return base;
  const r = await ctx.plans.resolve(lineId);
  if (!r) return { ...base, MappedBy: by };
  if ('removedIn' in r) return { ...base, MappedBy: by, LineRemovedInVersion: r.removedIn };
  return {
    ...base,
    MappedBy: by,
    MappedLineId: r.line.ID,
    MappedLineName: r.line.Name,
    MappedActivityId: r.line.ActivityId,
    MappedVersion: r.version,
  };
}

const mayView = (caller: UserProfile, v: CampaignView, ctx: Context) => {
  if (v.AccountId === null) return caller.accountAccess === 'all';
  const a = ctx.accounts.get(v.AccountId);
  return !!a && maySeeAccount(caller, a);
};

/**
 * How campaigns of ad accounts linked (or about to be linked) to `account` read when each carries the
 * rule reading given: the campaigns screen's own resolution (explicit wins; a rule maps to lines of
 * the account's main account only; lines followed into the latest approved version), for
 * PreviewNamingRule, which evaluates an unsaved rule without storing it.
 */
export async function viewsUnderRule(
  companyId: number,
  account: Account,
  campaigns: readonly StoredCampaign[],
): Promise<CampaignView[]> {
  const links = new Map(
    campaigns.map((c): [string, ExternalLink] => [
      linkKey(c.ConnectorType, c.ExternalAccountId),
      {
        ConnectorType: c.ConnectorType,
        ExternalAccountId: c.ExternalAccountId,
        AccountConnectorId: 0,
        AgentConnectorId: 0,
        AccountId: account.ID,
      },
    ]),
  );
  const ctx: Context = { links, accounts: new Map([[account.ID, account]]), plans: new PlanReader(companyId) };
  const views: CampaignView[] = [];
  for (const c of campaigns) views.push(await viewOf(c, ctx));
  return views;
}

export interface CampaignsFilter {
  accountId?: number;
  connectorType?: ConnectorTypeName;
  mapped?: boolean;
  pageSize?: number;
  nextToken?: string | null;
}

/** ConnectorsService.GetCampaignsList: the campaigns the caller may see, by name, filtered and paged. */
export async function listCampaignsFor(caller: UserProfile, f: CampaignsFilter): Promise<Page<CampaignView>> {
  // An account filter names an account the caller sees (another company's id or an unknown one: 403).
  if (f.accountId !== undefined) await loadVisibleAccount(caller, f.accountId);
  const ctx = await contextOf(caller.companyId);
  const stored = await listCampaigns(caller.companyId, f.connectorType);
  const views: CampaignView[] = [];
  for (const c of stored) {
    const link = ctx.links.get(linkKey(c.ConnectorType, c.ExternalAccountId));
    if (f.accountId !== undefined) {
      const a = link ? ctx.accounts.get(link.AccountId) : undefined;
      if (!a || (a.ID !== f.accountId && a.ParentId !== f.accountId)) continue;
    }
    const v = await viewOf(c, ctx);
    if (!mayView(caller, v, ctx)) continue;
    if (f.mapped !== undefined && (v.MappedLineId !== null) !== f.mapped) continue;
    views.push(v);
  }
  views.sort((a, b) => a.Name.localeCompare(b.Name) || a.ID - b.ID);
  const page = pageOfList(views, f.nextToken, f.pageSize ?? 50);
  const actuals = await campaignActualsOf(caller.companyId, page.items);
  const Items = page.items.map((v) => ({
    ...v,
    Actuals: actuals.get(`${v.ConnectorType}|${v.ExternalAccountId}|${v.ExternalCampaignId}`) ?? [],
  }));
  return { Items, NextToken: page.nextToken };
}

async function loadCampaign(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  id: number,
  ctx: Context,
): Promise<{ stored: StoredCampaign; view: CampaignView }> {
  const stored = await getCampaignById(caller.companyId, id, true);
  if (!stored) throw new NotFoundError(`Campaign ${id} was not found`, 'NOT_FOUND', { entity: 'Campaign', id });
  const view = await viewOf(stored, ctx);
  if (!mayView(caller, view, ctx))
    throw new NotFoundError(`Campaign ${id} was not found`, 'NOT_FOUND', { entity: 'Campaign', id });
  if (scopeAccountId !== undefined) {
    const a = view.AccountId === null ? undefined : ctx.accounts.get(view.AccountId);
    if (!a || (a.ID !== scopeAccountId && a.ParentId !== scopeAccountId)) {
      throw new ForbiddenError(`Campaign ${id} is not part of account ${scopeAccountId}`, 'NOT_IN_ACCOUNT', {
        entity: 'Campaign',
        id,
        accountId: scopeAccountId,
      });
    }
  }
  return { stored, view };
}

/** AccountsService.GetCampaignInfo. */
export async function getCampaignInfoFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  id: number,
): Promise<CampaignView> {
  return (await loadCampaign(caller, scopeAccountId, id, await contextOf(caller.companyId))).view;
}

/**
 * AccountsService.SaveCampaign(globalCampaign): maps a campaign to a plan line of its own account
 * explicitly (MediaChannelId), or clears the explicit mapping (null: the naming rule applies again).
 * A changed mapping is stored marked HistoryMoving and answered at once; the move of the campaign's
 * stored history to its new line's rollups (lambdas/modules/connectors/sync/remap.ts: a year of days takes seconds) runs
 * after it as a job on the sync queue, which clears the mark. Without a queue (it refuses the job,
 * or none is configured) the move runs here, before the answer.
 */
export async function saveCampaignFor(
  caller: UserProfile,
  scopeAccountId: number | undefined,
  input: { ID: number; MediaChannelId?: number | null; version?: number },
): Promise<CampaignView> {
  const ctx = await contextOf(caller.companyId);
  const { stored, view } = await loadCampaign(caller, scopeAccountId, input.ID, ctx);
  if (input.version !== undefined && input.version !== stored.version)
    throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
  const lineId = input.MediaChannelId ?? null;
  if (lineId !== null) {
    const account = view.AccountId === null ? undefined : ctx.accounts.get(view.AccountId);
    if (!account) {
      throw new ValidationError(
        "globalCampaign.MediaChannelId: the campaign's ad account is linked to no account; link it on the account's connectors first",
        'FIELD_INVALID',
        {
          field: 'globalCampaign.MediaChannelId',
          detail: 'the campaign is linked to no account',
          reason: 'INVALID',
        },
      );
    }
    const line = await ctx.plans.line(lineId);
    if (!line)
      throw new NotFoundError(`Plan line ${lineId} was not found`, 'NOT_FOUND', { entity: 'MediaChannel', id: lineId });
    if (line.AccountId !== mainOf(account)) {
      throw new ForbiddenError(`Plan line ${lineId} is not part of account ${account.ID}`, 'NOT_IN_ACCOUNT', {
        entity: 'MediaChannel',
        id: lineId,
        accountId: account.ID,
      });
    }
  }
  const changed = (stored.MediaChannelId ?? null) !== lineId;
  const version = stored.version + 1;
  const after: StoredCampaign = {
    ...stored,
    MediaChannelId: lineId,
    version,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
    ...(changed ? { HistoryMoving: version } : {}),
  };
  await replaceCampaignMapping(
    caller.companyId,
    stored,
    after,
    new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION'),
  );
  if (changed) return viewOf(await queueHistoryMove(caller.companyId, after), ctx);
  return viewOf(after, ctx);
}

/** The history move of a saved mapping: queued (the answer says it is under way), else done here. */
async function queueHistoryMove(companyId: number, after: StoredCampaign): Promise<StoredCampaign> {
  const ref = { companyId, connectorType: after.ConnectorType, externalAccountId: after.ExternalAccountId };
  const move = { externalCampaignId: after.ExternalCampaignId, version: after.version };
  try {
    await syncNowQueue().send([{ ...ref, agentConnectorId: 0, moveHistory: move }]);
    return after;
  } catch (err) {
    log.warn('history move not queued; moving now', { companyId, campaignId: after.ID, error: (err as Error).message });
    await moveCampaignHistory(ref, move, { lineTargets: lineTargetsOf });
    const { HistoryMoving: _done, ...moved } = after;
    return moved;
  }
}

/** Where each campaign's actuals go (the sync's rollups): the resolved line, its activity and main account; unmapped ones absent. */
export async function lineTargetsOf(
  companyId: number,
  refs: readonly { connectorType: ConnectorTypeName; externalAccountId: string; externalCampaignId: string }[],
): Promise<Map<string, { lineId: number; activityId: number; accountId: number }>> {
  const ctx = await contextOf(companyId);
  const out = new Map<string, { lineId: number; activityId: number; accountId: number }>();
  const byAccount = new Map<string, Map<string, StoredCampaign>>();
  for (const r of refs) {
    const k = linkKey(r.connectorType, r.externalAccountId);
    if (!byAccount.has(k)) {
      byAccount.set(
        k,
        new Map(
          (await listCampaigns(companyId, r.connectorType, r.externalAccountId)).map((c) => [c.ExternalCampaignId, c]),
        ),
      );
    }
    const stored = byAccount.get(k)!.get(r.externalCampaignId);
    if (!stored) continue;
    const v = await viewOf(stored, ctx);
    const line = v.MappedLineId === null ? undefined : await ctx.plans.line(v.MappedLineId);
    if (line)
      out.set(`${r.connectorType}|${r.externalAccountId}|${r.externalCampaignId}`, {
        lineId: line.ID,
        activityId: line.ActivityId,
        accountId: line.AccountId,
      });
  }
  return out;
}
