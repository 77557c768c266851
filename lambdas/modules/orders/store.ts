import type { ConflictError } from '../../core/errors';
import type { ListPage } from '../../aws/dynamodb/page-token';
import type { Stamped } from '../../shared/replies/reply';
import type { PlanRate } from '../media-plans/replies/plans';
import type { Locale } from '../../shared/locales';
import type { OrderStatus } from './replies';

/**
 * An order as stored (docs/buy-side.md): a vendor's lines of one approved plan version, their
 * months and totals in the vendor's currency, in minor units (the replies show decimals).
 */

export interface OrderMonth {
  /** 'YYYY-MM' */
  Month: string;
  AmountMinor: number;
}

export interface OrderLine {
  LineId: number;
  Name: string;
  ChannelTypeName: string;
  AccountChannelTypeId: number;
  StartDate: string;
  EndDate: string;
  Months: OrderMonth[];
  TotalMinor: number;
}

/** One approval of an order, kept when it is revoked (the order's history). */
export interface OrderApproval {
  Version: number;
  MediaMixId: number;
  PlanVersion: number;
  TotalMinor: number;
  ApprovedBy: string;
  ApprovedAt: string;
  RevokedBy: string | null;
  RevokedAt: string | null;
  RevokeReason: string | null;
}

export interface Order extends Stamped {
  ID: number;
  ActivityId: number;
  /** The activity's main account, and the sub-account it is booked on (or null). */
  AccountId: number;
  SubAccountId: number | null;
  VendorId: number;
  /** The plan version the lines and amounts come from, and its number. */
  MediaMixId: number;
  PlanVersion: number;
  /** The order's own version N (docs/buy-side.md, "Order versions"). */
  Version: number;
  Status: OrderStatus;
  /** The last version number an approval gave it; null until first approved. */
  LastApprovedVersion: number | null;
  /** The vendor's currency (1 USD, 2 ILS), and the plan's. */
  Currency: 1 | 2;
  PlanCurrency: 1 | 2;
  /** The version's fixed rate used to convert; null when the two currencies are one. */
  Rate: PlanRate | null;
  Lines: OrderLine[];
  TotalMinor: number;
  ApprovedBy: string | null;
  ApprovedAt: string | null;
  RevokedBy: string | null;
  RevokedAt: string | null;
  RevokeReason: string | null;
  History: OrderApproval[];
  /** The last send to the vendor (sending.ts); absent on orders never sent. */
  Send?: OrderSend | null;
  /** The vendor's signed copy, uploaded by staff (offline-acceptance.ts); absent until one is. */
  Offline?: OfflineAcceptance | null;
}

/** What the vendor's contact decided on the public page (acceptance.ts). */
export interface OrderDecision {
  Kind: 'accepted' | 'rejected';
  /** The contact's confirmed address the link was mailed to, and the name typed when accepting. */
  By: string;
  TypedName: string | null;
  Reason: string | null;
  At: string;
  /** The source IP of the request that decided. */
  Ip: string;
  /** The SHA-256 of the PDF the link showed (the send's). */
  DocumentSha256: string;
}

/** One send of an approved order to the vendor (docs/buy-side.md "Sending and acceptance"). */
export interface OrderSend {
  /** Random, per send: a link names it, so a newer send, a revoke or a new version outdates older links. */
  Nonce: string;
  /** The order's Version that was sent. */
  OrderVersion: number;
  SentAt: string;
  SentBy: string;
  /** The sender's user (sub): told of the vendor's answer (buyer-notice.ts). */
  SentBySub: string;
  Recipients: string[];
  Language: Locale;
  Instructions: string | null;
  PdfKey: string;
  XlsxKey: string;
  PdfSha256: string;
  XlsxSha256: string;
  ExpiresAt: string;
  Decision: OrderDecision | null;
}

/** The vendor's signed copy of the order, uploaded by staff. */
export interface OfflineAcceptance {
  OrderVersion: number;
  Key: string;
  ContentType: 'application/pdf' | 'image/png' | 'image/jpeg';
  Size: number;
  Sha256: string;
  RecordedBy: string;
  RecordedAt: string;
}

export type OrderAction = 'update' | 'approve' | 'revoke' | 'send' | 'decide' | 'offline';

/** What the order rules need of storage; store.dynamodb.ts implements it. */
export interface OrderStore {
  getOrder(companyId: number, id: number, consistent?: boolean): Promise<Order | undefined>;
  /** The order of an activity and vendor (one at most), if any. */
  getOrderOf(companyId: number, activityId: number, vendorId: number, consistent?: boolean): Promise<Order | undefined>;
  /** Every order of the company that `keep` keeps, newest first, one page. */
  listOrders(
    companyId: number,
    keep: (o: Order) => boolean,
    limit: number,
    nextToken?: string | null,
  ): Promise<ListPage<Order>>;
  /** A new order with its activity-and-vendor guard and audit entry (`taken` when another came first). */
  insertOrder(companyId: number, o: Order, taken: ConflictError): Promise<void>;
  /** A changed order from the version read (`stale` when another write came first), audited as `action`. */
  replaceOrder(
    companyId: number,
    before: Order,
    after: Order,
    action: OrderAction,
    stale: ConflictError,
  ): Promise<void>;
}
