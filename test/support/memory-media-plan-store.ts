import { staleVersion } from '../../lambdas/core/errors';
import type { Account } from '../../lambdas/modules/tenancy/account-store';
import type { AccountChannelType } from '../../lambdas/modules/channel-types/account-channel-type-store';
import type { Activity } from '../../lambdas/modules/activities/store';
import type {
  ActivityFacts,
  HeaderChange,
  LineEdit,
  LineVendor,
  LineWithHeader,
  PlanLine,
  PlanVersion,
  MediaPlanStore,
  VersionAggregates,
  ActivityPlan,
  VersionWithLines,
  OneWriteLineChange,
  PlanStart,
  PlanWriteGuards,
  TemplateApplication,
  VersionCopy,
} from '../../lambdas/modules/media-plans/store';
import {
  AccountArchived,
  ActivityChanged,
  LineChanged,
  PlanChanged,
  PlanExists,
  VersionChanged,
} from '../../lambdas/modules/media-plans/store/conflicts';
import { VersionStatus } from '../../lambdas/shared/version-status';
import type { PlatformId } from '../../lambdas/shared/connector-platforms';

/**
 * The media plan store in memory (lambdas/modules/media-plans/store.ts), for the domain's unit
 * tests (test/domain/): the same reads and named writes as the DynamoDB store, with the same
 * re-checks at commit in the same order (the header, the activity, the plan item, the line, the
 * accounts) throwing the same typed errors, and all-or-nothing writes. One company per store is
 * enough for a unit test; the company id is still part of every key, so a wrong one reads nothing.
 *
 * `beforeWrite` runs inside every write before its re-checks: a test changes the store there to
 * play "someone else saved meanwhile". `audit` lists what the writes recorded.
 */
export interface AuditRecorded {
  entity: 'MediaMix' | 'MediaChannel';
  id: number;
  action: 'create' | 'update' | 'archive';
  who: string;
  before: unknown;
  after: unknown;
}

const copy = <T>(v: T): T => structuredClone(v);
const key = (companyId: number, ...ids: number[]) => [companyId, ...ids].join('#');

export class MemoryMediaPlanStore implements MediaPlanStore {
  readonly headers = new Map<string, PlanVersion>();
  readonly lines = new Map<string, PlanLine>();
  readonly archivedLines = new Map<string, PlanLine>();
  readonly plans = new Map<string, ActivityPlan>();
  readonly activities = new Map<string, Activity>();
  readonly accounts = new Map<string, Account>();
  readonly copies = new Map<string, AccountChannelType[]>();
  readonly vendors = new Map<string, LineVendor>();
  private readonly platforms = new Map<string, PlatformId>();
  private readonly typeDefaults = new Map<string, number>();
  /** Lines that take the one-write change (the `Editable` mark of the DynamoDB store). */
  readonly editable = new Set<string>();
  readonly audit: AuditRecorded[] = [];
  beforeWrite?: () => void;
  private readonly counters = new Map<string, number>();

  constructor(readonly companyId: number) {}

  // ---- seeding (tests) ----
  putAccount(a: Account): void {
    this.accounts.set(key(this.companyId, a.ID), copy(a));
  }

  putActivity(a: Activity): void {
    this.activities.set(key(this.companyId, a.ID), copy(a));
  }

  putChannelTypeCopies(accountId: number, copies: AccountChannelType[]): void {
    this.copies.set(key(this.companyId, accountId), copy(copies));
  }

  /** Changes a stored activity or account in place (someone else's save). */
  changeActivity(id: number, change: Partial<Activity>): void {
    const a = this.activities.get(key(this.companyId, id));
    if (!a) throw new Error(`no activity ${id}`);
    Object.assign(a, change, { version: a.version + 1 });
  }

  changeAccount(id: number, change: Partial<Account>): void {
    const a = this.accounts.get(key(this.companyId, id));
    if (!a) throw new Error(`no account ${id}`);
    Object.assign(a, change, { version: a.version + 1 });
  }

  // ---- reads ----
  async header(companyId: number, versionId: number): Promise<PlanVersion | undefined> {
    return copy(this.headers.get(key(companyId, versionId)));
  }

  async versionWithLines(companyId: number, versionId: number): Promise<VersionWithLines | undefined> {
    const header = this.headers.get(key(companyId, versionId));
    if (!header) return undefined;
    const lines = [...this.lines.entries()]
      .filter(([k]) => k.startsWith(`${key(companyId, versionId)}#`))
      .map(([, l]) => l)
      .filter((l) => !(l.ApplyId && header.PendingApplies?.has(l.ApplyId)))
      .sort((a, b) => a.ID - b.ID);
    return copy({ header, lines });
  }

  async versions(companyId: number, activityId: number): Promise<PlanVersion[]> {
    return copy(
      [...this.headers.entries()]
        .filter(([k, h]) => k.startsWith(`${companyId}#`) && h.ActivityId === activityId)
        .map(([, h]) => h)
        .sort((a, b) => a.Version - b.Version),
    );
  }

  async plan(companyId: number, activityId: number): Promise<ActivityPlan | undefined> {
    return copy(this.plans.get(key(companyId, activityId)));
  }

  async line(companyId: number, versionId: number, lineId: number): Promise<PlanLine | undefined> {
    return copy(this.lines.get(key(companyId, versionId, lineId)));
  }

  async lineVersionId(companyId: number, lineId: number): Promise<number | undefined> {
    for (const [k, l] of [...this.lines.entries(), ...this.archivedLines.entries()]) {
      if (k.startsWith(`${companyId}#`) && l.ID === lineId) return l.MediaMixId;
    }
    return undefined;
  }

  async lineWithHeader(companyId: number, versionId: number, lineId: number): Promise<LineWithHeader> {
    return copy({
      header: this.headers.get(key(companyId, versionId)),
      line: this.lines.get(key(companyId, versionId, lineId)),
      archived: this.archivedLines.get(key(companyId, versionId, lineId)),
    });
  }

  async activity(companyId: number, activityId: number): Promise<Activity | undefined> {
    return copy(this.activities.get(key(companyId, activityId)));
  }

  async account(companyId: number, accountId: number): Promise<Account | undefined> {
    return copy(this.accounts.get(key(companyId, accountId)));
  }

  async channelTypeCopies(companyId: number, accountId: number): Promise<AccountChannelType[]> {
    return copy(this.copies.get(key(companyId, accountId)) ?? []);
  }

  async vendor(companyId: number, vendorId: number): Promise<LineVendor | undefined> {
    return copy(this.vendors.get(key(companyId, vendorId)));
  }

  async companyDefaultVendor(companyId: number, channelTypeId: number): Promise<number | undefined> {
    return this.typeDefaults.get(key(companyId, channelTypeId));
  }

  async platformVendor(companyId: number, platform: PlatformId): Promise<LineVendor | undefined> {
    const v = [...this.vendors.entries()].find(
      ([k, x]) => k.startsWith(`${companyId}#`) && !x.Archived && this.platforms.get(k) === platform,
    );
    return copy(v?.[1]);
  }

  /** A vendor of the company (`platform`: the ad platform it is), and a company default of a global type. */
  putVendor(v: LineVendor, platform: PlatformId | null = null): void {
    this.vendors.set(key(this.companyId, v.ID), copy(v));
    if (platform) this.platforms.set(key(this.companyId, v.ID), platform);
  }

  putTypeDefault(channelTypeId: number, vendorId: number): void {
    this.typeDefaults.set(key(this.companyId, channelTypeId), vendorId);
  }

  async newIds(companyId: number, entity: string, count: number): Promise<number[]> {
    const counter = `${companyId}#${entity}`;
    const last = (this.counters.get(counter) ?? 0) + count;
    this.counters.set(counter, last);
    return Array.from({ length: count }, (_, i) => last - count + 1 + i);
  }

  // ---- the re-checks (the DynamoDB store's conditions) ----
  private checkActivity(companyId: number, f: ActivityFacts): void {
    const a = this.activities.get(key(companyId, f.activityId));
    const holds =
      a &&
      !a.Archived &&
      a.AccountId === f.mainAccountId &&
      (a.SubAccountId ?? null) === f.bookedOn &&
      (!f.covers || (a.StartDate <= f.covers.start && a.EndDate >= f.covers.end));
    if (!holds) throw new ActivityChanged();
  }

  private checkAccounts(companyId: number, g: PlanWriteGuards): void {
    for (const id of g.activeAccounts) {
      if (this.accounts.get(key(companyId, id))?.Status !== 'Active') throw new AccountArchived(id);
    }
  }

  private draftHeader(companyId: number, versionId: number): PlanVersion {
    const h = this.headers.get(key(companyId, versionId));
    if (!h || h.Status !== VersionStatus.Draft) throw new VersionChanged();
    return h;
  }

  private addToHeader(h: PlanVersion, delta: VersionAggregates, who: string, at: string): void {
    for (const f of [
      'NetMinor',
      'ManagementFeeMinor',
      'SystemFeeMinor',
      'ImageCreatives',
      'VideoCreatives',
      'LineCount',
    ] as const)
      h[f] += delta[f];
    Object.assign(h, { version: h.version + 1, updatedAt: at, updatedBy: who });
  }

  private putLine(companyId: number, l: PlanLine): void {
    this.lines.set(key(companyId, l.MediaMixId, l.ID), copy(l));
    this.editable.add(key(companyId, l.MediaMixId, l.ID));
  }

  private record(
    entity: AuditRecorded['entity'],
    id: number,
    action: AuditRecorded['action'],
    who: string,
    audit: { before: unknown; after: unknown },
  ): void {
    this.audit.push({ entity, id, action, who, before: copy(audit.before), after: copy(audit.after) });
  }

  // ---- writes ----
  async createPlan(w: PlanStart): Promise<void> {
    this.beforeWrite?.();
    const { companyId, header } = w;
    if (this.plans.has(key(companyId, w.plan.ActivityId))) throw new PlanExists();
    if (this.headers.has(key(companyId, header.ID))) throw staleVersion();
    this.checkActivity(companyId, w.guards.activity);
    this.checkAccounts(companyId, w.guards);
    this.plans.set(key(companyId, w.plan.ActivityId), copy(w.plan));
    this.headers.set(key(companyId, header.ID), copy(header));
    this.record('MediaMix', header.ID, 'create', header.createdBy, w.audit);
  }

  async copyVersion(w: VersionCopy): Promise<void> {
    this.beforeWrite?.();
    const { companyId, header } = w;
    if (this.headers.has(key(companyId, header.ID))) throw staleVersion();
    const plan = this.plans.get(key(companyId, header.ActivityId));
    if (!plan || plan.LatestVersion !== w.latestVersion || plan.OpenMixId !== null) throw new PlanChanged();
    this.checkActivity(companyId, w.guards.activity);
    this.checkAccounts(companyId, w.guards);
    this.headers.set(key(companyId, header.ID), copy(header));
    for (const l of w.lines) this.putLine(companyId, l);
    Object.assign(plan, { LatestVersion: header.Version, OpenMixId: header.ID, OpenVersion: header.Version });
    this.record('MediaMix', header.ID, 'create', header.createdBy, w.audit);
  }

  /** A header replaced from the version read; `plan` checks (throws PlanChanged) and returns the plan item's change. */
  private replaceHeader(w: HeaderChange, plan?: (p: ActivityPlan | undefined) => Partial<ActivityPlan>): void {
    this.beforeWrite?.();
    const { companyId, before, after } = w;
    const now = this.headers.get(key(companyId, before.ID));
    if (!now || now.version !== before.version) throw new VersionChanged();
    this.checkActivity(companyId, w.guards.activity);
    const planItem = this.plans.get(key(companyId, before.ActivityId));
    const planChange = plan?.(planItem);
    this.checkAccounts(companyId, w.guards);
    this.headers.set(key(companyId, after.ID), copy(after));
    if (planItem && planChange) Object.assign(planItem, planChange);
    this.record('MediaMix', after.ID, 'update', after.updatedBy, w.audit);
  }

  async renameDraft(w: HeaderChange): Promise<void> {
    this.replaceHeader(w);
  }

  async submitVersion(w: HeaderChange): Promise<void> {
    this.replaceHeader(w);
  }

  async approveVersion(w: HeaderChange): Promise<void> {
    this.replaceHeader(w, (p) => {
      if (p?.OpenMixId !== w.before.ID) throw new PlanChanged();
      return { OpenMixId: null, OpenVersion: null, ApprovedMixId: w.before.ID, ApprovedVersion: w.before.Version };
    });
  }

  async rejectVersion(w: HeaderChange): Promise<void> {
    this.replaceHeader(w, (p) => {
      if (p?.OpenMixId !== w.before.ID) throw new PlanChanged();
      return { OpenMixId: null, OpenVersion: null };
    });
  }

  async answerAsClient(w: HeaderChange): Promise<void> {
    this.replaceHeader(w, (p) => {
      if (p?.ApprovedMixId !== w.before.ID) throw new PlanChanged();
      return {};
    });
  }

  async saveLineEdit(w: LineEdit): Promise<void> {
    this.beforeWrite?.();
    const { companyId, before, after } = w;
    const header = this.draftHeader(companyId, after.MediaMixId);
    this.checkActivity(companyId, w.guards.activity);
    const k = key(companyId, after.MediaMixId, after.ID);
    const live = this.lines.get(k);
    if (before ? live?.version !== before.version : live || this.archivedLines.has(k)) throw new LineChanged();
    this.checkAccounts(companyId, w.guards);
    this.addToHeader(header, w.delta, after.updatedBy, after.updatedAt);
    const action = !before ? 'create' : after.Archived && !before.Archived ? 'archive' : 'update';
    if (action === 'archive') {
      this.lines.delete(k);
      this.editable.delete(k);
      this.archivedLines.set(k, copy(after));
    } else {
      this.putLine(companyId, after);
    }
    this.record('MediaChannel', after.ID, action, after.updatedBy, w.audit);
  }

  async applyTemplate(w: TemplateApplication): Promise<void> {
    this.beforeWrite?.();
    const { companyId } = w;
    const header = this.draftHeader(companyId, w.versionId);
    this.checkActivity(companyId, w.guards.activity);
    this.checkAccounts(companyId, w.guards);
    this.addToHeader(header, w.delta, w.who, w.at);
    for (const l of w.lines) this.putLine(companyId, l);
    this.record('MediaMix', w.versionId, 'update', w.who, w.audit);
  }

  async updateLineInOneWrite(c: OneWriteLineChange): Promise<PlanLine | undefined> {
    this.beforeWrite?.();
    const k = key(c.companyId, c.versionId, c.lineId);
    const l = this.lines.get(k);
    const holds =
      l &&
      l.version === c.version &&
      this.editable.has(k) &&
      l.AccountId === c.scopeAccountId &&
      l.AccountChannelTypeId === c.accountChannelTypeId &&
      l.StartDate === c.startDate &&
      l.EndDate === c.endDate;
    if (!l || !holds) return undefined;
    for (const [field, value] of Object.entries(c.set)) if (value !== undefined) Object.assign(l, { [field]: value });
    Object.assign(l, { Name: c.name || l.ChannelTypeName, version: c.version + 1, updatedAt: c.at, updatedBy: c.who });
    // The DynamoDB store's audit entry of this write comes from the table's stream; here, at once.
    this.audit.push({ entity: 'MediaChannel', id: l.ID, action: 'update', who: c.who, before: null, after: copy(l) });
    return copy(l);
  }

  async lockLines(companyId: number, versionId: number): Promise<number> {
    let locked = 0;
    for (const k of [...this.editable]) {
      if (this.lines.get(k)?.MediaMixId === versionId && k.startsWith(`${companyId}#`)) {
        this.editable.delete(k);
        locked++;
      }
    }
    return locked;
  }
}
