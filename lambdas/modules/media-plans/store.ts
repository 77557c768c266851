import type { Account } from '../tenancy';
import type { AccountChannelType } from '../channel-types';
import type { Activity } from '../activities';
import type { LineView, VersionView, VersionPricing } from './replies/plans';
import type { PlatformId } from '../../shared/connector-platforms';

/** What a line's rules need of a vendor. */
export interface LineVendor {
  ID: number;
  Archived: boolean;
}

/**
 * The media plan store: everything the plan rules (lifecycle.ts, versions.ts, lines.ts,
 * template-application.ts, import.ts, …) read and write, in domain values, and those values. The
 * rules decide; the store reads, and writes through NAMED operations that take the change (before /
 * after) and the facts the rules decided on (PlanWriteGuards), re-check those facts when the write
 * commits, and throw the typed error naming the fact that no longer held (store/conflicts.ts). No
 * item, key or transaction reaches the rules.
 *
 * Two implementations: ONE object on DynamoDB (store.dynamodb.ts `planStore`, its parts in store/),
 * which every rule takes by default, and the in-memory twin the rules' unit tests run on
 * (test/support/memory-media-plan-store.ts). Types only here: nothing of DynamoDB.
 */

/** The pricing a plan's totals use, fixed on the header at approval: as the reply declares it. */
export type { VersionPricing as MixPricing };

/**
 * Sums of what the live lines show (each line's amounts rounded once, docs/domain.md), so a list of
 * versions shows totals without reading lines. Creative fees are linear in the counts, so counts are
 * summed. Exact once the version leaves Draft: Submit sets them from the locked lines. While it is
 * a Draft, LineCount is exact (creates and deletes ADD to it in their transactions) but the money
 * sums are not (a line change made in one write does not touch the header): a Draft's totals are
 * read from its lines.
 */
export interface VersionAggregates {
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
export interface PlanVersion extends Omit<VersionView, 'StatusName' | 'LineCount'>, VersionAggregates {
  /** Internal: template applications in flight (their lines stay hidden until they commit). */
  PendingApplies?: Set<string>;
}

/**
 * A plan line as stored (docs/domain.md): the line the API shows (modules/media-plans/replies/plans.ts,
 * one declaration; ActivityId and AccountId are denormalised from the mix so the scope check of a line
 * needs no header read), with its budget in minor units and the template application that created it.
 */
export interface PlanLine extends LineView {
  BudgetMinor: number;
  /** Internal: the template application that created it (hidden while that one is pending). */
  ApplyId?: string;
}

/**
 * Per company and activity: the version counter and which version is open, so that version numbers
 * are unique and only one Draft-or-Submitted version exists at a time (every version create and
 * every approve/reject goes through a condition on this item).
 */
export interface ActivityPlan {
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

/** A version's header and its live lines (a pending template application's lines left out). */
export interface VersionWithLines {
  header: PlanVersion;
  /** Live lines, by id (creation order). */
  lines: PlanLine[];
}

/** A line (live, or `archived` when deleted) and its version's header, read together. */
export interface LineWithHeader {
  header?: PlanVersion;
  line?: PlanLine;
  archived?: PlanLine;
}

/** A plan started (createPlan): the plan item and its first version. */
export interface PlanStart {
  companyId: number;
  plan: ActivityPlan;
  /** Its first version (a Draft, no lines). */
  header: PlanVersion;
  guards: PlanWriteGuards;
  audit: AuditRecord;
}

/** A new Draft with its lines, opened on the plan (copyVersion: CreateMediaMixVersion, the import). */
export interface VersionCopy {
  companyId: number;
  /** The new Draft, its aggregates those of `lines`. */
  header: PlanVersion;
  lines: PlanLine[];
  /** The plan's latest version as read: the copy is version latest + 1, and only while nothing is open. */
  latestVersion: number;
  guards: PlanWriteGuards;
  audit: AuditRecord;
}

/** A version's header changed from the version read (renamed, submitted, approved, rejected, answered by the client). */
export interface HeaderChange {
  companyId: number;
  /** The header as read (its version is the condition) and as it will be. */
  before: PlanVersion;
  after: PlanVersion;
  guards: PlanWriteGuards;
  audit: AuditRecord;
}

/** A Draft's line created, changed or deleted on the full path (saveLineEdit). */
export interface LineEdit {
  companyId: number;
  /** The line as read (absent: a new line), and as it will be (`Archived`: deleted). */
  before?: PlanLine;
  after: PlanLine;
  guards: PlanWriteGuards;
  audit: AuditRecord;
  /** The header's aggregates change (after − before of the line's shown amounts). */
  delta: VersionAggregates;
}

/** A template's lines added to a Draft (applyTemplate). */
export interface TemplateApplication {
  companyId: number;
  versionId: number;
  /** Names this application's lines until it commits (a large one is staged). */
  applyId: string;
  lines: PlanLine[];
  /** The sum of the new lines' aggregates. */
  delta: VersionAggregates;
  who: string;
  at: string;
  guards: PlanWriteGuards;
  audit: AuditRecord;
}

/** The planner's common line change, in one conditional write (updateLineInOneWrite). */
export interface OneWriteLineChange {
  companyId: number;
  scopeAccountId: number;
  versionId: number;
  lineId: number;
  /** The version the caller read; the line is then at version + 1. */
  version: number;
  accountChannelTypeId: number;
  startDate: string;
  endDate: string;
  /** Empty: the line takes its channel type's name. */
  name: string;
  set: Pick<
    PlanLine,
    'BuyType' | 'UnitCost' | 'Budget' | 'BudgetMinor' | 'ImageCreatives' | 'VideoCreatives' | 'Notes' | 'MonthlySplit'
  > &
    Partial<Pick<PlanLine, 'ManagementFeePct' | 'SystemFeePct' | 'VendorId'>>;
  who: string;
  at: string;
}

/** What the rules read (`consistent` when a write relies on them). */
export interface PlanReads {
  header(companyId: number, versionId: number, consistent?: boolean): Promise<PlanVersion | undefined>;
  /** The header and its live lines (a pending template application's lines left out). */
  versionWithLines(companyId: number, versionId: number, consistent?: boolean): Promise<VersionWithLines | undefined>;
  /** The versions of an activity's plan (headers), by version. */
  versions(companyId: number, activityId: number): Promise<PlanVersion[]>;
  plan(companyId: number, activityId: number, consistent?: boolean): Promise<ActivityPlan | undefined>;
  line(companyId: number, versionId: number, lineId: number, consistent?: boolean): Promise<PlanLine | undefined>;
  /** The mix a line id (live or deleted) belongs to. */
  lineVersionId(companyId: number, lineId: number): Promise<number | undefined>;
  lineWithHeader(companyId: number, versionId: number, lineId: number, consistent?: boolean): Promise<LineWithHeader>;
  activity(companyId: number, activityId: number, consistent?: boolean): Promise<Activity | undefined>;
  account(companyId: number, accountId: number, consistent?: boolean): Promise<Account | undefined>;
  /** The main account's copies of the channel types (what a line is planned on). */
  channelTypeCopies(companyId: number, accountId: number, consistent?: boolean): Promise<AccountChannelType[]>;
  /** A vendor of the company, archived or not (a line's vendor, a default's). */
  vendor(companyId: number, vendorId: number): Promise<LineVendor | undefined>;
  /** The company's default vendor of a global channel type, if any (its id: may since be archived). */
  companyDefaultVendor(companyId: number, channelTypeId: number): Promise<number | undefined>;
  /** The company's usable (not archived) vendor that is the ad platform `platform`, if any. */
  platformVendor(companyId: number, platform: PlatformId): Promise<LineVendor | undefined>;
  /** `count` new ids of MediaMix or MediaChannel (unique, not dense). */
  newIds(companyId: number, entity: string, count: number): Promise<number[]>;
}

/** The store: its reads, and its named writes, each all or nothing (else the typed error of the fact that changed). */
export interface MediaPlanStore extends PlanReads {
  // A version's life: a plan started, a version copied with its lines, a header changed (no line written).
  createPlan(w: PlanStart): Promise<void>;
  copyVersion(w: VersionCopy): Promise<void>;
  renameDraft(w: HeaderChange): Promise<void>;
  submitVersion(w: HeaderChange): Promise<void>;
  approveVersion(w: HeaderChange): Promise<void>;
  rejectVersion(w: HeaderChange): Promise<void>;
  answerAsClient(w: HeaderChange): Promise<void>;
  /** After this no line of the version takes a one-write change (Submit's first step; an archived account's or deleted activity's plan). */
  lockLines(companyId: number, versionId: number): Promise<number>;

  // A Draft's lines.
  saveLineEdit(w: LineEdit): Promise<void>;
  /** The planner's common line change in one conditional write: the line as saved, or undefined when a fact it relies on changed. */
  updateLineInOneWrite(c: OneWriteLineChange): Promise<PlanLine | undefined>;
  /** A template's lines added to a Draft. */
  applyTemplate(w: TemplateApplication): Promise<void>;
}
