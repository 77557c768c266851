import { ConflictError, STALE_VERSION_MESSAGE } from '../../core/errors';
import { nextId } from '../../aws/dynamodb/counters';
import { illegalTransitionMessage, MEDIA_MIX_STATUS_NAMES, VersionStatus } from '../../shared/version-status';
import { getActivity } from '../activities';
import { getActivityPlan, loadVersionInScope, mainAccountOf } from '../media-plans';
import type { UserProfile } from '../tenancy';
import { getVendor, type Vendor } from '../vendors';
import { generateOutcome, refreshedOrder, stale } from './order-versioning';
import { namesOf, summaryOf } from './order-views';
import { contentOrRefusal, conversionFor, versionSource } from './plan-source';
import type { GenerateOrdersReply, GenerateOutcome } from './replies';
import { linesByVendor, type SourceLine } from './source-lines';
import type { Order } from './store';
import { getOrderOf, insertOrder, replaceOrder } from './store.dynamodb';

type Content = Pick<
  Order,
  | 'AccountId'
  | 'SubAccountId'
  | 'MediaMixId'
  | 'PlanVersion'
  | 'Currency'
  | 'PlanCurrency'
  | 'Rate'
  | 'Lines'
  | 'TotalMinor'
>;

/**
 * OrdersService.GenerateOrders (docs/buy-side.md): from the activity's latest Approved version,
 * one order per vendor of its live lines. Every vendor's content is computed before anything is
 * written, so a refusal (not approved, superseded: STALE_VERSION, a missing rate, a figure out of range) writes
 * nothing. Then per vendor: no order yet → created (Version 1, draft); a draft → refreshed when
 * its content differs; an approved order → left locked. Run again, it changes nothing.
 */
export async function generateOrdersFor(
  caller: UserProfile,
  scopeAccountId: number,
  mediaMixId: number,
): Promise<GenerateOrdersReply> {
  const companyId = caller.companyId;
  const header = await loadVersionInScope(caller, scopeAccountId, mediaMixId, true);
  if (header.Status !== VersionStatus.Approved)
    throw new ConflictError(illegalTransitionMessage('order', header.Status), 'PLAN_ACTION_NOT_ALLOWED', {
      action: 'order',
      status: MEDIA_MIX_STATUS_NAMES[header.Status],
    });
  const [plan, source, activity, main] = await Promise.all([
    getActivityPlan(companyId, header.ActivityId, true),
    versionSource(companyId, mediaMixId, true),
    getActivity(companyId, header.ActivityId),
    mainAccountOf(companyId, header.AccountId),
  ]);
  // A later version was approved since the caller read this one: the page is stale, a reload shows the latest.
  if (plan?.ApprovedMixId && plan.ApprovedMixId !== header.ID)
    throw new ConflictError(
      `Version ${header.Version} is no longer the plan's latest approved version (${plan.ApprovedVersion} is); ${STALE_VERSION_MESSAGE}`,
      'STALE_VERSION',
    );
  const { byVendor, noVendor } = linesByVendor(source.lines);
  const vendors = await Promise.all([...byVendor.keys()].map((id) => getVendor(companyId, id)));
  const missing: SourceLine[] = [];
  const contents: { vendor: Vendor; content: Content }[] = [];
  [...byVendor.values()].forEach((lines, i) => {
    const vendor = vendors[i];
    if (!vendor) return void missing.push(...lines);
    const conv = conversionFor(header, vendor.Currency, main.Currency);
    const content = contentOrRefusal(lines, conv);
    contents.push({
      vendor,
      content: {
        AccountId: header.AccountId,
        SubAccountId: activity?.SubAccountId ?? null,
        MediaMixId: header.ID,
        PlanVersion: header.Version,
        Currency: vendor.Currency,
        PlanCurrency: conv.planCurrency,
        Rate: conv.rate,
        ...content,
      },
    });
  });
  const written: { order: Order; outcome: GenerateOutcome }[] = [];
  for (const { vendor, content } of contents)
    written.push(await writeOrder(caller, header.ActivityId, vendor, content));
  const names = await namesOf(
    companyId,
    written.map((w) => w.order),
  );
  return {
    MediaMixId: header.ID,
    Orders: written.map((w) => ({ ...summaryOf(w.order, names), Outcome: w.outcome })),
    NoVendor: [...noVendor, ...missing]
      .sort((a, b) => a.LineId - b.LineId)
      .map((l) => ({ LineId: l.LineId, Name: l.Name })),
  };
}

/** One vendor's order created, refreshed or left, by generateOutcome. */
async function writeOrder(
  caller: UserProfile,
  activityId: number,
  vendor: Vendor,
  content: Content,
): Promise<{ order: Order; outcome: GenerateOutcome }> {
  const companyId = caller.companyId;
  const existing = await getOrderOf(companyId, activityId, vendor.ID, true);
  const outcome = generateOutcome(existing, content);
  const at = new Date().toISOString();
  if (existing && outcome === 'refreshed') {
    const after = refreshedOrder(existing, content, caller.email, at);
    await replaceOrder(companyId, existing, after, 'update', stale());
    return { order: after, outcome };
  }
  if (existing) return { order: existing, outcome };
  const order: Order = {
    ID: await nextId(companyId, 'Order'),
    ActivityId: activityId,
    VendorId: vendor.ID,
    ...content,
    Version: 1,
    Status: 'draft',
    LastApprovedVersion: null,
    ApprovedBy: null,
    ApprovedAt: null,
    RevokedBy: null,
    RevokedAt: null,
    RevokeReason: null,
    History: [],
    version: 1,
    createdAt: at,
    createdBy: caller.email,
    updatedAt: at,
    updatedBy: caller.email,
  };
  // Another GenerateOrders of the same plan created it first: a reload shows it.
  await insertOrder(companyId, order, stale());
  return { order, outcome };
}
