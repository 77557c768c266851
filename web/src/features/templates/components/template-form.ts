import type { TemplateInfo, TemplatePayload } from '../api/templates-api';

/** A line as typed (numbers still text). Fees left empty mean "the account channel type's fee". */
export interface LineForm {
  key: number;
  ChannelTypeId: string;
  SharePct: string;
  BuyType: string;
  UnitCost: string;
  ManagementFeePct: string;
  SystemFeePct: string;
  Notes: string;
}

export interface TemplateForm {
  ID: number;
  Name: string;
  Description: string;
  Lines: LineForm[];
  version?: number;
}

export type LineErrors = Partial<Record<keyof LineForm, string>>;
export interface TemplateErrors {
  Name?: string;
  Description?: string;
  /** Per line, by key. */
  lines: Record<number, LineErrors>;
  /** The shares do not add up to 100 %, or there are no lines. */
  total?: string;
}

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 1000;
export const MAX_LINES = 100;
/** 100 % in hundredths of a percent: shares are added as integers, so 33.33 + 33.33 + 33.34 is exactly 100. */
export const FULL_SHARE = 10_000;

const PERCENT = /^\d+(\.\d{1,2})?$/;
const UNIT_COST = /^\d+(\.\d{1,4})?$/;

let nextKey = 1;
export const newLine = (): LineForm => ({ key: nextKey++, ChannelTypeId: '', SharePct: '', BuyType: '', UnitCost: '', ManagementFeePct: '', SystemFeePct: '', Notes: '' });

export const emptyTemplateForm = (): TemplateForm => ({ ID: 0, Name: '', Description: '', Lines: [newLine()] });

export function formFromTemplate(t: TemplateInfo): TemplateForm {
  return {
    ID: t.ID, Name: t.Name, Description: t.Description ?? '', version: t.version,
    Lines: t.Lines.map((l) => ({
      key: nextKey++, ChannelTypeId: String(l.ChannelTypeId), SharePct: String(l.SharePct), BuyType: l.BuyType, UnitCost: String(l.UnitCost),
      ManagementFeePct: l.ManagementFeePct === null ? '' : String(l.ManagementFeePct), SystemFeePct: l.SystemFeePct === null ? '' : String(l.SystemFeePct),
      Notes: l.Notes ?? '',
    })),
  };
}

const isPercent = (v: string) => PERCENT.test(v.trim()) && Number(v.trim()) <= 100;

/** A share as hundredths of a percent; null when it is not a valid percent. */
export function shareHundredths(text: string): number | null {
  const v = text.trim();
  if (!isPercent(v)) return null;
  const [whole, frac = ''] = v.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** The running total of the shares typed so far, in hundredths (invalid shares count as 0). */
export function shareTotal(lines: readonly Pick<LineForm, 'SharePct'>[]): number {
  return lines.reduce((sum, l) => sum + (shareHundredths(l.SharePct) ?? 0), 0);
}

/** Hundredths as the percent text the fields show: 3333 → "33.33", 10000 → "100". */
export function hundredthsText(h: number): string {
  const whole = Math.trunc(h / 100);
  const frac = Math.abs(h % 100);
  return frac ? `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}` : String(whole);
}

/** Shares of n lines that add up to exactly 100 %: the hundredths left over go to the first lines. */
export function evenShares(n: number): string[] {
  if (n <= 0) return [];
  const base = Math.floor(FULL_SHARE / n);
  const rest = FULL_SHARE - base * n;
  return Array.from({ length: n }, (_, i) => hundredthsText(base + (i < rest ? 1 : 0)));
}

export function validateTemplate(f: TemplateForm): TemplateErrors {
  const e: TemplateErrors = { lines: {} };
  const name = f.Name.trim();
  if (!name) e.Name = 'validation.required';
  else if (name.length > NAME_MAX) e.Name = 'validation.tooLong';
  if (f.Description.trim().length > DESCRIPTION_MAX) e.Description = 'validation.tooLong';
  for (const l of f.Lines) {
    const le: LineErrors = {};
    if (!l.ChannelTypeId) le.ChannelTypeId = 'validation.required';
    if (!isPercent(l.SharePct)) le.SharePct = 'validation.percent';
    if (!l.BuyType) le.BuyType = 'validation.required';
    const cost = l.UnitCost.trim();
    if (!UNIT_COST.test(cost) || Number(cost) > 1_000_000) le.UnitCost = 'templates.errors.unitCost';
    if (l.ManagementFeePct.trim() && !isPercent(l.ManagementFeePct)) le.ManagementFeePct = 'validation.percent';
    if (l.SystemFeePct.trim() && !isPercent(l.SystemFeePct)) le.SystemFeePct = 'validation.percent';
    if (Object.keys(le).length) e.lines[l.key] = le;
  }
  if (f.Lines.length === 0) e.total = 'templates.errors.noLines';
  else if (f.Lines.length > MAX_LINES) e.total = 'templates.errors.tooManyLines';
  else if (shareTotal(f.Lines) !== FULL_SHARE) e.total = 'templates.errors.total';
  return e;
}

export const hasErrors = (e: TemplateErrors) => !!(e.Name || e.Description || e.total || Object.keys(e.lines).length);

export function toPayload(f: TemplateForm): TemplatePayload {
  return {
    ID: f.ID, Name: f.Name.trim(), Description: f.Description.trim(),
    Lines: f.Lines.map((l) => ({
      ChannelTypeId: Number(l.ChannelTypeId), SharePct: Number(l.SharePct.trim()), BuyType: l.BuyType as TemplatePayload['Lines'][number]['BuyType'],
      UnitCost: Number(l.UnitCost.trim()),
      ManagementFeePct: l.ManagementFeePct.trim() === '' ? null : Number(l.ManagementFeePct.trim()),
      SystemFeePct: l.SystemFeePct.trim() === '' ? null : Number(l.SystemFeePct.trim()),
      Notes: l.Notes.trim(),
    })),
    ...(f.ID > 0 ? { version: f.version } : {}),
  };
}
