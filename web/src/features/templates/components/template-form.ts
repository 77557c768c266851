import { numberInput } from '../../../lib/forms/number-input';
import type { TemplateInfo, TemplatePayload } from '../api/templates-api';

/**
 * A line as typed (numbers still text). Fees left empty mean "the account channel type's fee". The
 * templates screen imports this module, so it stays free of zod and react-hook-form.
 */
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

/** The API's most lines (lambdas/modules/templates/schemas.ts MAX_TEMPLATE_LINES): the dialog adds no more. */
export const MAX_LINES = 100;
/** 100 % in hundredths of a percent: shares are added as integers, so 33.33 + 33.33 + 33.34 is exactly 100. */
export const FULL_SHARE = 10_000;

const PERCENT = /^\d+(\.\d{1,2})?$/;

let nextKey = 1;
export const newLine = (): LineForm => ({
  key: nextKey++,
  ChannelTypeId: '',
  SharePct: '',
  BuyType: '',
  UnitCost: '',
  ManagementFeePct: '',
  SystemFeePct: '',
  Notes: '',
});

export const emptyTemplateForm = (): TemplateForm => ({ ID: 0, Name: '', Description: '', Lines: [newLine()] });

export function formFromTemplate(t: TemplateInfo): TemplateForm {
  return {
    ID: t.ID,
    Name: t.Name,
    Description: t.Description ?? '',
    version: t.version,
    Lines: t.Lines.map((l) => ({
      key: nextKey++,
      ChannelTypeId: String(l.ChannelTypeId),
      SharePct: String(l.SharePct),
      BuyType: l.BuyType,
      UnitCost: String(l.UnitCost),
      ManagementFeePct: l.ManagementFeePct === null ? '' : String(l.ManagementFeePct),
      SystemFeePct: l.SystemFeePct === null ? '' : String(l.SystemFeePct),
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

/** The form as SaveTemplate's `template`: what the dialog checks with the route's schema (template-dialog.tsx TEMPLATE_FORM) and what the screen sends. */
export function toPayload(f: TemplateForm): TemplatePayload {
  return {
    ID: f.ID,
    Name: f.Name.trim(),
    Description: f.Description.trim(),
    Lines: f.Lines.map((l) => ({
      ChannelTypeId: numberInput(l.ChannelTypeId),
      SharePct: numberInput(l.SharePct),
      BuyType: l.BuyType as TemplatePayload['Lines'][number]['BuyType'],
      UnitCost: numberInput(l.UnitCost),
      // An empty fee is null: the account channel type's fee when the template is applied.
      ManagementFeePct: numberInput(l.ManagementFeePct) ?? null,
      SystemFeePct: numberInput(l.SystemFeePct) ?? null,
      Notes: l.Notes.trim(),
    })),
    ...(f.ID > 0 ? { version: f.version } : {}),
  };
}
