/** Replies of ConfigurationsService. */

/** The console locales (lambdas/shared/locales.ts LOCALES). */
export type Locale = 'he' | 'en' | 'fr' | 'ro' | 'zh';

/**
 * The company's settings (VAT, creative and setup fees, upload limits, pacing thresholds, default
 * locale and currency, compulsory MFA, the daily sync's hour and windows). version 0 while nothing
 * was saved.
 */
export interface CompanyConfiguration {
  /** Percent, e.g. 18 (multiplier 1.18). */
  VatPct: number;
  /** Per image / video creative submitted, account currency. */
  ImageSubmitFee: number;
  VideoSubmitFee: number;
  /** Once per media mix. */
  SetupFee: number;
  MaxImageBytes: number;
  MaxVideoBytes: number;
  /** Pacing % below PacingLow → under-pacing alert; above PacingHigh → over-pacing alert. */
  PacingLow: number;
  PacingHigh: number;
  DefaultLocale: Locale;
  /** 1 USD, 2 ILS. */
  DefaultCurrency: 1 | 2;
  RequireMfa: boolean;
  /** The user who submitted a media plan version cannot approve it (another approver must). */
  ApproverMustDifferFromSubmitter: boolean;
  /**
   * IANA time zone of the company's day (docs/domain.md): "today", the rate of the day and the sync
   * hour are the company's day, never UTC's (shared/calendar.ts todayIn).
   */
  TimeZone: string;
  /** The hour (0–23) of the company's day the daily sync starts; default 5. */
  SyncHour: number;
  /** The last N days (today included) each daily sync re-reads for platform restatements; default 28. */
  RestatementDays: number;
  /** How many days back a new connection's first sync reads; default 90. */
  BackfillDays: number;
  /** Percent of a vendor bill's expected amount it may differ by and still match; default 2. */
  BillTolerancePct: number;
  /** Days after a month with delivery before a vendor bill still absent is listed as missing; default 15. */
  MissingBillDays: number;
  /** 0 while nothing was saved; SaveConfigurations must send the version it read. */
  version: number;
  updatedAt?: string;
  updatedBy?: string;
}

/** The company's logo (GetCompanyLogo, SaveCompanyLogo): the image as base64, and its version. */
export interface CompanyLogo {
  ContentType: 'image/png' | 'image/jpeg';
  /** The image's bytes in base64 (at most 200 KB decoded). */
  Data: string;
  /** Changes with each upload (sign-in's `Company.Logo`). */
  Version: string;
}

/** GetCompanyLogo, SaveCompanyLogo and DeleteCompanyLogo: the logo in use, or null when the company has none. */
export interface CompanyLogoReply {
  Logo: CompanyLogo | null;
}
