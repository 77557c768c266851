import type { AuditRecord, PlanLine, VersionAggregates, PlanWriteGuards } from '../media-plans';
import type { CreativeView } from './replies';

/** A creative as stored is its view (modules/creatives/replies.ts). */
export type Creative = CreativeView;

export interface CreativeLineChange {
  companyId: number;
  /** The creative as read (its version is the condition) and as it will be (Active, or Archived). */
  before: Creative;
  after: Creative;
  /** The line as read (its version is the condition) and with its new counts. */
  line: { before: PlanLine; after: PlanLine };
  /** The header's aggregates change (the line's after − before). */
  delta: VersionAggregates;
  guards: PlanWriteGuards;
  audit: { creative: AuditRecord; line: AuditRecord };
}

/** What the creative rules need of storage; store.dynamodb.ts implements it. */
export interface CreativeStore {
  getCreative(
    companyId: number,
    c: Pick<Creative, 'MediaMixId' | 'MediaChannelId' | 'ID'>,
    consistent?: boolean,
  ): Promise<Creative | undefined>;
  /** Every creative of a line (Pending, Active and Archived), by id. */
  listLineCreatives(companyId: number, versionId: number, lineId: number, consistent?: boolean): Promise<Creative[]>;
  /** An upload asked for: the Pending creative, new. */
  putPendingCreative(companyId: number, c: Creative): Promise<void>;
  /** A creative confirmed or archived, with its line's counts and the plan's re-checks, in one transaction. */
  saveCreativeLineChange(w: CreativeLineChange): Promise<void>;
}
