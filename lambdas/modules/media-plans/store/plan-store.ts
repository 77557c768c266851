import { getAccount, type Account } from '../../tenancy';
import { listAccountChannelTypes, type AccountChannelType } from '../../channel-types';
import { getActivity, type Activity } from '../../activities';
import {
  getLine,
  getLineMixId,
  getLineWithHeader,
  getMixHeader,
  getMixPlan,
  getMixWithLines,
  listMixHeadersOfActivity,
  type LineWithHeader,
  type MixWithLines,
} from './reads';
import type { MediaChannel, MediaMix, MixPlan } from './types';
import {
  answerAsClient,
  applyTemplate,
  approveVersion,
  copyVersion,
  createPlan,
  rejectVersion,
  renameDraft,
  saveLineEdit,
  submitVersion,
  type HeaderChange,
  type LineEdit,
  type PlanStart,
  type TemplateApplication,
  type VersionCopy,
} from './operations';
import { lockPlanLines, updateLineInOneWrite, type OneWriteLineChange } from './line-writes';
import { nextIds } from '../../../aws/dynamodb/write-helpers';

export type {
  ActivityFacts,
  AuditRecord,
  MediaChannel,
  MediaMix,
  MixAggregates,
  MixPlan,
  MixPricing,
  PlanWriteGuards,
} from './types';
export type {
  HeaderChange,
  LineEdit,
  LineWithHeader,
  MixWithLines,
  OneWriteLineChange,
  PlanStart,
  TemplateApplication,
  VersionCopy,
};
export { MEDIA_CHANNEL_ENTITY, MEDIA_MIX_ENTITY } from './items';
export { AccountArchived, ActivityChanged, LineChanged, PlanChanged, PlanExists, VersionChanged } from './conflicts';

/**
 * The media plan store: everything the plan rules (domain/media-*.ts, plan-*.ts) read
 * and write, in domain values. The domain decides; the store reads, and writes through NAMED
 * operations that take the change (before / after) and the facts the domain decided on
 * (PlanWriteGuards), re-check those facts when the write commits, and throw the typed error naming
 * the fact that no longer held (media-plan-conflicts.ts). No item, key or transaction reaches the
 * domain.
 *
 * Two implementations: on DynamoDB (below), and the in-memory twin the domain's unit tests run on
 * (test/support/memory-media-plan-store.ts, the whole MediaPlanStore).
 *
 * The DynamoDB one comes in PARTS, one per kind of work (reads, version writes, line writes, template
 * writes), and each domain function defaults to the parts it uses: an object literal keeps every
 * function it names, so one object holding every operation put every write in every plan Lambda
 * (an export carried the template application's code). Each part
 * is built by a call marked pure (esbuild drops it when unused), so a bundle that names no part of a kind drops it.
 */
export interface PlanReads {
  // (`consistent` when a write relies on them)
  header(companyId: number, mixId: number, consistent?: boolean): Promise<MediaMix | undefined>;
  /** The header and its live lines (a pending template application's lines left out). */
  mixWithLines(companyId: number, mixId: number, consistent?: boolean): Promise<MixWithLines | undefined>;
  /** The versions of an activity's plan (headers), by version. */
  versions(companyId: number, activityId: number): Promise<MediaMix[]>;
  plan(companyId: number, activityId: number, consistent?: boolean): Promise<MixPlan | undefined>;
  line(companyId: number, mixId: number, lineId: number, consistent?: boolean): Promise<MediaChannel | undefined>;
  /** The mix a line id (live or deleted) belongs to. */
  lineMixId(companyId: number, lineId: number): Promise<number | undefined>;
  lineWithHeader(companyId: number, mixId: number, lineId: number, consistent?: boolean): Promise<LineWithHeader>;
  activity(companyId: number, activityId: number, consistent?: boolean): Promise<Activity | undefined>;
  account(companyId: number, accountId: number, consistent?: boolean): Promise<Account | undefined>;
  /** The main account's copies of the channel types (what a line is planned on). */
  channelTypeCopies(companyId: number, accountId: number, consistent?: boolean): Promise<AccountChannelType[]>;
  /** `count` new ids of MediaMix or MediaChannel (unique, not dense). */
  newIds(companyId: number, entity: string, count: number): Promise<number[]>;
}

/** After this no line of the version takes a one-write change (Submit's first step; an archived account's or deleted activity's plan). */
interface LineLock {
  lockLines(companyId: number, mixId: number): Promise<number>;
}

/** A version's header: renamed, submitted, approved, rejected, answered by the client (no line is written). */
export interface HeaderWrites extends LineLock {
  renameDraft(w: HeaderChange): Promise<void>;
  submitVersion(w: HeaderChange): Promise<void>;
  approveVersion(w: HeaderChange): Promise<void>;
  rejectVersion(w: HeaderChange): Promise<void>;
  answerAsClient(w: HeaderChange): Promise<void>;
}

/** A version's life: its header, and versions created or copied with their lines. */
export interface VersionWrites extends HeaderWrites {
  createPlan(w: PlanStart): Promise<void>;
  copyVersion(w: VersionCopy): Promise<void>;
}

/** A Draft's lines. */
export interface LineWrites extends LineLock {
  saveLineEdit(w: LineEdit): Promise<void>;
  /** The planner's common line change in one conditional write: the line as saved, or undefined when a fact it relies on changed. */
  updateLineInOneWrite(c: OneWriteLineChange): Promise<MediaChannel | undefined>;
}

export interface TemplateWrites {
  applyTemplate(w: TemplateApplication): Promise<void>;
}

export type MediaPlanStore = PlanReads & VersionWrites & LineWrites & TemplateWrites;

/** The reads on DynamoDB (docs/table-design.md). */
const dynamoReads = (): PlanReads => ({
  header: getMixHeader,
  mixWithLines: getMixWithLines,
  versions: listMixHeadersOfActivity,
  plan: getMixPlan,
  line: getLine,
  lineMixId: getLineMixId,
  lineWithHeader: getLineWithHeader,
  activity: getActivity,
  account: getAccount,
  channelTypeCopies: listAccountChannelTypes,
  newIds: nextIds,
});

export const planReads: PlanReads = /* @__PURE__ */ dynamoReads();

export const lineLock: LineLock = /* @__PURE__ */ Object.freeze({ lockLines: lockPlanLines });

/** Reads and a version's header writes: the lifecycle (submit, approve, reject, the client's answer). */
export const headerStore: PlanReads & HeaderWrites = /* @__PURE__ */ Object.assign(/* @__PURE__ */ dynamoReads(), {
  renameDraft,
  submitVersion,
  approveVersion,
  rejectVersion,
  answerAsClient,
  lockLines: lockPlanLines,
});

/** Reads and every version write: a plan started, a version copied, renamed. */
export const versionStore: PlanReads & VersionWrites = /* @__PURE__ */ Object.assign(/* @__PURE__ */ dynamoReads(), {
  createPlan,
  copyVersion,
  renameDraft,
  submitVersion,
  approveVersion,
  rejectVersion,
  answerAsClient,
  lockLines: lockPlanLines,
});

/** Reads and a new version with its lines, nothing else: the plan's Excel import (modules/media-plans/import.ts). */
export const versionCopyStore: PlanReads & Pick<VersionWrites, 'copyVersion'> = /* @__PURE__ */ Object.assign(
  /* @__PURE__ */ dynamoReads(),
  { copyVersion },
);

/** Reads and line writes: the plan line editor. */
export const lineStore: PlanReads & LineWrites = /* @__PURE__ */ Object.assign(/* @__PURE__ */ dynamoReads(), {
  saveLineEdit,
  updateLineInOneWrite,
  lockLines: lockPlanLines,
});

/** Reads and the template application. */
export const templateStore: PlanReads & TemplateWrites = /* @__PURE__ */ Object.assign(/* @__PURE__ */ dynamoReads(), {
  applyTemplate,
});
