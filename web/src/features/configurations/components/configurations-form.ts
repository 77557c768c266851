import { configurationsInput } from '@server/modules/configurations/schemas';
import { LOCALES } from '@server/shared/locales';
import { DEFAULT_TIME_ZONE } from '@server/shared/calendar';
import type { RouteForm, RuleIssue } from '../../../lib/forms/route-form';
import { numberInput } from '../../../lib/forms/number-input';
import type { CompanyConfiguration, ConfigurationsPayload } from '../api/configurations-api';

export { LOCALES };

/** The time zones the browser knows (IANA names), for the company's day. */
export const timeZones = (): string[] =>
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE];

/** The form as typed: numbers as text, upload limits in MB (the API keeps bytes). */
export interface ConfigurationsForm {
  VatPct: string;
  ImageSubmitFee: string;
  VideoSubmitFee: string;
  SetupFee: string;
  MaxImageMb: string;
  MaxVideoMb: string;
  PacingLow: string;
  PacingHigh: string;
  DefaultLocale: string;
  DefaultCurrency: 1 | 2;
  RequireMfa: boolean;
  ApproverMustDifferFromSubmitter: boolean;
  TimeZone: string;
  /** An hour of the company's day, chosen from a list. */
  SyncHour: number;
  RestatementDays: string;
  BackfillDays: string;
  BillTolerancePct: string;
  MissingBillDays: string;
  version: number;
  /** The limits as read, in bytes: an MB figure left as shown sends them back unchanged. */
  readBytes?: { image: number; video: number };
}

const MB = 1024 * 1024;
/** The largest upload limit in MB: the API's 1 GiB (lambdas/modules/configurations/schemas.ts MAX_UPLOAD_BYTES). */
const MAX_UPLOAD_MB = 1024;

/** Bytes as MB with at most 2 decimals: 1,572,864 → "1.5". */
const bytesToMb = (bytes: number) => String(Math.round((bytes / MB) * 100) / 100);

export function formFromConfiguration(c: CompanyConfiguration): ConfigurationsForm {
  return {
    VatPct: String(c.VatPct),
    ImageSubmitFee: String(c.ImageSubmitFee),
    VideoSubmitFee: String(c.VideoSubmitFee),
    SetupFee: String(c.SetupFee),
    MaxImageMb: bytesToMb(c.MaxImageBytes),
    MaxVideoMb: bytesToMb(c.MaxVideoBytes),
    PacingLow: String(c.PacingLow),
    PacingHigh: String(c.PacingHigh),
    DefaultLocale: c.DefaultLocale,
    DefaultCurrency: c.DefaultCurrency,
    RequireMfa: c.RequireMfa,
    ApproverMustDifferFromSubmitter: c.ApproverMustDifferFromSubmitter ?? true,
    TimeZone: c.TimeZone ?? DEFAULT_TIME_ZONE,
    SyncHour: c.SyncHour,
    RestatementDays: String(c.RestatementDays),
    BackfillDays: String(c.BackfillDays),
    BillTolerancePct: String(c.BillTolerancePct),
    MissingBillDays: String(c.MissingBillDays),
    version: c.version,
    readBytes: { image: c.MaxImageBytes, video: c.MaxVideoBytes },
  };
}

/** An MB figure as the route's bytes (the limits as read when the figure is left as shown); text that is no number stays text, for the schema to refuse. */
function bytesOf(mb: string, read: number | undefined): unknown {
  if (read !== undefined && mb.trim() === bytesToMb(read)) return read;
  const n = numberInput(mb);
  return typeof n === 'number' ? Math.round(n * MB) : n;
}

/** The form as SaveConfigurations' `configurations`: what the screen checks with the route's schema and sends. */
export function toPayload(f: ConfigurationsForm): ConfigurationsPayload {
  return {
    VatPct: numberInput(f.VatPct),
    ImageSubmitFee: numberInput(f.ImageSubmitFee),
    VideoSubmitFee: numberInput(f.VideoSubmitFee),
    SetupFee: numberInput(f.SetupFee),
    MaxImageBytes: bytesOf(f.MaxImageMb, f.readBytes?.image),
    MaxVideoBytes: bytesOf(f.MaxVideoMb, f.readBytes?.video),
    PacingLow: numberInput(f.PacingLow),
    PacingHigh: numberInput(f.PacingHigh),
    DefaultLocale: f.DefaultLocale as ConfigurationsPayload['DefaultLocale'],
    DefaultCurrency: f.DefaultCurrency,
    RequireMfa: f.RequireMfa,
    ApproverMustDifferFromSubmitter: f.ApproverMustDifferFromSubmitter,
    TimeZone: f.TimeZone,
    SyncHour: f.SyncHour,
    RestatementDays: numberInput(f.RestatementDays),
    BackfillDays: numberInput(f.BackfillDays),
    BillTolerancePct: numberInput(f.BillTolerancePct),
    MissingBillDays: numberInput(f.MissingBillDays),
    version: f.version,
  };
}

const TYPED = [
  'VatPct',
  'ImageSubmitFee',
  'VideoSubmitFee',
  'SetupFee',
  'MaxImageMb',
  'MaxVideoMb',
  'PacingLow',
  'PacingHigh',
  'RestatementDays',
  'BackfillDays',
  'BillTolerancePct',
  'MissingBillDays',
] as const;
const MB_FIELDS: Record<string, 'MaxImageMb' | 'MaxVideoMb'> = {
  MaxImageBytes: 'MaxImageMb',
  MaxVideoBytes: 'MaxVideoMb',
};
const INPUT_OF: Record<string, string> = { MaxImageMb: 'MaxImageBytes', MaxVideoMb: 'MaxVideoBytes' };

/**
 * The screen is checked by the route's own schema (SaveConfigurations' `configurations`) and the
 * domain's one rule of the input alone: the high pacing threshold above the low one (PACING_ORDER,
 * modules/configurations/configurations.ts). One rule is the console's only: the API keeps a setting that is left
 * out, but this screen shows every setting, so an emptied field is a slip, not "keep": refused.
 */
export const CONFIGURATIONS_FORM: RouteForm<ConfigurationsForm, typeof configurationsInput> = {
  schema: configurationsInput,
  toInput: toPayload,
  inputKey: 'configurations',
  fieldOf: (path) => MB_FIELDS[path] ?? path,
  rules: (input, values) => {
    const found: RuleIssue[] = TYPED.filter((k) => !values[k].trim()).map((k) => ({
      path: INPUT_OF[k] ?? k,
      code: 'FIELD_REQUIRED',
      params: { field: k },
    }));
    const { PacingLow: low, PacingHigh: high } = input;
    if (low !== undefined && high !== undefined && !(low < high))
      found.push({ path: 'PacingHigh', code: 'PACING_ORDER', params: { low, high } });
    return found;
  },
  codeFields: { PACING_ORDER: 'PacingHigh' },
  // The limits are typed in MB and checked as the route's bytes: a refused figure is told in MB.
  restate: (field, issue, values) => {
    const outOfRange =
      issue.params.reason === 'WHOLE_BETWEEN' || issue.code === 'FIELD_TOO_LARGE' || issue.code === 'FIELD_TOO_SMALL';
    if ((field !== 'MaxImageMb' && field !== 'MaxVideoMb') || !outOfRange) return issue;
    const mb = Number(values[field].trim());
    return {
      code: 'FIELD_INVALID',
      params: mb > MAX_UPLOAD_MB ? { reason: 'AT_MOST', limit: MAX_UPLOAD_MB } : { reason: 'POSITIVE' },
    };
  },
};
