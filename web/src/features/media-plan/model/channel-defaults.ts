import type { BuyType } from '@server/shared/money';
import { cleanNumber, type LineForm } from './line-form';

/** What a line takes from its channel type (the account's copy): its name, default buy type and fees. */
export interface ChannelDefaults {
  ID: number;
  Name: string;
  DefaultBuyType: BuyType;
  ManagementFeePct: number;
  SystemFeePct: number;
}

export type FollowedField = 'Name' | 'BuyType' | 'ManagementFeePct' | 'SystemFeePct';

/** A line's form after its channel type changed, and the fields that followed the new type. */
export interface ChannelChange {
  form: LineForm;
  changed: FollowedField[];
}

/**
 * A line's channel type changes: each of its name, buy type and fees follows the new
 * type when it still holds what the old type gave it (or nothing) — a planner's own choice stays.
 * So a Google Search line (CPC) switched to YouTube becomes a CPV "YouTube" line, while a line the
 * planner renamed keeps its name. `changed` names what followed, for the row to say so.
 */
export function applyChannelDefaults(
  form: LineForm,
  before: ChannelDefaults | undefined,
  next: ChannelDefaults,
): ChannelChange {
  // Still what the old type gave (a fee compared as a number: "15" and "15.00" are the same), or nothing.
  const untouched = (value: string, given: string | number | undefined) => {
    if (value.trim() === '') return true;
    if (given === undefined) return false;
    return typeof given === 'number' ? Number(cleanNumber(value)) === given : value.trim() === given;
  };
  const wanted: Record<FollowedField, string> = {
    Name: next.Name,
    BuyType: next.DefaultBuyType,
    ManagementFeePct: String(next.ManagementFeePct),
    SystemFeePct: String(next.SystemFeePct),
  };
  const had: Record<FollowedField, string | number | undefined> = {
    Name: before?.Name,
    BuyType: before?.DefaultBuyType,
    ManagementFeePct: before?.ManagementFeePct,
    SystemFeePct: before?.SystemFeePct,
  };
  const out = { ...form };
  const changed: FollowedField[] = [];
  for (const f of Object.keys(wanted) as FollowedField[]) {
    if (out[f] === wanted[f] || !untouched(out[f], had[f])) continue;
    (out as Record<FollowedField, string>)[f] = wanted[f];
    changed.push(f);
  }
  return { form: out, changed };
}
