/**
 * BillingService replies (docs/pacing-and-billing.md "The billable statement"): amounts
 * in the account currency as decimal numbers (minor units ÷ 100, rounded half-up once where billed).
 */

/** Why a month may not be marked final yet: codes the console words (billing.*.json reasons). */
export type BillableNotFinalReason =
  | { Code: 'PROVISIONAL'; LastDay: string; FinalFrom: string }
  | { Code: 'CONNECTOR_NOT_OK'; ConnectorId: number; Connector: string; Status: string }
  | { Code: 'SYNC_BEHIND'; ConnectorId: number; Connector: string; LastSyncedTo: string | null; Needed: string }
  | {
      Code: 'MISSING_DAYS';
      ConnectorId: number;
      Connector: string;
      ExternalAccountId: string;
      Days: string[];
      BeyondRetention: boolean;
    };

export type BillableFxGap = 'NO_PLAN_RATE' | 'CURRENCY_NOT_IN_PLAN_RATE';

export interface BillableLineView {
  LineId: number;
  LineName: string;
  ChannelTypeName: string;
  MediaMixId: number;
  ActivityId: number;
  ActivityName: string;
  StartDate: string;
  Net: number;
  ManagementFee: number;
  SystemFee: number;
  /** Creatives: billed in the month the line starts. */
  CreativeFee: number;
  Subtotal: number;
  /** The net at the line's plan rate (FX effect's reference); null with FxGap. */
  NetAtPlanRate: number | null;
  FxGap: BillableFxGap | null;
}

export interface BillableStatementView {
  AccountId: number;
  /** 'YYYY-MM' */
  Month: string;
  /** Account currency: 1 USD, 2 ILS. */
  Currency: 1 | 2;
  CurrencyCode: string;
  ApplyVat: boolean;
  VatPct: number;
  Lines: BillableLineView[];
  Net: number;
  ManagementFee: number;
  SystemFee: number;
  CreativeFee: number;
  SetupFee: number;
  SetupFeeMixIds: number[];
  Subtotal: number;
  Vat: number;
  Total: number;
  /** Apart from the total: net at the days' rates − net at the plans' fixed rates. */
  Fx: { NetAtPlanRate: number | null; Effect: number | null; Gap: BillableFxGap | null; ForeignCurrencies: string[] };
  /** The company's day the figures were computed on. */
  Today: string;
  RestatementDays: number;
  /** Frozen: the figures are the snapshot stored when it was marked final, never recomputed. */
  Final: boolean;
  /** The e-mail recorded when marked final; FinalizedByName is the person's name (resolved when read). */
  FinalizedBy: string | null;
  FinalizedByName: string | null;
  FinalizedAt: string | null;
  /** 0 while not final; 1 once final (MarkBillableFinal's `version`). */
  version: number;
  CanMarkFinal: boolean;
  NotFinalReasons: BillableNotFinalReason[];
}
