import {
  BUY_TYPES,
  lineAmounts,
  plannedKpis,
  type BuyType,
  type CreativeFees,
  type LineAmounts,
  type LineInput,
  type PlannedKpis,
} from '@server/shared/money';
import { lineInput } from '@server/modules/media-plans/schemas/plans';
import { MAX_LINE_BUDGET } from '@server/shared/money-limits';
import { numberInput } from '../../../lib/forms/number-input';
import { checkForm, type FieldIssue, type RouteForm, type RuleIssue } from '../../../lib/forms/route-form';
import type { LinePayload, LineView } from '../api/media-plan-api';

export { BUY_TYPES };

/** The largest line budget (lambdas/shared/money-limits.ts, the API's own): the split and template dialogs check against it. */
export { MAX_LINE_BUDGET };

/** A plan line as its row edits it: numbers still text, as typed. */
export interface LineForm {
  AccountChannelTypeId: string;
  Name: string;
  StartDate: string;
  EndDate: string;
  BuyType: BuyType;
  UnitCost: string;
  Budget: string;
  ManagementFeePct: string;
  SystemFeePct: string;
  ImageCreatives: string;
  VideoCreatives: string;
  Notes: string;
  /** The vendor's id, '' for none. */
  VendorId: string;
}

export type LineField = keyof LineForm;
/** Why each field of a row is refused: the API's code and params (shown by lib/forms fieldText, naming the cell). */
export type LineErrors = Partial<Record<LineField, FieldIssue>>;

/** The fields a row saves (and compares to find out whether it changed). */
export const LINE_FIELDS: readonly LineField[] = [
  'AccountChannelTypeId',
  'Name',
  'StartDate',
  'EndDate',
  'BuyType',
  'UnitCost',
  'Budget',
  'ManagementFeePct',
  'SystemFeePct',
  'ImageCreatives',
  'VideoCreatives',
  'Notes',
  'VendorId',
];

export type PlanLine = Pick<
  LineView,
  | 'ID'
  | 'MediaMixId'
  | 'AccountChannelTypeId'
  | 'ChannelTypeName'
  | 'Name'
  | 'StartDate'
  | 'EndDate'
  | 'BuyType'
  | 'UnitCost'
  | 'Budget'
  | 'ManagementFeePct'
  | 'SystemFeePct'
  | 'ImageCreatives'
  | 'VideoCreatives'
  | 'Notes'
  | 'MonthlySplit'
  | 'VendorId'
  | 'version'
>;

export function formOf(l: PlanLine): LineForm {
  return {
    AccountChannelTypeId: String(l.AccountChannelTypeId),
    Name: l.Name,
    StartDate: l.StartDate,
    EndDate: l.EndDate,
    BuyType: l.BuyType,
    UnitCost: String(l.UnitCost),
    Budget: String(l.Budget),
    ManagementFeePct: String(l.ManagementFeePct),
    SystemFeePct: String(l.SystemFeePct),
    ImageCreatives: String(l.ImageCreatives),
    VideoCreatives: String(l.VideoCreatives),
    Notes: l.Notes ?? '',
    VendorId: l.VendorId == null ? '' : String(l.VendorId),
  };
}

export const sameForm = (a: LineForm, b: LineForm) => LINE_FIELDS.every((k) => a[k].trim() === b[k].trim());

/** "10,000.5" and " 10000.50 " as the API wants them ("10000.5"); the grid accepts thousands separators. */
export const cleanNumber = (s: string) => s.replace(/[,\s\u00a0]/g, '');

/** The activity's dates: a line runs within them (the API refuses it otherwise). */
export interface DateRange {
  min: string;
  max: string;
}

/**
 * A row checked as SaveMediaChannel checks it: the route's own schema over the payload the row
 * saves (toPayload), and the domain's rule of the line alone, its dates within the activity's
 * (LINE_OUTSIDE_ACTIVITY, modules/media-plans/write-rules.ts; the side that sticks out). The grid is no
 * dialog: a row keeps what is typed in its own state and saves itself, so it uses the check
 * directly (lib/forms checkForm), not react-hook-form.
 */
export const lineRoute = (line: PlanLine, range?: DateRange | null): RouteForm<LineForm, typeof lineInput> => ({
  schema: lineInput,
  toInput: (f) => toPayload(line, f),
  inputKey: 'mediaChannel',
  rules: (input) => outsideActivity(input.StartDate, input.EndDate, range),
});

/** LINE_OUTSIDE_ACTIVITY on each date that sticks out of the activity's. */
function outsideActivity(start: string, end: string, range?: DateRange | null): RuleIssue[] {
  if (!range) return [];
  const params = { start, end, activityStart: range.min, activityEnd: range.max };
  return [
    ...(start < range.min
      ? [{ path: 'StartDate', code: 'LINE_OUTSIDE_ACTIVITY' as const, params: { field: 'StartDate', ...params } }]
      : []),
    ...(end > range.max
      ? [{ path: 'EndDate', code: 'LINE_OUTSIDE_ACTIVITY' as const, params: { field: 'EndDate', ...params } }]
      : []),
  ];
}

/** Field checks of a row, from the line's version (toPayload): refuses what the API refuses, so saves do not bounce. */
export function validateLine(line: PlanLine, f: LineForm, range?: DateRange | null): LineErrors {
  // A row as saved is what the API accepted; only the activity's dates may have moved since. Every row
  // of a plan is checked as it loads, so these skip the schema (~70 µs a row) for the rule alone.
  if (sameForm(f, formOf(line)))
    return Object.fromEntries(
      outsideActivity(f.StartDate, f.EndDate, range).map(({ path, code, params }) => [path, { code, params }]),
    );
  const check = checkForm(lineRoute(line, range), f);
  return check.ok
    ? {}
    : Object.fromEntries([...check.issues].filter(([field]) => (LINE_FIELDS as readonly string[]).includes(field)));
}

export const hasErrors = (e: LineErrors) => Object.keys(e).length > 0;

/** The money module's input of a saved line. */
export const inputOfLine = (
  l: Pick<PlanLine, 'Budget' | 'ManagementFeePct' | 'SystemFeePct' | 'ImageCreatives' | 'VideoCreatives'>,
): LineInput => ({
  budget: l.Budget,
  managementFeePct: l.ManagementFeePct,
  systemFeePct: l.SystemFeePct,
  imageCreatives: l.ImageCreatives,
  videoCreatives: l.VideoCreatives,
});

/**
 * The money module's input of a row as typed, or null while a money field is invalid or a fee is left
 * empty (the channel type's fee, which the saved line will show): the row shows the saved figures then.
 */
export function inputOfForm(f: LineForm, errors: LineErrors): LineInput | null {
  if (errors.Budget || errors.ManagementFeePct || errors.SystemFeePct || errors.ImageCreatives || errors.VideoCreatives)
    return null;
  const [budget, managementFeePct, systemFeePct, imageCreatives, videoCreatives] = [
    f.Budget,
    f.ManagementFeePct,
    f.SystemFeePct,
    f.ImageCreatives,
    f.VideoCreatives,
  ].map(numberInput);
  if (typeof budget !== 'number' || typeof managementFeePct !== 'number' || typeof systemFeePct !== 'number')
    return null;
  return {
    budget,
    managementFeePct,
    systemFeePct,
    imageCreatives: Number(imageCreatives ?? 0),
    videoCreatives: Number(videoCreatives ?? 0),
  };
}

/** What a row shows next to its inputs: the line's amounts (minor units) and its planned KPI. */
export interface LineFigures {
  amounts: LineAmounts;
  kpis: PlannedKpis;
}

export function figuresOf(
  input: LineInput,
  kpi: { buyType: BuyType; unitCost: string | number },
  fees: CreativeFees,
): LineFigures {
  const amounts = lineAmounts(input, fees);
  let kpis: PlannedKpis = { impressions: null, clicks: null, conversions: null, views: null };
  try {
    kpis = plannedKpis({ buyType: kpi.buyType, budget: input.budget, unitCost: kpi.unitCost });
  } catch {
    /* an invalid unit cost plans nothing */
  }
  return { amounts, kpis };
}

/** Whether a row's save keeps the line's monthly split: only while its budget and dates stay as they were. */
export const keepsSplit = (line: PlanLine, f: LineForm): boolean =>
  !!line.MonthlySplit &&
  numberInput(f.Budget) === line.Budget &&
  f.StartDate === line.StartDate &&
  f.EndDate === line.EndDate;

/** A row's save drops the line's monthly split (its budget or dates changed): the line goes back to pro rata by days. */
export const dropsSplit = (line: PlanLine, f: LineForm): boolean => !!line.MonthlySplit && !keepsSplit(line, f);

/**
 * The SaveMediaChannel payload of a row, from the line's version. A monthly split is kept while
 * budget and dates stay as they were; when they change, it no longer adds up, so the line goes
 * back to pro rata by days (the split itself is edited in the monthly split dialog: `splitPayload`).
 */
export function toPayload(line: PlanLine, f: LineForm): LinePayload {
  return {
    ID: line.ID,
    MediaMixId: line.MediaMixId,
    AccountChannelTypeId: numberInput(f.AccountChannelTypeId),
    Name: f.Name.trim(),
    StartDate: f.StartDate,
    EndDate: f.EndDate,
    BuyType: f.BuyType,
    UnitCost: numberInput(f.UnitCost),
    Budget: numberInput(f.Budget),
    // An empty fee is null: the account channel type's fee.
    ManagementFeePct: numberInput(f.ManagementFeePct) ?? null,
    SystemFeePct: numberInput(f.SystemFeePct) ?? null,
    ImageCreatives: numberInput(f.ImageCreatives),
    VideoCreatives: numberInput(f.VideoCreatives),
    Notes: f.Notes,
    MonthlySplit: keepsSplit(line, f) ? line.MonthlySplit : null,
    vendorId: f.VendorId ? Number(f.VendorId) : null,
    version: line.version,
  };
}

/** The SaveMediaChannel payload of the monthly split dialog: the saved line as it is, with a new split (null: pro rata by days). */
export const splitPayload = (line: PlanLine, split: Record<string, number> | null): LinePayload => ({
  ...toPayload(line, formOf(line)),
  MonthlySplit: split,
});
