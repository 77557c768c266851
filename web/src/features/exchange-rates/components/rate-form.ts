import type { ExchangeRateView, RatePayload } from '../api/exchange-rates-api';

export interface RateForm {
  Date: string;
  From: string;
  To: string;
  Rate: string;
  /** The version read when replacing a rate; absent for a new one. */
  version?: number;
}

export type RateErrors = Partial<Record<keyof RateForm, string>>;

export const CURRENCY_CODE = /^[A-Z]{3}$/;
const RATE = /^\d+(\.\d{1,6})?$/;
const MAX_RATE = 10_000_000;

export const emptyRateForm = (): RateForm => ({ Date: new Date().toISOString().slice(0, 10), From: 'USD', To: 'ILS', Rate: '' });
export const formFromRate = (r: ExchangeRateView): RateForm => ({ Date: r.Date, From: r.From, To: r.To, Rate: String(r.Rate), version: r.version });

function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
}

/** The checks of lambdas/schemas/exchange-rates.ts, as i18n keys. */
export function validateRate(f: RateForm): RateErrors {
  const e: RateErrors = {};
  if (!isCalendarDay(f.Date)) e.Date = 'validation.required';
  if (!CURRENCY_CODE.test(f.From.trim())) e.From = 'exchangeRates.errors.code';
  if (!CURRENCY_CODE.test(f.To.trim())) e.To = 'exchangeRates.errors.code';
  else if (!e.From && f.From.trim() === f.To.trim()) e.To = 'exchangeRates.errors.samePair';
  const rate = f.Rate.trim();
  if (!RATE.test(rate) || Number(rate) <= 0 || Number(rate) > MAX_RATE) e.Rate = 'exchangeRates.errors.rate';
  return e;
}

export const toPayload = (f: RateForm): RatePayload => ({
  Date: f.Date, From: f.From.trim(), To: f.To.trim(), Rate: Number(f.Rate.trim()), ...(f.version ? { version: f.version } : {}),
});

/**
 * The line errors of a refused import. The server answers one message,
 * "csv: line 3: …; line 7: … (and 12 more)", which is shown as a list.
 */
export function importErrors(message: string): string[] {
  const body = message.replace(/^csv:\s*/, '');
  return body.split(/;\s+(?=line \d+)/).map((s) => s.trim()).filter(Boolean);
}
