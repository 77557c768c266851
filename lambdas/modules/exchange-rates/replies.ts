import type { Page, Stamped } from '../../shared/replies/reply';

/** Replies of ExchangeRatesService. */

export type RateSource = 'manual' | 'import';

/** 1 From = Rate To on Date (docs/domain.md), as the API returns it. */
export interface ExchangeRateView extends Stamped {
  Date: string;
  From: string;
  To: string;
  Rate: number;
  Source: RateSource;
  /** Deleted: kept (with its history) outside the lookup. */
  Archived: boolean;
}

/** GetExchangeRatesList. */
export type RatesPage = Page<ExchangeRateView>;

/** GetExchangeRate: the rate a conversion on that date uses. */
export interface RateLookup {
  /** The date of the rate used (on or before the date asked). */
  Date: string;
  From: string;
  To: string;
  Rate: number;
  /** The same rate in millionths, for the money module (`convert`). */
  RateMicros: number;
  Source: RateSource | 'same-currency';
}

/** ImportExchangeRates. */
export interface ImportReport {
  /** Rows written (every row of the file). */
  Imported: number;
  /** Of those, rows that replaced a rate already there for the same Date/From/To. */
  Replaced: number;
}
