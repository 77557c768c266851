import { VersionStatus } from '@server/shared/version-status';
import type { FrameCell, FrameRow, FrameScreen } from '../../lib/first-frame/screen';
import { dateInputText } from '../../lib/forms/date-text';
import { numberInputText } from '../../lib/forms/number-text';
import type { VersionInfo, VersionLineView } from './api/media-plan-api';
import { askedVersion, planAddress } from './api/plan-address';
import { decimalMoney } from './model/money-text';

const NUMBERS = ['UnitCost', 'Budget', 'ManagementFeePct'] as const;

/**
 * A line's cells as the editable grid's first render draws them (line-cells.tsx): the columns of
 * plan-grid.tsx in order, the inputs and selects by name with what the row's form holds
 * (line-form.ts formOf) as its inputs write it; the KPI and the custom columns, worded and computed
 * by the console, are left to it.
 */
function lineCells(l: VersionLineView, n: number, currency: number, locale: string): FrameCell[] {
  const amount = (v: number | undefined): FrameCell =>
    v === undefined ? null : { text: decimalMoney(v, currency, locale) };
  const number = (name: string, v: number): FrameCell => ({ name, value: numberInputText(String(v), locale) });
  const a = l.Amounts ?? undefined;
  return [
    { text: String(n) },
    { name: 'AccountChannelTypeId', value: String(l.AccountChannelTypeId), option: l.ChannelTypeName },
    { name: 'Name', value: l.Name },
    { name: 'StartDate', value: dateInputText(l.StartDate, locale) },
    { name: 'EndDate', value: dateInputText(l.EndDate, locale) },
    { name: 'BuyType', value: l.BuyType },
    ...NUMBERS.map((f) => number(f, l[f])),
    amount(a?.ManagementFee),
    number('SystemFeePct', l.SystemFeePct),
    amount(a?.SystemFee),
    number('ImageCreatives', l.ImageCreatives),
    number('VideoCreatives', l.VideoCreatives),
    amount(a?.CreativeFee),
    amount(a?.Subtotal),
    null,
    // By name, past the company's custom columns.
    { name: 'Notes', value: l.Notes ?? '' },
    { name: 'VendorId', value: l.VendorId == null ? '' : String(l.VendorId) },
  ];
}

const isVersion = (v: unknown): v is VersionInfo =>
  typeof v === 'object' && v !== null && Array.isArray((v as VersionInfo).Lines);

/**
 * The plan editor opened on an activity's newest version, as its first render draws it: the lines
 * of GetMediaMixInfo { activityId } in the grid, editable. Only a Draft is drawn so (the only
 * version the grid offers to edit); the frame is kept only from an editable grid. Its inputs can be
 * typed into before the console starts: the editor types what was typed again into its rows.
 */
export const planFrame: FrameScreen<FrameRow> = {
  id: 'plan',
  editable: true,
  call({ pathname, search }) {
    const address = planAddress(pathname);
    if (!address || askedVersion(search) !== null) return null;
    const body = { activityId: address.activityId };
    return { service: 'MediaMixService', method: 'GetMediaMixInfo', body, accountId: address.accountId };
  },
  rows(reply, view) {
    if (!isVersion(reply) || reply.Status !== VersionStatus.Draft) return [];
    return reply.Lines.map((l, i) => ({ key: String(l.ID), cells: lineCells(l, i + 1, reply.Currency, view.locale) }));
  },
};
