import { numberInput } from '../../../lib/forms/number-input';
import type { ExchangeRateView, RatePayload } from '../api/exchange-rates-api';

/** The rate dialog's fields as typed. The exchange-rates screen imports this module: no zod, no react-hook-form here. */
export interface RateForm {
  Date: string;
  From: string;
  To: string;
  Rate: string;
  /** The version read when replacing a rate; absent for a new one. */
  version?: number;
}

export const CURRENCY_CODE = /^[A-Z]{3}$/;

export const emptyRateForm = (): RateForm => ({
  Date: new Date().toISOString().slice(0, 10),
  From: 'USD',
  To: 'ILS',
  Rate: '',
});
export const formFromRate = (r: ExchangeRateView): RateForm => ({
  Date: r.Date,
  From: r.From,
  To: r.To,
  Rate: String(r.Rate),
  version: r.version,
});

/**
 * The form as SaveExchangeRate's `exchangeRate`: what the dialog checks with the route's schema
 * (rate-dialog.tsx RATE_FORM) and what the screen sends.
 */
export const toPayload = (f: RateForm): RatePayload => ({
  Date: f.Date,
  From: f.From.trim(),
  To: f.To.trim(),
  Rate: numberInput(f.Rate),
  ...(f.version ? { version: f.version } : {}),
});
