import type { output } from 'zod/mini';
import { moneyInputError, ValidationError } from '../../core/errors';
import type { AccountChannelType } from '../channel-types';
import type { PlanLine, PlanVersion } from './store';
import type { saveLine } from './schemas/plans';
import { monthlyPlan, MoneyInputError, toMinor } from '../../shared/money';
import { kpisView } from './figures';
import { lineView } from './scope';
import type { LineSaved } from './replies/plans';

/** A line as a save builds it from the input: its fields, its channel type's defaults, the money rules the schema cannot see, and the reply. */

/** A saved line as the save answers it. */
export const saved = (l: PlanLine, versionChanged: boolean): LineSaved => ({
  ...lineView(l),
  Kpis: kpisView(l),
  MediaMixChanged: versionChanged,
});

export type SaveInput = output<typeof saveLine>['mediaChannel'];

/** Money rules the schema cannot see: the monthly split (months inside the dates, parts summing to the budget). */
export function checkMoney(l: Pick<PlanLine, 'Budget' | 'StartDate' | 'EndDate' | 'MonthlySplit'>): void {
  try {
    monthlyPlan({ budget: l.Budget, startDate: l.StartDate, endDate: l.EndDate, monthlySplit: l.MonthlySplit });
  } catch (err) {
    if (err instanceof MoneyInputError)
      throw moneyInputError(
        err,
        (f) => `mediaChannel.${f.replace(/^monthlySplit/, 'MonthlySplit').replace(/^budget/, 'Budget')}`,
      );
    throw err;
  }
}

export function findCopy(
  copies: AccountChannelType[],
  id: number,
  accountId: number,
  requireActive: boolean,
): AccountChannelType {
  const copy = copies.find((c) => c.ID === id);
  if (!copy)
    throw new ValidationError(
      `mediaChannel.AccountChannelTypeId: ${id} is not a channel type of account ${accountId} (set them up with InitAccountChannelTypes)`,
      'CHANNEL_TYPE_UNKNOWN',
      { field: 'mediaChannel.AccountChannelTypeId', id },
    );
  if (requireActive && !copy.Active)
    throw new ValidationError(
      `mediaChannel.AccountChannelTypeId: channel type ${copy.Name} (${id}) is inactive for account ${accountId}`,
      'CHANNEL_TYPE_INACTIVE',
      { field: 'mediaChannel.AccountChannelTypeId', name: copy.Name },
    );
  return copy;
}

/** The fields a save sets, over `base` (the line before, or a new one). */
export function applyInput(base: PlanLine, l: SaveInput, copy: AccountChannelType | undefined): PlanLine {
  return {
    ...base,
    AccountChannelTypeId: l.AccountChannelTypeId,
    ChannelTypeId: copy?.ChannelTypeId ?? base.ChannelTypeId,
    ChannelTypeName: copy?.Name ?? base.ChannelTypeName,
    Name: l.Name || copy?.Name || base.ChannelTypeName,
    StartDate: l.StartDate,
    EndDate: l.EndDate,
    BuyType: l.BuyType,
    UnitCost: l.UnitCost,
    Budget: l.Budget,
    BudgetMinor: toMinor(l.Budget, 'mediaChannel.Budget'),
    // A fee left empty: the channel type's when the type is (new or) changed, else the line's own.
    ManagementFeePct: l.ManagementFeePct ?? copy?.ManagementFeePct ?? base.ManagementFeePct,
    SystemFeePct: l.SystemFeePct ?? copy?.SystemFeePct ?? base.SystemFeePct,
    ImageCreatives: l.ImageCreatives,
    VideoCreatives: l.VideoCreatives,
    Notes: l.Notes,
    MonthlySplit: l.MonthlySplit ?? null,
    // Checked by the save (line-vendor.ts); absent keeps the line's (a new line's default).
    VendorId: l.vendorId === undefined ? base.VendorId : l.vendorId,
  };
}

/** A new line of `header` on the channel type `copy`, before the input's fields are applied (applyInput). */
export function newLineOf(
  header: Pick<PlanVersion, 'ID' | 'ActivityId' | 'AccountId'>,
  id: number,
  copy: AccountChannelType,
  l: Pick<SaveInput, 'StartDate' | 'EndDate' | 'BuyType'>,
  who: string,
  at: string,
): PlanLine {
  return {
    ID: id,
    MediaMixId: header.ID,
    ActivityId: header.ActivityId,
    AccountId: header.AccountId,
    AccountChannelTypeId: copy.ID,
    ChannelTypeId: copy.ChannelTypeId,
    ChannelTypeName: copy.Name,
    Name: copy.Name,
    StartDate: l.StartDate,
    EndDate: l.EndDate,
    BuyType: l.BuyType,
    UnitCost: 0,
    Budget: 0,
    BudgetMinor: 0,
    ManagementFeePct: copy.ManagementFeePct,
    SystemFeePct: copy.SystemFeePct,
    ImageCreatives: 0,
    VideoCreatives: 0,
    Notes: '',
    MonthlySplit: null,
    SourceLineId: null,
    VendorId: null,
    Archived: false,
    version: 1,
    createdAt: at,
    createdBy: who,
    updatedAt: at,
    updatedBy: who,
  };
}
