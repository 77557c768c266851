import type { output } from 'zod/mini';
import { ConflictError, NotFoundError, staleVersion, ValidationError } from '../../core/errors';
import { getAccount, type Account } from '../tenancy';
import type { GroupPromptChange, GroupPromptItem } from './group-prompt-store';
import { listGroupPrompts, putGroupPrompts } from './group-prompt-store.dynamodb';
import type { UserProfile } from '../tenancy';
import { CHANNEL_GROUPS } from '../../shared/channel-type-lists';
import type { saveGroupPropmts } from './schemas';
import {
  fillPlaceholders,
  quotedData,
  unknownPlaceholders,
  type AnalysisPlaceholder,
} from '../../shared/analysis-placeholders';
import type { GroupPromptView } from './replies';
import type { ChannelGroup } from '../channel-types/replies';
import type { ActivityPerformance } from '../performance/replies';
import type { ListOf } from '../../shared/replies/reply';
import type { Fact, FactMetric } from './fact-list';
import { nameIn, userNames } from '../users';

/**
 * The analysis prompts of an account's channel groups (GroupPropmts, as the API spells it): what a
 * system admin asks the model to look at for a plan whose budget is mostly in that group. A template
 * with `{{name}}` placeholders (shared/analysis-placeholders.ts), checked at save like a custom
 * column's formula, filled from the analysed activity's facts before it is sent. One per channel
 * group of the MAIN account (the channel types are the main account's; a sub-account's page reads
 * and saves its main account's); never saved = the built-in default below (Version 0).
 */

/**
 * The built-in prompts (English: the model is told separately which language to answer in). Each
 * names what matters for the group: search by intent (CTR, CPC, CPA), social by reach and cost of a
 * result, video by views' cost (CPM), display by CTR and CPM, offline by pacing alone (no clicks).
 */
export const DEFAULT_GROUP_PROMPTS: Readonly<Record<ChannelGroup, string>> = Object.freeze({
  Search:
    'Review the search plan of {{activityName}} ({{versionName}}), in {{currency}}. Pacing is {{pacing}} against the thresholds {{pacingLow}} and {{pacingHigh}}; ' +
    'actual spend to date is {{actualToDate}} of a budget of {{budget}}. Say whether the plan and each line pace within the thresholds, ' +
    "which lines have a CTR or CPA far from the plan's (CTR {{ctr}}, CPC {{cpc}}, CPA {{cpa}}, conversions {{conversions}}), " +
    'and what the daily spend needed ({{dailyNeeded}} over {{daysLeft}} days left) means. Five short points at most.',
  Social:
    'Review the social plan of {{activityName}} ({{versionName}}), in {{currency}}. Pacing is {{pacing}} against the thresholds {{pacingLow}} and {{pacingHigh}}; ' +
    'projected end spend {{projectedEndSpend}} against a budget of {{budget}}. Say which lines under- or over-pace, ' +
    'how the cost of results compares across lines (CPM {{cpm}}, CTR {{ctr}}, CPA {{cpa}}, ROAS {{roas}}), ' +
    'and whether the data is still provisional ({{provisionalShare}}). Five short points at most.',
  Video:
    'Review the video plan of {{activityName}} ({{versionName}}), in {{currency}}. Pacing is {{pacing}} against the thresholds {{pacingLow}} and {{pacingHigh}}; ' +
    "{{impressions}} impressions at a CPM of {{cpm}}. Say which lines under- or over-pace, which lines' CPM or CTR stand out against the plan's, " +
    'and how much is left to spend ({{amountLeft}}, {{dailyNeeded}} a day). Five short points at most.',
  Display:
    'Review the display plan of {{activityName}} ({{versionName}}), in {{currency}}. Pacing is {{pacing}} against the thresholds {{pacingLow}} and {{pacingHigh}}; ' +
    "CTR {{ctr}}, CPM {{cpm}}, CPA {{cpa}}. Say which lines under- or over-pace, which lines' CTR or CPA stand out against the plan's, " +
    'and what the projected end spend ({{projectedEndSpend}} of {{budget}}) means. Five short points at most.',
  Offline:
    'Review the offline plan of {{activityName}} ({{versionName}}), in {{currency}}. Pacing is {{pacing}} against the thresholds {{pacingLow}} and {{pacingHigh}}; ' +
    'planned to date {{plannedToDate}}, actual to date {{actualToDate}}, amount left {{amountLeft}}. Say whether the plan and each line spend as planned ' +
    'and what the daily spend needed ({{dailyNeeded}} over {{daysLeft}} days left) means. Five short points at most.',
});

/** The prompt of a plan with no line in a known channel group (no group to choose). */
export const GENERAL_PROMPT =
  'Review the plan of {{activityName}} ({{versionName}}), in {{currency}}. Pacing is {{pacing}} against the thresholds {{pacingLow}} and {{pacingHigh}}. ' +
  "Say which lines under- or over-pace, which lines' KPIs stand out against the plan's, and what the spend left means. Five short points at most.";

/** The main account behind the request's account (x-account-id, checked by the kit). */
export async function mainAccountOf(caller: UserProfile, scopeAccountId: number): Promise<Account> {
  const account = await getAccount(caller.companyId, scopeAccountId);
  if (!account)
    throw new NotFoundError(`Account ${scopeAccountId} was not found`, 'NOT_FOUND', {
      entity: 'Account',
      id: scopeAccountId,
    });
  if (account.ParentId === null) return account;
  const main = await getAccount(caller.companyId, account.ParentId);
  if (!main)
    throw new NotFoundError(`Main account ${account.ParentId} was not found`, 'NOT_FOUND', {
      entity: 'Account',
      id: account.ParentId,
    });
  return main;
}

const viewOf = (group: ChannelGroup, saved: GroupPromptItem | undefined): GroupPromptView =>
  saved
    ? {
        ChannelGroup: group,
        Prompt: saved.Prompt,
        IsDefault: false,
        Version: saved.version,
        UpdatedAt: saved.updatedAt,
        UpdatedBy: saved.updatedBy,
      }
    : {
        ChannelGroup: group,
        Prompt: DEFAULT_GROUP_PROMPTS[group],
        IsDefault: true,
        Version: 0,
        UpdatedAt: null,
        UpdatedBy: null,
      };

/** One view per channel group, in CHANNEL_GROUPS order: saved ones over the defaults. */
function viewsOf(saved: readonly GroupPromptItem[]): GroupPromptView[] {
  const byGroup = new Map(saved.map((s) => [s.ChannelGroup, s]));
  return CHANNEL_GROUPS.map((g) => viewOf(g, byGroup.get(g)));
}

/** The views with who saved each by name (stored by e-mail; resolved at read, as plans do: modules/users/people.ts). */
async function namedViews(companyId: number, saved: readonly GroupPromptItem[]): Promise<GroupPromptView[]> {
  const nameOf = nameIn(await userNames(companyId));
  return viewsOf(saved).map((v) => ({ ...v, UpdatedBy: nameOf(v.UpdatedBy) }));
}

/** The prompts of a main account, by group (the defaults where never saved). */
export async function groupPromptsOf(
  companyId: number,
  mainAccountId: number,
): Promise<Record<ChannelGroup, GroupPromptView>> {
  const views = viewsOf(await listGroupPrompts(companyId, mainAccountId));
  return Object.fromEntries(views.map((v) => [v.ChannelGroup, v])) as Record<ChannelGroup, GroupPromptView>;
}

/** AccountsService.GetGroupPropmptsList: one prompt per channel group, always. */
export async function getGroupPromptsList(
  caller: UserProfile,
  scopeAccountId: number,
): Promise<ListOf<GroupPromptView>> {
  const main = await mainAccountOf(caller, scopeAccountId);
  return { Items: await namedViews(caller.companyId, await listGroupPrompts(caller.companyId, main.ID)) };
}

/**
 * The placeholder check at save: an unknown `{{name}}` is refused naming the field and the name
 * (FIELD_INVALID, reason UNKNOWN_PLACEHOLDER), as a custom column's formula names its unknown metric.
 */
export function checkPromptPlaceholders(prompt: string, field: string): void {
  const [name] = unknownPlaceholders(prompt);
  if (name === undefined) return;
  const detail = `Unknown placeholder '${name}'`;
  throw new ValidationError(`${field}: ${detail}`, 'FIELD_INVALID', {
    field,
    detail,
    reason: 'UNKNOWN_PLACEHOLDER',
    name,
  });
}

/** AccountsService.SaveGroupPropmts: the prompts sent, from the versions read, in one transaction; answers every group's. */
export async function saveGroupPromptsFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: output<typeof saveGroupPropmts>,
): Promise<ListOf<GroupPromptView>> {
  input.groupPropmts.forEach((p, i) => checkPromptPlaceholders(p.Prompt, `groupPropmts.${i}.Prompt`));
  const main = await mainAccountOf(caller, scopeAccountId);
  if (main.Status !== 'Active')
    throw new ConflictError(
      `Account '${main.Name}' is archived; restore it before editing its prompts`,
      'ACCOUNT_ARCHIVED',
      { account: main.Name },
    );
  const saved = await listGroupPrompts(caller.companyId, main.ID, true);
  const byGroup = new Map(saved.map((s) => [s.ChannelGroup, s]));
  const at = new Date().toISOString();
  const changes: GroupPromptChange[] = input.groupPropmts.map((p) => {
    const before = byGroup.get(p.ChannelGroup) ?? null;
    if ((before?.version ?? 0) !== p.Version) throw staleVersion();
    return {
      beforeVersion: p.Version,
      before,
      after: {
        AccountId: main.ID,
        ChannelGroup: p.ChannelGroup,
        Prompt: p.Prompt,
        version: p.Version + 1,
        updatedAt: at,
        updatedBy: caller.email,
      },
    };
  });
  await putGroupPrompts(caller.companyId, changes);
  for (const c of changes) byGroup.set(c.after.ChannelGroup, c.after);
  return { Items: await namedViews(caller.companyId, [...byGroup.values()]) };
}

/** The plan fact each figure placeholder is filled from. */
const PLAN_METRIC: Partial<Record<AnalysisPlaceholder, FactMetric>> = {
  budget: 'budget',
  plannedToDate: 'planned_to_date',
  actualToDate: 'actual_to_date',
  pacing: 'pacing_pct',
  projectedEndSpend: 'projected_end_spend',
  amountLeft: 'amount_left',
  dailyNeeded: 'daily_spend_needed',
  daysLeft: 'days_left',
  ctr: 'ctr',
  cpc: 'cpc',
  cpm: 'cpm',
  cpa: 'cpa',
  cvr: 'cvr',
  roas: 'roas',
  impressions: 'impressions',
  clicks: 'clicks',
  conversions: 'conversions',
  provisionalShare: 'provisional_share_pct',
  pacingLow: 'pacing_low',
  pacingHigh: 'pacing_high',
};

/** Made on first use: an Intl formatter made at import would start ICU in every cold start (test/kit/cold-init-work.test.ts). */
let numberFormat: Intl.NumberFormat | undefined;

/** An ISO currency code as is; anything else only as quoted data. */
const currencyText = (code: string) => (/^[A-Z]{3}$/.test(code) ? code : quotedData(code));

/** A days placeholder the template already follows with the word ("{{daysLeft}} days left") is filled with the number alone. */
const DAYS_WORD_NEXT = /^\s*(days?\b|\(s\)|ימים|יום)/i;

/** A fact's figure as a prompt shows it: the fact's value (never recomputed) with its unit. */
export function factFigure(f: Fact, after = ''): string {
  numberFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, useGrouping: true });
  const n = numberFormat.format(f.Value);
  switch (f.Unit) {
    case 'percent':
      return `${n}%`;
    case 'currency':
      return f.Currency ? `${n} ${currencyText(f.Currency)}` : n;
    case 'days':
      return DAYS_WORD_NEXT.test(after) ? n : `${n} ${f.Value === 1 ? 'day' : 'days'}`;
    case 'ratio':
      return `${n}x`;
    default:
      return n;
  }
}

/**
 * The prompt with its placeholders filled: names from the performance reply, figures from the
 * WHOLE PLAN's facts (the same values the answer is checked against); a figure the plan has no fact
 * for (an ended plan has no days left; no KPIs without spend) reads "n/a". A name is user text: it
 * goes in only as quoted data (quotedData), so it can neither instruct the model nor open or close
 * the facts block, and the model is told to name it exactly so, between double quotes.
 */
export function fillPrompt(
  prompt: string,
  perf: ActivityPerformance,
  facts: readonly Fact[],
  group: ChannelGroup | null,
): string {
  const plan = new Map(facts.filter((f) => f.SubjectKind === 'plan').map((f) => [f.Metric, f]));
  return fillPlaceholders(prompt, (name, after) => {
    switch (name) {
      case 'activityName':
        return quotedData(perf.ActivityName);
      case 'versionName':
        return quotedData(perf.VersionName);
      case 'channelGroup':
        return group ? quotedData(group) : 'n/a';
      case 'currency':
        return currencyText(perf.CurrencyCode);
      default: {
        const metric = PLAN_METRIC[name];
        const fact = metric ? plan.get(metric) : undefined;
        return fact ? factFigure(fact, after) : 'n/a';
      }
    }
  });
}

/** The channel group with the largest budget among the group facts (ties: CHANNEL_GROUPS order); null when none. */
export function largestGroup(facts: readonly Fact[]): ChannelGroup | null {
  let best: ChannelGroup | null = null;
  let most = -Infinity;
  for (const g of CHANNEL_GROUPS) {
    const f = facts.find((x) => x.SubjectKind === 'group' && x.Subject === g && x.Metric === 'budget');
    if (f && f.Value > most) {
      best = g;
      most = f.Value;
    }
  }
  return best;
}
