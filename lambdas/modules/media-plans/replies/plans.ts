import type { VersionStatus } from '../../../shared/version-status';
import type { BuyType } from '../../../shared/money';
import type { Stamped } from '../../../shared/replies/reply';

/**
 * Replies of the media plan: MediaMixService, the plan lines (AccountsService *MediaChannel*) and
 * TemplatesService.ApplyTemplate. Money is decimal in the account currency; a figure that cannot be
 * shown (stored before the money limits, docs/money-limits.md) is null and named in OutOfRange.
 */

/** The pricing a plan's totals use; fixed on the version when it is approved. */
export interface VersionPricing {
  VatPct: number;
  ImageSubmitFee: number;
  VideoSubmitFee: number;
  SetupFee: number;
  ApplyVat: boolean;
  /** Account currency: 1 USD, 2 ILS. */
  Currency: 1 | 2;
}

/**
 * A version sent for approval over its activity's budget, confirmed by its submitter
 * (SubmitMediaMix with confirmOverBudget): who (e-mail), by how much (decimal, the
 * account's currency) and when.
 */
export interface OverBudgetConfirmation {
  By: string;
  OverBy: number;
  At: string;
}

/** A media mix: one version of an activity's media plan (docs/domain.md). */
export interface VersionView extends Stamped {
  ID: number;
  ActivityId: number;
  /** The activity's MAIN account. */
  AccountId: number;
  Version: number;
  Name: string;
  Status: VersionStatus;
  StatusName: string;
  /** Live lines (exact also while the version is a Draft). */
  LineCount: number;
  /** The version this one was copied from (CreateMediaMixVersion), else null. */
  SourceMixId: number | null;
  SubmittedBy: string | null;
  SubmittedAt: string | null;
  ApprovedBy: string | null;
  ApprovedAt: string | null;
  RejectedBy: string | null;
  RejectedAt: string | null;
  RejectReason: string | null;
  ClientApprovedBy: string | null;
  ClientApprovedAt: string | null;
  ClientDeclinedBy: string | null;
  ClientDeclinedAt: string | null;
  ClientDeclinedComment: string | null;
  /** Set when it was submitted over its activity's budget (absent on versions from before the check). */
  OverBudgetConfirmed?: OverBudgetConfirmation | null;
  /** Fixed at approval: 1 ExchangeRateFrom = ExchangeRate ExchangeRateTo, the rate of ExchangeRateDate. */
  ExchangeRate: number | null;
  ExchangeRateFrom: string | null;
  ExchangeRateTo: string | null;
  ExchangeRateDate: string | null;
  /** Fixed at approval (configuration and account settings of that moment); null before. */
  Pricing: VersionPricing | null;
}

/** Who acted on a version, by name (the profile's; the e-mail when no profile names them): the *By fields are e-mails. */
export interface ActorNames {
  SubmittedByName: string | null;
  ApprovedByName: string | null;
  RejectedByName: string | null;
  ClientApprovedByName: string | null;
  ClientDeclinedByName: string | null;
  /** OverBudgetConfirmed's `By`, by name. */
  OverBudgetConfirmedByName: string | null;
}

/** GetMediaMixList: a version with its totals in the account currency. */
export interface VersionListItem extends VersionView, ActorNames {
  Currency: 1 | 2;
  /** Net media and total (with fees and VAT); null when out of range (named in OutOfRange). */
  Net: number | null;
  Total: number | null;
  OutOfRange: string[];
}

/** GetMediaMixList: the versions of an activity's plan, newest first. */
export interface VersionList {
  ActivityId: number;
  Items: VersionListItem[];
}

/** A plan line (docs/domain.md). */
export interface LineView extends Stamped {
  ID: number;
  MediaMixId: number;
  ActivityId: number;
  AccountId: number;
  AccountChannelTypeId: number;
  /** The global channel type behind the account's copy, and the copy's name when the line was saved. */
  ChannelTypeId: number;
  ChannelTypeName: string;
  Name: string;
  StartDate: string;
  EndDate: string;
  BuyType: BuyType;
  UnitCost: number;
  Budget: number;
  ManagementFeePct: number;
  SystemFeePct: number;
  ImageCreatives: number;
  VideoCreatives: number;
  Notes: string;
  /** Budget per month ('YYYY-MM'); null: split by days. */
  MonthlySplit: Record<string, number> | null;
  /** The line this one was copied from (a new version, or the template line's position when applied). */
  SourceLineId: number | null;
  /** The vendor the line is bought from (docs/domain.md "Vendors"); null: none. */
  VendorId: number | null;
  Archived: boolean;
  ArchivedAt?: string;
  ArchivedBy?: string;
}

/** The KPI a line plans (budget ÷ unit cost by buy type); the others null. */
export interface PlannedKpisView {
  Impressions: number | null;
  Clicks: number | null;
  Conversions: number | null;
  Views: number | null;
}

/** One line's amounts (each rounded once, docs/domain.md). */
export interface LineAmountsView {
  Net: number;
  ManagementFee: number;
  SystemFee: number;
  CreativeFee: number;
  Subtotal: number;
}

/** A plan's totals: sums of the rounded line amounts, setup fee once, VAT once on the subtotal. */
export interface TotalsView {
  Net: number;
  ManagementFee: number;
  SystemFee: number;
  CreativeFee: number;
  SetupFee: number;
  Subtotal: number;
  Vat: number;
  Total: number;
}

/** The rate a plan converts with: 1 From = Rate To on Date. */
export interface PlanRate {
  Rate: number;
  From: string;
  To: string;
  Date: string;
}

export interface VersionLineView extends LineView {
  /** Null when the plan's totals are out of range (OutOfRange names "Totals"). */
  Amounts: LineAmountsView | null;
  Kpis: PlannedKpisView;
}

/** GetMediaMixInfo: the version with its lines, their amounts and KPIs, and the totals (also converted). */
export interface VersionInfo extends VersionView, ActorNames {
  Currency: 1 | 2;
  CurrencyCode: string;
  ApplyVat: boolean;
  /** The VAT, fees and account settings the figures use; Fixed when they are the approval's. */
  Pricing: VersionPricing & { Fixed: boolean };
  Lines: VersionLineView[];
  /** Null when a total is out of range (named in OutOfRange). */
  Totals: TotalsView | null;
  ConvertedCurrency: 1 | 2;
  ConvertedCurrencyCode: string;
  /** The rate used: fixed at approval (RateFixed), else the latest on or before today. */
  ExchangeRateUsed: PlanRate | null;
  RateFixed: boolean;
  ConvertedTotals: TotalsView | null;
  ConvertedTotal: number | null;
  /** Set when no rate exists: names the pair and the date (in English); the figures above are still complete. */
  RateMissing: string | null;
  /** The same, as data for the console to say in the user's language: the pair and the company's day searched. */
  RateMissingOn: { From: string; To: string; Date: string } | null;
  /** Figures shown as null because out of range ("Lines[0].Kpis.Impressions", "Totals", "ConvertedTotals"). */
  OutOfRange: string[];
}

/** SaveMediaChannel. */
export interface LineSaved extends LineView {
  Kpis: PlannedKpisView;
  /**
   * Whether this save moved the media mix's own `version` on by one (a new line, and a change on
   * the full path). A grid edit made in one write leaves it, so a client that tracks the mix's
   * version for Submit adds one only when this is true.
   */
  MediaMixChanged: boolean;
}

/** GetMediaChannelInfo: one line with its amounts and KPIs, and its version. */
export interface LineInfo extends LineView {
  /** Null when out of range (named in OutOfRange). */
  Amounts: LineAmountsView | null;
  Kpis: PlannedKpisView;
  OutOfRange: string[];
  MediaMix: Pick<VersionView, 'ID' | 'Version' | 'Status' | 'version' | 'StatusName'>;
}

/** ExportMediaMix: the XLSX file. */
export interface ExportedFile {
  /** In the export's language; may hold Hebrew letters. */
  FileName: string;
  ContentType: string;
  /**
   * The header a client that serves or stores the file sends with it (the API itself answers
   * JSON): attachment; filename="ASCII stand-in"; filename*=UTF-8''percent-encoded FileName.
   */
  ContentDisposition: string;
  Base64: string;
}

/** TemplatesService.ApplyTemplate: the lines added to the Draft. */
export interface ApplyTemplateResult {
  MediaMixId: number;
  TemplateId: number;
  TotalBudget: number;
  Lines: (LineView & { Kpis: PlannedKpisView })[];
}
