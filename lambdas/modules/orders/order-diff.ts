import { minorToNumber } from '../../shared/money';
import type { OrderLineDiff, OrderLineSide, OrderPeriodChange } from './replies';
import type { OrderLine } from './store';

/**
 * How an order's lines differ in a newer approved version of its plan (docs/buy-side.md, "Changed
 * orders"): a newer line is the same line as the order's when it descends from it (`ancestorOf`:
 * the newer line's id → the order's line id, followed through the versions' SourceLineId). A line
 * of the order with no descendant is removed; a newer line with no ancestor in the order is added;
 * a pair is changed when its dates or any month's amount differ. Names alone do not make a change.
 * Removed and changed lines come in the order's line order, then the added ones in theirs.
 */
export function diffOrderLines(
  before: readonly OrderLine[],
  after: readonly OrderLine[],
  ancestorOf: ReadonlyMap<number, number>,
): OrderLineDiff[] {
  const descendant = new Map<number, OrderLine>();
  for (const l of after) {
    const a = ancestorOf.get(l.LineId);
    if (a !== undefined && !descendant.has(a)) descendant.set(a, l);
  }
  const matched = new Set([...descendant.values()].map((l) => l.LineId));
  const out: OrderLineDiff[] = [];
  for (const b of before) {
    const a = descendant.get(b.LineId);
    if (!a) {
      out.push({ LineId: b.LineId, Change: 'removed', Before: side(b), After: null, Periods: periods(b, undefined) });
      continue;
    }
    const changes = periods(b, a).filter((p) => p.Before !== p.After);
    if (changes.length || a.StartDate !== b.StartDate || a.EndDate !== b.EndDate)
      out.push({ LineId: b.LineId, Change: 'changed', Before: side(b), After: side(a), Periods: changes });
  }
  for (const a of after)
    if (!matched.has(a.LineId))
      out.push({ LineId: a.LineId, Change: 'added', Before: null, After: side(a), Periods: periods(undefined, a) });
  return out;
}

const side = (l: OrderLine): OrderLineSide => ({
  Name: l.Name,
  StartDate: l.StartDate,
  EndDate: l.EndDate,
  Total: minorToNumber(l.TotalMinor),
});

/** Every month of either side, by month, each side's amount (0 where it has no such month). */
function periods(b: OrderLine | undefined, a: OrderLine | undefined): OrderPeriodChange[] {
  const months = new Map<string, { before: number; after: number }>();
  for (const m of b?.Months ?? []) months.set(m.Month, { before: m.AmountMinor, after: 0 });
  for (const m of a?.Months ?? [])
    months.set(m.Month, { before: months.get(m.Month)?.before ?? 0, after: m.AmountMinor });
  return [...months.entries()]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([Month, v]) => ({ Month, Before: minorToNumber(v.before), After: minorToNumber(v.after) }));
}

/**
 * The order's line id each line of a newer version descends from. `chain` is the versions from the
 * newer one back to (not including) the order's, each as its lines' id → SourceLineId; a line whose
 * chain breaks (added in between, or the version was not copied from the previous one) has none.
 */
export function ancestorsThrough(
  newerLineIds: readonly number[],
  chain: readonly ReadonlyMap<number, number | null>[],
  orderLineIds: ReadonlySet<number>,
): Map<number, number> {
  const out = new Map<number, number>();
  for (const id of newerLineIds) {
    let at: number | null | undefined = id;
    for (const step of chain) {
      at = at === null || at === undefined ? undefined : step.get(at);
      if (at === null || at === undefined) break;
    }
    if (typeof at === 'number' && orderLineIds.has(at)) out.set(id, at);
  }
  return out;
}
