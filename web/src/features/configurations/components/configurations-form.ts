import { DEFAULT_TIME_ZONE, isTimeZone } from '@server/shared/calendar';
import type { CompanyConfiguration, ConfigurationsPayload } from '../api/configurations-api';

/** The time zones the browser knows (IANA names), for the company's day. */
export const timeZones = (): string[] => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE]);

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
  version: number;
  /** The limits as read, in bytes: an MB figure left as shown sends them back unchanged. */
  readBytes?: { image: number; video: number };
}

export type ConfigurationsErrors = Partial<Record<keyof ConfigurationsForm, string>>;

export const MB = 1024 * 1024;
/** The API's limits (lambdas/schemas/configurations.ts). */
export const MAX_FEE = 1_000_000;
export const MAX_UPLOAD_MB = 1024;
export const MAX_PACING_PCT = 1000;
export const LOCALES = ['he', 'en', 'fr', 'ro', 'zh'] as const;

const DECIMAL_2 = /^\d+(\.\d{1,2})?$/;

/** Bytes as MB with at most 2 decimals: 1,572,864 → "1.5". */
export const bytesToMb = (bytes: number) => String(Math.round((bytes / MB) * 100) / 100);

export function formFromConfiguration(c: CompanyConfiguration): ConfigurationsForm {
  return {
    VatPct: String(c.VatPct), ImageSubmitFee: String(c.ImageSubmitFee), VideoSubmitFee: String(c.VideoSubmitFee), SetupFee: String(c.SetupFee),
    MaxImageMb: bytesToMb(c.MaxImageBytes), MaxVideoMb: bytesToMb(c.MaxVideoBytes), PacingLow: String(c.PacingLow), PacingHigh: String(c.PacingHigh),
    DefaultLocale: c.DefaultLocale, DefaultCurrency: c.DefaultCurrency, RequireMfa: c.RequireMfa,
    ApproverMustDifferFromSubmitter: c.ApproverMustDifferFromSubmitter ?? true, TimeZone: c.TimeZone ?? DEFAULT_TIME_ZONE, version: c.version,
    readBytes: { image: c.MaxImageBytes, video: c.MaxVideoBytes },
  };
}

const decimalIn = (text: string, min: number, max: number, minExclusive = false) => {
  const v = text.trim();
  if (!DECIMAL_2.test(v)) return false;
  const n = Number(v);
  return (minExclusive ? n > min : n >= min) && n <= max;
};

export function validateConfigurations(f: ConfigurationsForm): ConfigurationsErrors {
  const e: ConfigurationsErrors = {};
  if (!decimalIn(f.VatPct, 0, 100)) e.VatPct = 'validation.percent';
  for (const k of ['ImageSubmitFee', 'VideoSubmitFee', 'SetupFee'] as const) {
    if (!decimalIn(f[k], 0, MAX_FEE)) e[k] = 'configurations.errors.fee';
  }
  for (const k of ['MaxImageMb', 'MaxVideoMb'] as const) {
    if (!decimalIn(f[k], 0, MAX_UPLOAD_MB, true)) e[k] = 'configurations.errors.size';
  }
  for (const k of ['PacingLow', 'PacingHigh'] as const) {
    if (!decimalIn(f[k], 0, MAX_PACING_PCT)) e[k] = 'configurations.errors.pacing';
  }
  if (!e.PacingLow && !e.PacingHigh && !(Number(f.PacingLow) < Number(f.PacingHigh))) e.PacingHigh = 'configurations.errors.pacingOrder';
  if (!(LOCALES as readonly string[]).includes(f.DefaultLocale)) e.DefaultLocale = 'validation.required';
  if (f.DefaultCurrency !== 1 && f.DefaultCurrency !== 2) e.DefaultCurrency = 'validation.required';
  if (!isTimeZone(f.TimeZone)) e.TimeZone = 'configurations.errors.timeZone';
  return e;
}

export function toPayload(f: ConfigurationsForm): ConfigurationsPayload {
  const num = (s: string) => Number(s.trim());
  const bytes = (mb: string, read: number | undefined) => (read !== undefined && mb.trim() === bytesToMb(read) ? read : Math.round(num(mb) * MB));
  return {
    VatPct: num(f.VatPct), ImageSubmitFee: num(f.ImageSubmitFee), VideoSubmitFee: num(f.VideoSubmitFee), SetupFee: num(f.SetupFee),
    MaxImageBytes: bytes(f.MaxImageMb, f.readBytes?.image), MaxVideoBytes: bytes(f.MaxVideoMb, f.readBytes?.video),
    PacingLow: num(f.PacingLow), PacingHigh: num(f.PacingHigh),
    DefaultLocale: f.DefaultLocale as ConfigurationsPayload['DefaultLocale'], DefaultCurrency: f.DefaultCurrency, RequireMfa: f.RequireMfa,
    ApproverMustDifferFromSubmitter: f.ApproverMustDifferFromSubmitter,
    TimeZone: f.TimeZone,
    version: f.version,
  };
}
