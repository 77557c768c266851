import { activityPlans } from '../../lambdas/modules/media-plans/activity-plans';
import { initAccountChannelTypes } from '../../lambdas/modules/channel-types/account-channel-types';
import { saveActivityFor } from '../../lambdas/modules/activities/activities';
import { saveExchangeRateFor } from '../../lambdas/modules/exchange-rates';
import {
  approveVersion,
  saveVersionFor,
  submitVersion,
  type VersionView,
} from '../../lambdas/modules/media-plans/plans';
import { saveLineFor, type LineSaved } from '../../lambdas/modules/media-plans/lines';
import { saveTemplateFor } from '../../lambdas/modules/templates/templates';
import { ConflictError } from '../../lambdas/core/errors';
import type { AccountChannelType } from '../../lambdas/modules/channel-types/account-channel-type-store';
import type { Activity } from '../../lambdas/modules/activities/store';
import { getVersionHeader } from '../../lambdas/modules/media-plans/store/plans';
import { saveActivity } from '../../lambdas/modules/activities/schemas';
import { saveExchangeRate } from '../../lambdas/modules/exchange-rates/schemas';
import { saveLine, saveVersion } from '../../lambdas/modules/media-plans/schemas/plans';
import { templateInput } from '../../lambdas/modules/templates/schemas';
import { catalogueType, platformOperator } from './fixtures/platform';
import type { Company } from './world';

/**
 * Media-plan building blocks for tests and route fixtures, made through the domain functions (no
 * HTTP), in a company of test/support/world.ts: activities, the account's channel types, rates,
 * plan versions in each state, templates.
 */

export const PLAN_START = '2026-01-01';
export const PLAN_END = '2026-02-28';

/** The account's channel types (the global catalogue copied once; idempotent). */
export async function channelTypesOf(c: Company, accountId = c.accounts.main.ID): Promise<AccountChannelType[]> {
  await platformOperator();
  return (await initAccountChannelTypes(c.admin, accountId, false)).Items;
}

/** An account channel type by its catalogue name (the first one if the name is not there). */
export async function channelType(
  c: Company,
  name = 'Google Search',
  accountId = c.accounts.main.ID,
): Promise<AccountChannelType> {
  const all = await channelTypesOf(c, accountId);
  const wanted = await catalogueType(name);
  return all.find((t) => t.ChannelTypeId === wanted.ID && t.Active) ?? all.find((t) => t.Active)!;
}

export async function seedActivity(
  c: Company,
  o: {
    accountId?: number;
    subAccountId?: number | null;
    start?: string;
    end?: string;
    name?: string;
    budget?: number;
  } = {},
): Promise<Activity> {
  const accountId = o.accountId ?? c.accounts.main.ID;
  const view = await saveActivityFor(
    c.admin,
    saveActivity.parse({
      activity: {
        ID: 0,
        AccountId: accountId,
        SubAccountId: o.subAccountId ?? null,
        Name: o.name ?? 'Plan test flight',
        StartDate: o.start ?? PLAN_START,
        EndDate: o.end ?? PLAN_END,
        Budget: o.budget ?? 50000,
      },
    }),
    o.subAccountId ?? accountId,
    activityPlans,
  );
  return view as unknown as Activity;
}

/** A rate (1 from = rate to on date); saving the same key twice keeps the first. */
export async function seedRate(c: Company, date: string, from: string, to: string, rate: number): Promise<void> {
  try {
    await saveExchangeRateFor(
      c.admin,
      saveExchangeRate.parse({ exchangeRate: { Date: date, From: from, To: to, Rate: rate } }),
    );
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
  }
}

export async function seedVersion(
  c: Company,
  activity: Pick<Activity, 'ID' | 'AccountId'>,
  name = 'Plan',
): Promise<VersionView> {
  return saveVersionFor(
    c.planner,
    activity.AccountId,
    saveVersion.parse({ mediaMix: { ID: 0, ActivityId: activity.ID, Name: name } }),
  );
}

export interface LineSpec {
  Budget?: number;
  ManagementFeePct?: number | null;
  SystemFeePct?: number | null;
  ImageCreatives?: number;
  VideoCreatives?: number;
  BuyType?: string;
  UnitCost?: number;
  StartDate?: string;
  EndDate?: string;
  Name?: string;
  AccountChannelTypeId?: number;
}

export async function seedLine(
  c: Company,
  version: Pick<VersionView, 'ID' | 'AccountId'>,
  spec: LineSpec = {},
): Promise<LineSaved> {
  const type = spec.AccountChannelTypeId ?? (await channelType(c, 'Google Search', version.AccountId)).ID;
  return saveLineFor(
    c.planner,
    version.AccountId,
    saveLine.parse({
      mediaChannel: {
        ID: 0,
        MediaMixId: version.ID,
        AccountChannelTypeId: type,
        Name: spec.Name ?? 'Line',
        StartDate: spec.StartDate ?? PLAN_START,
        EndDate: spec.EndDate ?? PLAN_END,
        BuyType: spec.BuyType ?? 'CPM',
        UnitCost: spec.UnitCost ?? 25,
        Budget: spec.Budget ?? 1000,
        ManagementFeePct: spec.ManagementFeePct ?? 10,
        SystemFeePct: spec.SystemFeePct ?? 0,
        ImageCreatives: spec.ImageCreatives ?? 0,
        VideoCreatives: spec.VideoCreatives ?? 0,
      },
    }),
  );
}

export interface SeededPlan {
  activity: Activity;
  planVersion: VersionView;
  lines: LineSaved[];
}

/** An activity with a Draft version 1 and `lines` lines. */
export async function seedDraft(c: Company, lines = 1, activity?: Activity): Promise<SeededPlan> {
  const a = activity ?? (await seedActivity(c));
  const version = await seedVersion(c, a);
  const made: LineSaved[] = [];
  for (let i = 0; i < lines; i++) made.push(await seedLine(c, version, { Name: `Line ${i + 1}`, Budget: 1000 + i }));
  return { activity: a, planVersion: await current(c, version.ID), lines: made };
}

/** The header as it is now (its version moves with every line change). */
export async function current(c: Company, versionId: number): Promise<VersionView> {
  const h = await getVersionHeader(c.companyId, versionId, true);
  if (!h) throw new Error(`no media mix ${versionId}`);
  return { ...h, StatusName: '' } as VersionView;
}

export async function seedSubmitted(c: Company, lines = 1, activity?: Activity): Promise<SeededPlan> {
  const p = await seedDraft(c, lines, activity);
  const version = await submitVersion(c.planner, p.activity.AccountId, {
    mediaMixId: p.planVersion.ID,
    version: p.planVersion.version,
  });
  return { ...p, planVersion: version };
}

/** An Approved version (a USD→ILS rate of 2001-02-03 is seeded so the approval finds one). */
export async function seedApproved(c: Company, lines = 1, activity?: Activity): Promise<SeededPlan> {
  await seedRate(c, '2001-02-03', 'USD', 'ILS', 3.7);
  const p = await seedSubmitted(c, lines, activity);
  const version = await approveVersion(c.approver, p.activity.AccountId, {
    mediaMixId: p.planVersion.ID,
    version: p.planVersion.version,
  });
  return { ...p, planVersion: version };
}

/** A company template of catalogue types by name and share. */
export async function seedTemplate(
  c: Company,
  lines: { type: string; share: number; buyType?: string; unitCost?: number; managementFeePct?: number | null }[] = [
    { type: 'Google Search', share: 60, buyType: 'CPC', unitCost: 2.5 },
    { type: 'Meta (Facebook)', share: 40, buyType: 'CPM', unitCost: 35 },
  ],
): Promise<number> {
  await platformOperator();
  const types = await Promise.all(lines.map((l) => catalogueType(l.type)));
  const t = await saveTemplateFor(
    c.admin,
    templateInput.parse({
      ID: 0,
      Name: 'Plan test template',
      Lines: lines.map((l, i) => ({
        ChannelTypeId: types[i].ID,
        SharePct: l.share,
        BuyType: l.buyType ?? 'CPM',
        UnitCost: l.unitCost ?? 20,
        ManagementFeePct: l.managementFeePct ?? null,
      })),
    }),
  );
  return t.ID;
}
