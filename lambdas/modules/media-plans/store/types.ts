import type { MediaChannelView, MediaMixView, MixPricing } from '../replies/plans';

/** The pricing a plan's totals use, fixed on the header at approval: as the reply declares it. */
export type { MixPricing };

/**
 * Sums of what the live lines show (each line's amounts rounded once, docs/domain.md), so a list of
 * versions shows totals without reading lines. Creative fees are linear in the counts, so counts are
 * summed. Exact once the version leaves Draft: Submit sets them from the locked lines. While it is
 * a Draft, LineCount is exact (creates and deletes ADD to it in their transactions) but the money
 * sums are not (a line change made in one write does not touch the header): a Draft's totals are
 * read from its lines.
 */
export interface MixAggregates {
  NetMinor: number;
  ManagementFeeMinor: number;
  SystemFeeMinor: number;
  ImageCreatives: number;
  VideoCreatives: number;
  LineCount: number;
}

/**
 * A media mix as stored: the version the API shows (modules/media-plans/replies/plans.ts, one declaration)
 * less its derived StatusName, with the plan's aggregates and the in-flight template applications.
 */
export interface MediaMix extends Omit<MediaMixView, 'StatusName' | 'LineCount'>, MixAggregates {
  /** Internal: template applications in flight (their lines stay hidden until they commit). */
  PendingApplies?: Set<string>;
}

/**
 * A plan line as stored (docs/domain.md): the line the API shows (modules/media-plans/replies/plans.ts,
 * one declaration; ActivityId and AccountId are denormalised from the mix so the scope check of a line
 * needs no header read), with its budget in minor units and the template application that created it.
 */
export interface MediaChannel extends MediaChannelView {
  BudgetMinor: number;
  /** Internal: the template application that created it (hidden while that one is pending). */
  ApplyId?: string;
}

/**
 * Per company and activity: the version counter and which version is open, so that version numbers
 * are unique and only one Draft-or-Submitted version exists at a time (every version create and
 * every approve/reject goes through a condition on this item).
 */
export interface MixPlan {
  ActivityId: number;
  AccountId: number;
  LatestVersion: number;
  /** The Draft or Submitted version, if any. */
  OpenMixId: number | null;
  OpenVersion: number | null;
  /** The latest Approved version (what a client signs off; what pacing compares with). */
  ApprovedMixId: number | null;
  ApprovedVersion: number | null;
}

/**
 * What a plan write relies on about its activity, decided by the domain on a consistent read
 * (modules/media-plans/write-rules.ts) and re-checked by the store when the write commits: the activity is
 * still there and not deleted, still on the main account and the sub-account it was read on (the
 * page's account was one of them), and, when given, still runs around `covers` (a line's dates, or
 * the span of a version's lines). A change meanwhile fails the write with ActivityChanged.
 */
export interface ActivityFacts {
  activityId: number;
  mainAccountId: number;
  /** The sub-account the activity was booked on when read, or null. */
  bookedOn: number | null;
  covers?: { start: string; end: string };
}

/** The facts every plan write re-checks at commit: the activity's, and the accounts that must still be Active (else AccountArchived). */
export interface PlanWriteGuards {
  activity: ActivityFacts;
  activeAccounts: number[];
}

/** What a write's audit entry records (the domain's views of the thing before and after). */
export interface AuditRecord {
  before: unknown;
  after: unknown;
}
