import type { output } from 'zod/mini';
import type { Account } from '../tenancy';
import { getAccounts } from '../tenancy';
import type { Activity } from '../activities';
import type { AccountFilter } from './store';
import {
  countSubmittedVersions,
  getActivitiesByIds,
  listAuthorVersions,
  listSubmittedVersions,
  listSubmittedVersionsOf,
} from './store.dynamodb';
import { authorOf, lastStatusChangeOf } from '../media-plans';
import { getVersionWithLines } from '../media-plans';
import type { PlanLine, PlanVersion, MixPricing } from '../media-plans';
import type { UserProfile } from '../tenancy';
import type { approvalsPage } from './schemas';
import { checkBudget } from '../../shared/budget-check';
import { CURRENCY_CODES, MEDIA_MIX_STATUS_NAMES, VersionStatus } from '../../shared/version-status';
import { minorToNumber } from '../../shared/money';
import type {
  ApprovalInboxCount,
  ApprovalInboxItem,
  ApprovalInboxPage,
  MyPlanItem,
  MyPlansPage,
  PlanVersionRow,
} from './replies';
import type { CompanyConfiguration } from '../configurations';
import { nameIn, userNames } from '../users';
import { companyToday, totalsInRange, totalsOfAggregates, totalsOfLines, type OutOfRange } from '../media-plans';
import { cachedConfiguration } from '../configurations';

/**
 * Where plan versions wait: the approvers' inbox ("To approve": every Submitted
 * version of the accounts the caller sees) and a planner's "My plans". Both read the header's gsi2
 * entry (modules/approvals/store.dynamodb.ts), filtered by the caller's account access on the server, then
 * name the page's activities, accounts and people with three batch reads (people: modules/users/people.ts).
 */

const DEFAULT_PAGE = 25;

const accessOf = (caller: UserProfile): AccountFilter => caller.accountAccess;

/** The pricing a version's figures use: its own once approved, else today's (as GetMediaMixList). */
function pricingOf(m: PlanVersion, main: Account, config: CompanyConfiguration): MixPricing {
  if (m.Status === VersionStatus.Approved && m.Pricing) return m.Pricing;
  return {
    VatPct: config.VatPct,
    ImageSubmitFee: config.ImageSubmitFee,
    VideoSubmitFee: config.VideoSubmitFee,
    SetupFee: config.SetupFee,
    ApplyVat: main.ApplyVat,
    Currency: main.Currency,
  };
}

/** Whole calendar days from `from` to `to` (YYYY-MM-DD). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

interface PageContext {
  activities: Map<number, Activity>;
  accounts: Map<number, Account>;
  names: ReadonlyMap<string, string>;
  config: CompanyConfiguration;
  /** A Draft's lines (its header's money sums are not exact while it is a Draft). */
  draftLines: Map<number, PlanLine[]>;
}

/** The activities, accounts (main and sub), people, configuration and Drafts' lines a page of headers shows. */
async function contextOf(companyId: number, headers: readonly PlanVersion[]): Promise<PageContext> {
  const [activities, names, config, drafts] = await Promise.all([
    getActivitiesByIds(
      companyId,
      headers.map((h) => h.ActivityId),
    ),
    userNames(companyId),
    cachedConfiguration(companyId),
    Promise.all(
      headers
        .filter((h) => h.Status === VersionStatus.Draft)
        .map(async (h) => [h.ID, (await getVersionWithLines(companyId, h.ID))?.lines ?? []] as const),
    ),
  ]);
  const accountIds = [
    ...headers.map((h) => h.AccountId),
    ...activities.flatMap((a) => (a.SubAccountId ? [a.SubAccountId] : [])),
  ];
  const accounts = await getAccounts(companyId, accountIds);
  return {
    activities: new Map(activities.map((a) => [a.ID, a])),
    accounts: new Map(accounts.map((a) => [a.ID, a])),
    names,
    config,
    draftLines: new Map(drafts),
  };
}

/** What both lists show of a version (undefined when its activity or account is gone: not shown). */
function rowOf(h: PlanVersion, ctx: PageContext): PlanVersionRow | undefined {
  const activity = ctx.activities.get(h.ActivityId);
  const main = ctx.accounts.get(h.AccountId);
  if (!activity || !main) return undefined;
  const sub = activity.SubAccountId ? ctx.accounts.get(activity.SubAccountId) : undefined;
  const pricing = pricingOf(h, main, ctx.config);
  const lines = ctx.draftLines.get(h.ID);
  const out: OutOfRange = [];
  const totals = totalsInRange(out, () => (lines ? totalsOfLines(lines, pricing) : totalsOfAggregates(h, pricing)));
  const over = totals ? checkBudget(totals.net, activity.BudgetMinor).overBy : 0;
  const name = nameIn(ctx.names);
  return {
    MediaMixId: h.ID,
    Version: h.Version,
    Name: h.Name,
    Status: h.Status,
    StatusName: MEDIA_MIX_STATUS_NAMES[h.Status],
    ActivityId: h.ActivityId,
    ActivityName: activity.Name,
    AccountId: h.AccountId,
    AccountName: main.Name,
    SubAccountId: sub ? sub.ID : null,
    SubAccountName: sub ? sub.Name : null,
    Currency: pricing.Currency,
    CurrencyCode: CURRENCY_CODES[pricing.Currency],
    Net: totals && minorToNumber(totals.net),
    Total: totals && minorToNumber(totals.total),
    ActivityBudget: activity.Budget,
    OverBudgetBy: over > 0 ? minorToNumber(over) : null,
    SubmittedAt: h.SubmittedAt,
    SubmittedByName: name(h.SubmittedBy),
  };
}

/** GetApprovalInbox: the Submitted versions of the accounts the caller sees, longest waiting first. */
export async function getApprovalInbox(
  caller: UserProfile,
  input: output<typeof approvalsPage>,
): Promise<ApprovalInboxPage> {
  const companyId = caller.companyId;
  const page = await listSubmittedVersions(
    companyId,
    accessOf(caller),
    input.pageSize ?? DEFAULT_PAGE,
    input.nextToken,
  );
  const ctx = await contextOf(companyId, page.items);
  const today = companyToday(ctx.config);
  const items = page.items.flatMap((h): ApprovalInboxItem[] => {
    const row = rowOf(h, ctx);
    if (!row || !h.SubmittedAt) return [];
    // The day it was submitted and today, both in the company's calendar (its TimeZone).
    const submittedOn = companyToday(ctx.config, Date.parse(h.SubmittedAt));
    return [
      {
        ...row,
        SubmittedAt: h.SubmittedAt,
        DaysWaiting: Math.max(0, daysBetween(submittedOn, today)),
        OverBudgetConfirmed: !!h.OverBudgetConfirmed,
      },
    ];
  });
  return { Items: items, NextToken: page.nextToken };
}

/** GetApprovalInboxCount: the menu's badge. */
export async function getApprovalInboxCount(caller: UserProfile): Promise<ApprovalInboxCount> {
  return { Count: await countSubmittedVersions(caller.companyId, accessOf(caller)) };
}

/**
 * GetMyPlans: the caller's versions (created by them, or submitted by them), on the first page those
 * waiting for approval (few: one open version per plan), then the others, latest status change first.
 */
export async function getMyPlans(caller: UserProfile, input: output<typeof approvalsPage>): Promise<MyPlansPage> {
  const companyId = caller.companyId;
  const me = authorOf({ SubmittedBy: null, createdBy: caller.email });
  const [waiting, page] = await Promise.all([
    input.nextToken ? Promise.resolve([]) : listSubmittedVersionsOf(companyId, me, accessOf(caller)),
    listAuthorVersions(companyId, me, accessOf(caller), input.pageSize ?? DEFAULT_PAGE, input.nextToken),
  ]);
  const headers = [...waiting.sort((a, b) => (b.SubmittedAt ?? '').localeCompare(a.SubmittedAt ?? '')), ...page.items];
  const ctx = await contextOf(companyId, headers);
  const name = nameIn(ctx.names);
  const items = headers.flatMap((h): MyPlanItem[] => {
    const row = rowOf(h, ctx);
    return row
      ? [
          {
            ...row,
            LastChangeAt: lastStatusChangeOf(h),
            ApprovedAt: h.ApprovedAt,
            ApprovedByName: name(h.ApprovedBy),
            RejectedAt: h.RejectedAt,
            RejectedByName: name(h.RejectedBy),
            RejectReason: h.RejectReason,
            ClientApprovedAt: h.ClientApprovedAt,
            ClientApprovedByName: name(h.ClientApprovedBy),
            ClientDeclinedAt: h.ClientDeclinedAt,
            ClientDeclinedByName: name(h.ClientDeclinedBy),
            ClientDeclinedComment: h.ClientDeclinedComment,
          },
        ]
      : [];
  });
  return { Items: items, NextToken: page.nextToken };
}
