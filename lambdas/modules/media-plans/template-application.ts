import { randomUUID } from 'node:crypto';
import type { output } from 'zod/mini';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { AccountChannelType } from '../channel-types';
import { listChannelTypes } from '../channel-types';
import type { PlanLine, PlanVersion, MediaPlanStore, PlanReads } from './store';
import { defaultLineVendor } from './line-vendor';
import { planStore } from './store.dynamodb';
import { MEDIA_CHANNEL_ENTITY } from './store/items';
import type { UserProfile } from '../tenancy';
import type { applyTemplate } from './schemas/plans';
import { VersionStatus } from '../../shared/version-status';
import { minorToNumber, toMinor, type Minor } from '../../shared/money';
import { initAccountChannelTypes } from '../channel-types';
import { readPlanAccounts } from './plan-accounts';
import { explained } from './write-errors';
import { planWriteGuards } from './write-rules';
import { MAX_LINES_PER_PLAN } from '../../shared/money-limits';
import { kpisView, lineFigureError, lineFigureProblem, sumAggregates } from './figures';
import { checkVersionScope, explainActivity, explainHeader, lineView, requireDraft } from './scope';
import { shareHundredths, templateLinesFor, type TemplateLine } from '../templates';
import type { ApplyTemplateResult } from './replies/plans';

/**
 * Splits `total` minor units by shares (hundredths of a percent summing to 10,000) with the
 * largest-remainder method: each part gets the floor of its exact share, and the units left over
 * go one each to the parts with the largest remainders (the earlier part first on a tie), so the
 * parts always add up to exactly `total`.
 */
export function splitByShares(total: Minor, shares: readonly number[]): Minor[] {
  const whole = BigInt(shares.reduce((a, b) => a + b, 0));
  if (whole <= 0n) throw new RangeError('splitByShares: the shares must add up to more than 0');
  const t = BigInt(total);
  const parts = shares.map((s, index) => ({ index, base: (t * BigInt(s)) / whole, rest: (t * BigInt(s)) % whole }));
  let left = t - parts.reduce((acc, p) => acc + p.base, 0n);
  const order = [...parts].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const p of order) {
    if (left <= 0n) break;
    p.base += 1n;
    left -= 1n;
  }
  return parts.map((p) => Number(p.base));
}

/** ApplyTemplate's reply (modules/media-plans/replies/plans.ts). */
export type { ApplyTemplateResult };

/** Names a template line's channel type for a 400 (the catalogue's name when it has one). */
async function channelNames(ids: number[]): Promise<Map<number, string>> {
  const catalogue = await listChannelTypes();
  return new Map(ids.map((id) => [id, catalogue.find((c) => c.ID === id)?.Name ?? `channel type ${id}`]));
}

/**
 * ApplyTemplate's refusals before anything is written, in this order: a channel type the account
 * does not have active (400 naming them), shares not adding up to 100 %, too many lines for a plan.
 */
async function checkTemplateFits(
  input: output<typeof applyTemplate>,
  header: PlanVersion,
  templateLines: TemplateLine[],
  byType: Map<number, AccountChannelType>,
): Promise<void> {
  const missing = templateLines.filter((t) => !byType.get(t.ChannelTypeId)?.Active);
  if (missing.length) {
    const names = await channelNames(missing.map((t) => t.ChannelTypeId));
    const list = missing
      .map(
        (t) => `${names.get(t.ChannelTypeId)} (${t.ChannelTypeId}${byType.has(t.ChannelTypeId) ? ', inactive' : ''})`,
      )
      .join(', ');
    throw new ValidationError(
      `templateId: template ${input.templateId} uses channel types that account ${header.AccountId} does not have active: ${list}`,
      'TEMPLATE_CHANNELS_INACTIVE',
      { templateId: input.templateId, accountId: header.AccountId, list },
    );
  }
  if (shareHundredths(templateLines) !== 10_000) {
    throw new ValidationError(
      `templateId: the shares of template ${input.templateId} add up to ${shareHundredths(templateLines) / 100} %, not 100 %`,
      'SHARES_NOT_100',
      { field: 'templateId', total: shareHundredths(templateLines) / 100 },
    );
  }
  if (header.LineCount + templateLines.length > MAX_LINES_PER_PLAN) {
    throw new ConflictError(
      `Version ${header.Version} has ${header.LineCount} lines; template ${input.templateId} adds ${templateLines.length}, past the most a plan takes (${MAX_LINES_PER_PLAN})`,
      'PLAN_LINE_LIMIT',
      { version: header.Version, max: MAX_LINES_PER_PLAN },
    );
  }
}

/** What every line of one application shares. */
interface NewLinesOf {
  header: PlanVersion;
  activity: { StartDate: string; EndDate: string };
  byType: Map<number, AccountChannelType>;
  ids: number[];
  budgets: Minor[];
  /** Each copy's default vendor (line-vendor.ts), by copy id: a template names no vendor. */
  vendors: Map<number, number | null>;
  applyId: string;
  who: string;
  at: string;
}

/** The default vendor of each copy the template's lines use (once per copy: a template may repeat a type). */
async function defaultVendorsOf(
  store: PlanReads,
  companyId: number,
  templateLines: TemplateLine[],
  byType: Map<number, AccountChannelType>,
): Promise<Map<number, number | null>> {
  const used = [...new Set(templateLines.map((t) => byType.get(t.ChannelTypeId)!))];
  const found = await Promise.all(used.map((c) => defaultLineVendor(store, companyId, c)));
  return new Map(used.map((c, i) => [c.ID, found[i]]));
}

/** The template's lines as new lines of the draft, each checked for its derived figures (docs/money-limits.md). */
function templateLinesAsNew(templateLines: TemplateLine[], n: NewLinesOf): PlanLine[] {
  const { header, activity, byType, ids, budgets, vendors, applyId, at } = n;
  const lines: PlanLine[] = templateLines.map((t: TemplateLine, i) => {
    const copy = byType.get(t.ChannelTypeId)!;
    return {
      ID: ids[i],
      MediaMixId: header.ID,
      ActivityId: header.ActivityId,
      AccountId: header.AccountId,
      AccountChannelTypeId: copy.ID,
      ChannelTypeId: copy.ChannelTypeId,
      ChannelTypeName: copy.Name,
      Name: copy.Name,
      StartDate: activity.StartDate,
      EndDate: activity.EndDate,
      BuyType: t.BuyType,
      UnitCost: t.UnitCost,
      Budget: minorToNumber(budgets[i]),
      BudgetMinor: budgets[i],
      ManagementFeePct: t.ManagementFeePct ?? copy.ManagementFeePct,
      SystemFeePct: t.SystemFeePct ?? copy.SystemFeePct,
      ImageCreatives: 0,
      VideoCreatives: 0,
      Notes: t.Notes ?? '',
      MonthlySplit: null,
      SourceLineId: null,
      VendorId: vendors.get(copy.ID) ?? null,
      Archived: false,
      ApplyId: applyId,
      version: 1,
      createdAt: at,
      createdBy: n.who,
      updatedAt: at,
      updatedBy: n.who,
    };
  });
  for (const [i, l] of lines.entries()) {
    const problem = lineFigureProblem(l);
    if (problem)
      throw lineFigureError(
        'totalBudget',
        problem,
        `totalBudget: template line ${i + 1} (${l.Name}, ${l.BuyType} at ${l.UnitCost}) ${problem.message}`,
      );
  }
  return lines;
}

/**
 * TemplatesService.ApplyTemplate: adds the template's lines to a Draft mix. Each line's budget is
 * totalBudget × its share, split in minor units so the lines add up to exactly totalBudget; its
 * channel type is the account's copy of the template's global type (the account's copies are set
 * up first when it has none; a type the account does not have, or has switched off, is a 400 naming
 * it); its dates are the activity's; fees left empty on the template come from the account's copy.
 * The lines are ADDED to what the draft has. All lines, the header and the audit entry are written
 * all or nothing (one transaction; staged with compensation past 100 items).
 */
export async function applyTemplateFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: output<typeof applyTemplate>,
  store: MediaPlanStore = planStore,
): Promise<ApplyTemplateResult> {
  const companyId = caller.companyId;
  const [templateLines, header] = await Promise.all([
    templateLinesFor(companyId, input.templateId),
    store.header(companyId, input.mediaMixId, true),
  ]);
  if (!header)
    throw new NotFoundError(`Media mix ${input.mediaMixId} was not found`, 'NOT_FOUND', {
      entity: 'MediaMix',
      id: input.mediaMixId,
    });
  await checkVersionScope(caller, scopeAccountId, header, store);
  requireDraft(header);
  // readPlanAccounts reads the activity and refuses a plan of an archived account (409, plan-accounts.ts).
  const [read, existingCopies] = await Promise.all([
    readPlanAccounts(companyId, header.ActivityId, store),
    store.channelTypeCopies(companyId, header.AccountId, true),
  ]);
  const activity = read.activity;
  // The lines take the activity's dates: the activity must be the page's and not deleted (write-rules.ts).
  const dates = { start: activity.StartDate, end: activity.EndDate, field: 'activity' };
  const guards = planWriteGuards(read, scopeAccountId, dates);
  const copies = existingCopies.length
    ? existingCopies
    : (await initAccountChannelTypes(caller, header.AccountId, false)).Items;

  const byType = new Map<number, AccountChannelType>(copies.map((c) => [c.ChannelTypeId, c]));
  await checkTemplateFits(input, header, templateLines, byType);
  const shares = templateLines.map((t) => Math.round(t.SharePct * 100));
  const budgets = splitByShares(toMinor(input.totalBudget, 'totalBudget'), shares);
  const ids = await store.newIds(companyId, MEDIA_CHANNEL_ENTITY, templateLines.length);
  const at = new Date().toISOString();
  const applyId = randomUUID();
  const vendors = await defaultVendorsOf(store, companyId, templateLines, byType);
  // Every derived figure before anything is written (docs/money-limits.md).
  const lines = templateLinesAsNew(templateLines, {
    header,
    activity,
    byType,
    ids,
    budgets,
    vendors,
    applyId,
    who: caller.email,
    at,
  });
  await explained(
    () =>
      store.applyTemplate({
        companyId,
        versionId: header.ID,
        applyId,
        lines,
        delta: sumAggregates(lines),
        who: caller.email,
        at,
        guards,
        audit: {
          before: { LineCount: header.LineCount, version: header.version },
          after: { AppliedTemplateId: input.templateId, TotalBudget: input.totalBudget, Lines: lines.map(lineView) },
        },
      }),
    {
      accounts: read.accounts,
      version: () => explainHeader(store, companyId, header.ID, VersionStatus.Draft),
      activity: () => explainActivity(store, companyId, scopeAccountId, header.ActivityId, dates),
    },
  );
  return {
    MediaMixId: header.ID,
    TemplateId: input.templateId,
    TotalBudget: input.totalBudget,
    Lines: lines.map((l) => ({ ...lineView(l), Kpis: kpisView(l) })),
  };
}
