import { ConflictError, NotFoundError } from '../../core/errors';
import { MoneyInputError } from '../../shared/money';
import { CURRENCY_CODES } from '../../shared/version-status';
import { fixedRateOf, getActivityPlan, getVersionWithLines, type PlanVersion } from '../media-plans';
import { orderContentOf, type OrderConversion } from './order-amounts';
import { ancestorsThrough, diffOrderLines } from './order-diff';
import type { OrderLineDiff, OrderView } from './replies';
import { sourceLineOf, type SourceLine } from './source-lines';
import type { Order } from './store';

/** What orders read of plan versions: a version's lines as the rules see them, its conversion, what changed. */

/** A version's header and live lines (as SourceLine); not found when it is gone. */
export async function versionSource(
  companyId: number,
  versionId: number,
  consistent = false,
): Promise<{ header: PlanVersion; lines: SourceLine[] }> {
  const v = await getVersionWithLines(companyId, versionId, consistent);
  if (!v)
    throw new NotFoundError(`Media mix ${versionId} was not found`, 'NOT_FOUND', { entity: 'MediaMix', id: versionId });
  return { header: v.header, lines: v.lines.map(sourceLineOf) };
}

/**
 * How an Approved version's amounts reach a vendor's currency: its own currency (Pricing, fixed at
 * approval) and its fixed rate. A vendor in another currency needs that rate: 409 RATE_MISSING
 * when the version has none (only a version approved before rates were fixed).
 */
export function conversionFor(header: PlanVersion, vendorCurrency: 1 | 2, fallbackCurrency: 1 | 2): OrderConversion {
  const planCurrency = header.Pricing?.Currency ?? fallbackCurrency;
  const rate = fixedRateOf(header);
  if (planCurrency !== vendorCurrency && !rate) {
    const from = CURRENCY_CODES[planCurrency];
    const to = CURRENCY_CODES[vendorCurrency];
    const date = (header.ApprovedAt ?? '').slice(0, 10);
    throw new ConflictError(`Version ${header.Version} has no fixed rate from ${from} to ${to}`, 'RATE_MISSING', {
      from,
      to,
      date,
    });
  }
  return { planCurrency, vendorCurrency, rate: planCurrency === vendorCurrency ? null : rate };
}

/** A vendor's content from lines; a line whose figures are out of range is a 409 naming it. */
export function contentOrRefusal(lines: readonly SourceLine[], c: OrderConversion) {
  try {
    return orderContentOf(lines, c);
  } catch (err) {
    if (!(err instanceof MoneyInputError)) throw err;
    const named = lines.map((l) => `${l.LineId} (${l.Name})`).join(', ');
    throw new ConflictError(`Lines ${named}: ${err.message}`, 'PLAN_LINES_OUT_OF_RANGE', { lines: named });
  }
}

/** Versions followed back from a newer one (SourceMixId) at most this far. */
const MAX_CHAIN = 50;

/**
 * Whether the activity's latest approved version differs from the order for its vendor's lines, and
 * how (order-diff.ts). The newer version's lines are matched to the order's through the versions'
 * SourceLineId, read back version by version to the order's. Null when nothing differs; a newer
 * version whose figures cannot be computed is named with no diff (reading never fails on them).
 */
export async function changeOf(
  companyId: number,
  o: Order,
): Promise<{ ChangedIn: OrderView['ChangedIn']; Diff: OrderLineDiff[] }> {
  const none = { ChangedIn: null, Diff: [] };
  const plan = await getActivityPlan(companyId, o.ActivityId);
  const latestId = plan?.ApprovedMixId ?? null;
  if (latestId === null || latestId === o.MediaMixId) return none;
  const latest = await getVersionWithLines(companyId, latestId);
  if (!latest) return none;
  const changedIn = { MediaMixId: latestId, PlanVersion: latest.header.Version };
  const mine = latest.lines.map(sourceLineOf).filter((l) => l.VendorId === o.VendorId);
  let after;
  try {
    after = orderContentOf(mine, conversionFor(latest.header, o.Currency, o.PlanCurrency)).Lines;
  } catch (err) {
    if (err instanceof MoneyInputError || err instanceof ConflictError) return { ChangedIn: changedIn, Diff: [] };
    throw err;
  }
  const chain: Map<number, number | null>[] = [];
  let at: { header: PlanVersion; lines: { ID: number; SourceLineId: number | null }[] } | undefined = latest;
  while (at && at.header.ID !== o.MediaMixId && chain.length < MAX_CHAIN) {
    chain.push(new Map(at.lines.map((l) => [l.ID, l.SourceLineId])));
    const from: number | null = at.header.SourceMixId;
    at = from === null ? undefined : await getVersionWithLines(companyId, from);
  }
  const reached = at?.header.ID === o.MediaMixId;
  const ancestors = reached
    ? ancestorsThrough(
        after.map((l) => l.LineId),
        chain,
        new Set(o.Lines.map((l) => l.LineId)),
      )
    : new Map<number, number>();
  const diff = diffOrderLines(o.Lines, after, ancestors);
  return diff.length ? { ChangedIn: changedIn, Diff: diff } : none;
}
