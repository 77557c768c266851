import type { Page, Stamped } from '../../shared/replies/reply';
import type { PlanRate } from '../media-plans/replies/plans';

/** Replies of OrdersService: plain TypeScript shared with the console. Money is decimal, in the order's currency. */

/** draft: follows the plan (GenerateOrders refreshes it); approved: locked. */
export type OrderStatus = 'draft' | 'approved';

export interface OrderAmount {
  /** 'YYYY-MM' */
  Month: string;
  Amount: number;
}

export interface OrderLineView {
  LineId: number;
  Name: string;
  ChannelTypeName: string;
  /** The plan line's account channel type (its channel group, for the flowchart). */
  AccountChannelTypeId: number;
  StartDate: string;
  EndDate: string;
  Months: OrderAmount[];
  Total: number;
}

export interface OrderApprovalView {
  Version: number;
  MediaMixId: number;
  PlanVersion: number;
  Total: number;
  ApprovedBy: string;
  ApprovedAt: string;
  RevokedBy: string | null;
  RevokedAt: string | null;
  RevokeReason: string | null;
}

/** A line's dates and months on one side of a diff. */
export interface OrderLineSide {
  Name: string;
  StartDate: string;
  EndDate: string;
  Total: number;
}

/** One month of a changed line: what the order has and what the newer plan has (0 where a side has no such month). */
export interface OrderPeriodChange {
  Month: string;
  Before: number;
  After: number;
}

/** How a line of the order differs in the activity's latest approved version. */
export interface OrderLineDiff {
  /** The order's line id (removed, changed), or the newer version's (added). */
  LineId: number;
  Change: 'added' | 'removed' | 'changed';
  Before: OrderLineSide | null;
  After: OrderLineSide | null;
  /** The months whose amount differs (every month for an added or removed line). */
  Periods: OrderPeriodChange[];
}

/** GetOrdersList and GenerateOrders: an order without its lines. */
export interface OrderSummary extends Stamped {
  ID: number;
  ActivityId: number;
  ActivityName: string;
  AccountId: number;
  AccountName: string;
  SubAccountId: number | null;
  VendorId: number;
  VendorName: string;
  MediaMixId: number;
  PlanVersion: number;
  Version: number;
  Status: OrderStatus;
  Currency: 1 | 2;
  CurrencyCode: string;
  LineCount: number;
  Total: number;
  ApprovedBy: string | null;
  ApprovedAt: string | null;
}

/** GetOrder, ApproveOrder, RevokeOrder. */
export interface OrderView extends OrderSummary {
  PlanCurrency: 1 | 2;
  /** The version's fixed rate the amounts were converted with; null when the vendor's currency is the plan's. */
  Rate: PlanRate | null;
  Lines: OrderLineView[];
  /** The order's total per month. */
  Periods: OrderAmount[];
  RevokedBy: string | null;
  RevokedAt: string | null;
  RevokeReason: string | null;
  History: OrderApprovalView[];
  /** The activity's latest approved version differs for this vendor's lines (computed at read). */
  Changed: boolean;
  /** That version, when Changed. */
  ChangedIn: { MediaMixId: number; PlanVersion: number } | null;
  Diff: OrderLineDiff[];
  /** The last send to the vendor, null when never sent (docs/buy-side.md "Sending and acceptance"). */
  Send: OrderSendView | null;
  /** The vendor's signed copy recorded by staff, null when none. */
  Offline: OfflineAcceptanceView | null;
}

/** What the vendor's contact answered on the order's page. */
export interface OrderDecisionView {
  Kind: 'accepted' | 'rejected';
  /** The contact's address the link was mailed to, and the name typed when accepting. */
  By: string;
  TypedName: string | null;
  Reason: string | null;
  At: string;
  /** The source IP of the request that decided. */
  Ip: string;
  /** The SHA-256 (hex) of the PDF the contact was shown. */
  DocumentSha256: string;
}

export interface OrderSendView {
  OrderVersion: number;
  SentAt: string;
  SentBy: string;
  Recipients: string[];
  Language: string;
  Instructions: string | null;
  PdfSha256: string;
  XlsxSha256: string;
  ExpiresAt: string;
  /** The links still open the order: it is approved at the version sent (a revoke or a new version outdates them). */
  Current: boolean;
  Decision: OrderDecisionView | null;
}

export interface OfflineAcceptanceView {
  OrderVersion: number;
  ContentType: string;
  Size: number;
  Sha256: string;
  RecordedBy: string;
  RecordedAt: string;
  /** It accepts the order as it stands: approved at the version signed (a revoke or a new version outdates it). */
  Current: boolean;
}

/** GetOfflineAcceptanceUploadUrl: POST the fields, then the file, to Url; then RecordOfflineAcceptance with UploadKey. */
export interface OfflineUploadForm {
  UploadKey: string;
  Url: string;
  Fields: Record<string, string>;
  MaxBytes: number;
  ExpiresAt: string;
}

/** SendOrder: the order with its send, and which addresses the mail went to (a failed one can be sent again). */
export interface SendOrderReply {
  Order: OrderView;
  Mailed: string[];
  NotMailed: string[];
}

/** GenerateOrders: what each vendor's order became. */
export type GenerateOutcome = 'created' | 'refreshed' | 'unchanged' | 'locked';

export interface GeneratedOrder extends OrderSummary {
  Outcome: GenerateOutcome;
}

export interface GenerateOrdersReply {
  MediaMixId: number;
  Orders: GeneratedOrder[];
  /** Live lines that name no vendor: not ordered. */
  NoVendor: { LineId: number; Name: string }[];
}

/** GetOrdersList. */
export type OrdersPage = Page<OrderSummary>;
