import {
  BUY_TYPES, lineAmounts, plannedKpis, type BuyType, type CreativeFees, type LineAmounts, type LineInput, type PlannedKpis,
} from '@server/shared/money';
import { MAX_CREATIVES, MAX_LINE_BUDGET, MAX_UNIT_COST, MIN_UNIT_COST } from '@server/shared/money-limits';
import type { MediaChannelPayload, MediaChannelView } from '../api/media-plan-api';

export { BUY_TYPES, type BuyType };

/** Bounds of the API's line schema (lambdas/shared/money-limits.ts, the API's own); checked here too so a bad value never leaves the row. */
export { MAX_CREATIVES, MAX_LINE_BUDGET, MAX_UNIT_COST };
export const MAX_NAME = 200;
export const MAX_NOTES = 2000;

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
}

export type LineField = keyof LineForm;
export type LineErrors = Partial<Record<LineField, string>>;

/** The fields a row saves (and compares to find out whether it changed). */
export const LINE_FIELDS: readonly LineField[] = [
  'AccountChannelTypeId', 'Name', 'StartDate', 'EndDate', 'BuyType', 'UnitCost', 'Budget',
  'ManagementFeePct', 'SystemFeePct', 'ImageCreatives', 'VideoCreatives', 'Notes',
];

export type PlanLine = Pick<MediaChannelView,
  'ID' | 'MediaMixId' | 'AccountChannelTypeId' | 'ChannelTypeName' | 'Name' | 'StartDate' | 'EndDate' | 'BuyType' | 'UnitCost' | 'Budget'
  | 'ManagementFeePct' | 'SystemFeePct' | 'ImageCreatives' | 'VideoCreatives' | 'Notes' | 'MonthlySplit' | 'version'>;

export function formOf(l: PlanLine): LineForm {
  return {
    AccountChannelTypeId: String(l.AccountChannelTypeId), Name: l.Name, StartDate: l.StartDate, EndDate: l.EndDate, BuyType: l.BuyType,
    UnitCost: String(l.UnitCost), Budget: String(l.Budget), ManagementFeePct: String(l.ManagementFeePct), SystemFeePct: String(l.SystemFeePct),
    ImageCreatives: String(l.ImageCreatives), VideoCreatives: String(l.VideoCreatives), Notes: l.Notes ?? '',
  };
}

export const sameForm = (a: LineForm, b: LineForm) => LINE_FIELDS.every((k) => a[k].trim() === b[k].trim());

/** "10,000.5" and " 10000.50 " as the API wants them ("10000.5"); the grid accepts thousands separators. */
export const cleanNumber = (s: string) => s.replace(/[,\s\u00a0]/g, '');

const decimalPattern = (places: number) => new RegExp(`^\\d+(\\.\\d{1,${places}})?$`);
const AMOUNT = decimalPattern(2);
const PERCENT = decimalPattern(2);
const UNIT_COST = decimalPattern(6);
const COUNT = /^\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const realDate = (s: string) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** The activity's dates: a line runs within them (the API refuses it otherwise). */
export interface DateRange { min: string; max: string }

/** Field checks of a row; each error is an i18n key. Mirrors the API's checks, so saves do not bounce. */
export function validateLine(f: LineForm, range?: DateRange | null): LineErrors {
  const e: LineErrors = {};
  if (!/^\d+$/.test(f.AccountChannelTypeId) || Number(f.AccountChannelTypeId) <= 0) e.AccountChannelTypeId = 'validation.required';
  if (f.Name.trim().length > MAX_NAME) e.Name = 'validation.tooLong';
  if (!realDate(f.StartDate)) e.StartDate = 'mediaPlan.validation.date';
  if (!realDate(f.EndDate)) e.EndDate = 'mediaPlan.validation.date';
  else if (!e.StartDate && f.EndDate < f.StartDate) e.EndDate = 'validation.dateRange';
  if (range) {
    if (!e.StartDate && f.StartDate < range.min) e.StartDate = 'mediaPlan.validation.outsideActivity';
    if (!e.EndDate && f.EndDate > range.max) e.EndDate = 'mediaPlan.validation.outsideActivity';
  }
  if (!(BUY_TYPES as readonly string[]).includes(f.BuyType)) e.BuyType = 'validation.required';
  const unit = cleanNumber(f.UnitCost);
  if (!UNIT_COST.test(unit) || Number(unit) > MAX_UNIT_COST || (Number(unit) > 0 && Number(unit) < MIN_UNIT_COST)) e.UnitCost = 'mediaPlan.validation.unitCost';
  const budget = cleanNumber(f.Budget);
  if (!AMOUNT.test(budget) || Number(budget) > MAX_LINE_BUDGET) e.Budget = 'mediaPlan.validation.amount';
  for (const k of ['ManagementFeePct', 'SystemFeePct'] as const) {
    const v = cleanNumber(f[k]);
    if (!PERCENT.test(v) || Number(v) > 100) e[k] = 'validation.percent';
  }
  for (const k of ['ImageCreatives', 'VideoCreatives'] as const) {
    const v = cleanNumber(f[k]);
    if (!COUNT.test(v) || Number(v) > MAX_CREATIVES) e[k] = 'mediaPlan.validation.count';
  }
  if (f.Notes.length > MAX_NOTES) e.Notes = 'validation.tooLong';
  return e;
}

export const hasErrors = (e: LineErrors) => Object.keys(e).length > 0;

/** The money module's input of a saved line. */
export const inputOfLine = (l: Pick<PlanLine, 'Budget' | 'ManagementFeePct' | 'SystemFeePct' | 'ImageCreatives' | 'VideoCreatives'>): LineInput => ({
  budget: l.Budget, managementFeePct: l.ManagementFeePct, systemFeePct: l.SystemFeePct, imageCreatives: l.ImageCreatives, videoCreatives: l.VideoCreatives,
});

/** The money module's input of a row as typed, or null while a money field is invalid. */
export function inputOfForm(f: LineForm, errors: LineErrors = validateLine(f)): LineInput | null {
  if (errors.Budget || errors.ManagementFeePct || errors.SystemFeePct || errors.ImageCreatives || errors.VideoCreatives) return null;
  return {
    budget: cleanNumber(f.Budget), managementFeePct: cleanNumber(f.ManagementFeePct), systemFeePct: cleanNumber(f.SystemFeePct),
    imageCreatives: Number(cleanNumber(f.ImageCreatives)), videoCreatives: Number(cleanNumber(f.VideoCreatives)),
  };
}

/** What a row shows next to its inputs: the line's amounts (minor units) and its planned KPI. */
export interface LineFigures {
  amounts: LineAmounts;
  kpis: PlannedKpis;
}

export function figuresOf(input: LineInput, kpi: { buyType: BuyType; unitCost: string | number }, fees: CreativeFees): LineFigures {
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
  !!line.MonthlySplit && Number(cleanNumber(f.Budget)) === line.Budget && f.StartDate === line.StartDate && f.EndDate === line.EndDate;

/** A row's save drops the line's monthly split (its budget or dates changed): the line goes back to pro rata by days. */
export const dropsSplit = (line: PlanLine, f: LineForm): boolean => !!line.MonthlySplit && !keepsSplit(line, f);

/**
 * The SaveMediaChannel payload of a row, from the line's version. A monthly split is kept while
 * budget and dates stay as they were; when they change, it no longer adds up, so the line goes
 * back to pro rata by days (the split itself is edited in the monthly split dialog: `splitPayload`).
 */
export function toPayload(line: PlanLine, f: LineForm): MediaChannelPayload {
  const budget = Number(cleanNumber(f.Budget));
  const keepSplit = keepsSplit(line, f);
  return {
    ID: line.ID, MediaMixId: line.MediaMixId, AccountChannelTypeId: Number(f.AccountChannelTypeId), Name: f.Name.trim(),
    StartDate: f.StartDate, EndDate: f.EndDate, BuyType: f.BuyType, UnitCost: Number(cleanNumber(f.UnitCost)), Budget: budget,
    ManagementFeePct: Number(cleanNumber(f.ManagementFeePct)), SystemFeePct: Number(cleanNumber(f.SystemFeePct)),
    ImageCreatives: Number(cleanNumber(f.ImageCreatives)), VideoCreatives: Number(cleanNumber(f.VideoCreatives)),
    Notes: f.Notes, MonthlySplit: keepSplit ? line.MonthlySplit : null, version: line.version,
  };
}

/** The SaveMediaChannel payload of the monthly split dialog: the saved line as it is, with a new split (null: pro rata by days). */
export const splitPayload = (line: PlanLine, split: Record<string, number> | null): MediaChannelPayload => ({
  ...toPayload(line, formOf(line)), MonthlySplit: split,
});
