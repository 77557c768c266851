import type { output } from 'zod/mini';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  STALE_VERSION_MESSAGE,
  ValidationError,
} from '../../core/errors';
import type { PlanLine, MediaPlanStore } from './store';
import { planStore } from './store.dynamodb';
import { MEDIA_CHANNEL_ENTITY } from './store/items';
import type { UserProfile } from '../tenancy';
import type { saveLine } from './schemas/plans';
import { MEDIA_MIX_STATUS_NAMES, VersionStatus } from '../../shared/version-status';
import { lineAmounts, toMinor } from '../../shared/money';
import { MAX_FEE_PCT, MAX_LINES_PER_PLAN } from '../../shared/money-limits';
import {
  aggregateDelta,
  checkLineFigures,
  inRange,
  kpisView,
  lineAmountsView,
  lineInput,
  type OutOfRange,
} from './figures';
import { cachedConfiguration } from '../configurations';
import { checkVersionScope, explainActivity, explainHeader, lineView, requireDraft } from './scope';
import { readPlanAccounts } from './plan-accounts';
import { explained } from './write-errors';
import { planWriteGuards } from './write-rules';
import { applyInput, checkMoney, findCopy, newLineOf, saved, type SaveInput } from './line-input';
import { newLineVendor, requireLineVendor } from './line-vendor';
import type { LineInfo, LineSaved, LineView } from './replies/plans';

/** The import builds its lines as a save does. */
export { applyInput, newLineOf, type SaveInput };

/** What the line editor reads and writes. */
/**
 * Plan lines (AccountsService.GetMediaChannelInfo / SaveMediaChannel / DeleteMediaChannel).
 *
 * Changing a line of a Draft — the planner's most frequent write — is ONE conditional UpdateItem
 * when the line keeps its channel type and dates and the page is its main account (the grid's
 * budget, cost, fee and creative edits): every fact the change relies on is a condition on the line
 * itself (modules/media-plans/store/line-writes.ts) and its audit entry comes from the table's change
 * stream, committed atomically with the write (modules/media-plans/line-audit.ts). Anything else, and any
 * one-write change whose condition fails, takes the full path, which also says why a save fails:
 * (1) read what the change needs — the line itself on an update, or the mix header and the
 * account's channel types on a create (in parallel), then the activity and the plan's accounts —
 * and apply the rules (write-rules.ts: the activity is the page's, not deleted, around the
 * line's dates; the accounts Active); (2) the store's saveLineEdit writes the line, the header (the
 * line's change ADDed to the plan's aggregates, the version bumped, only while it is a Draft) and
 * the audit entry in ONE transaction that re-checks those facts. When one changed meanwhile, the
 * state is read once to say why (409 "Version 2 is Approved; create a new version to change it",
 * 400 dates, …). Every function takes the store last (the DynamoDB one by default; the domain's
 * unit tests pass an in-memory one).
 */

/** The replies of the line routes (modules/media-plans/replies/plans.ts). */
export type { LineInfo, LineSaved };

/**
 * One line change on the full path: the plan's accounts and activity read and checked
 * (write-rules.ts), then the store's saveLineEdit, which re-checks those facts and that the
 * version is still a Draft when it commits; a fact changed meanwhile is explained by reading again.
 */
async function writeLine(
  store: MediaPlanStore,
  caller: UserProfile,
  scopeAccountId: number,
  before: PlanLine | undefined,
  after: PlanLine,
): Promise<void> {
  const companyId = caller.companyId;
  const dates = after.Archived ? undefined : { start: after.StartDate, end: after.EndDate, field: 'mediaChannel' };
  const read = await readPlanAccounts(companyId, after.ActivityId, store);
  const guards = planWriteGuards(read, scopeAccountId, dates);
  await explained(
    () =>
      store.saveLineEdit({
        companyId,
        before,
        after,
        guards,
        delta: aggregateDelta(before, after),
        audit: { before: before ? lineView(before) : null, after: lineView(after) },
      }),
    {
      accounts: read.accounts,
      version: () => explainHeader(store, companyId, after.MediaMixId, VersionStatus.Draft),
      activity: () => explainActivity(store, companyId, scopeAccountId, after.ActivityId, dates),
    },
  );
}

/** A line of another page's plan (the page may be the sub-account the activity is booked on). Staff only: no client rule here. */
async function checkLineScope(
  store: MediaPlanStore,
  caller: UserProfile,
  scopeAccountId: number,
  l: PlanLine,
): Promise<void> {
  const activity = await store.activity(caller.companyId, l.ActivityId);
  if (!activity || activity.SubAccountId !== scopeAccountId || activity.AccountId !== l.AccountId) {
    throw new ForbiddenError(`Media channel ${l.ID} is not part of account ${scopeAccountId}`, 'NOT_IN_ACCOUNT', {
      entity: 'MediaChannel',
      id: l.ID,
      accountId: scopeAccountId,
    });
  }
}

/** SaveMediaChannel: ID ≤ 0 adds a line to a Draft; ID > 0 changes a line of a Draft from the version read. */
export async function saveLineFor(
  caller: UserProfile,
  scopeAccountId: number,
  input: output<typeof saveLine>,
  store: MediaPlanStore = planStore,
): Promise<LineSaved> {
  const l = input.mediaChannel;
  return l.ID > 0 ? updateLine(store, caller, scopeAccountId, l) : createLine(store, caller, scopeAccountId, l);
}

async function createLine(
  store: MediaPlanStore,
  caller: UserProfile,
  scopeAccountId: number,
  l: SaveInput,
): Promise<LineSaved> {
  const companyId = caller.companyId;
  // The page is normally the main account the copies belong to: read them alongside the header.
  const [header, scopeCopies, [id]] = await Promise.all([
    store.header(companyId, l.MediaMixId, true),
    store.channelTypeCopies(companyId, scopeAccountId),
    store.newIds(companyId, MEDIA_CHANNEL_ENTITY, 1),
  ]);
  if (!header)
    throw new NotFoundError(`Media mix ${l.MediaMixId} was not found`, 'NOT_FOUND', {
      entity: 'MediaMix',
      id: l.MediaMixId,
    });
  let copies = scopeCopies;
  if (header.AccountId !== scopeAccountId) {
    await checkVersionScope(caller, scopeAccountId, header, store);
    copies = await store.channelTypeCopies(companyId, header.AccountId);
  }
  requireDraft(header);
  // The money limits assume at most MAX_LINES_PER_PLAN lines (docs/money-limits.md; a race past it stays in range).
  if (header.LineCount >= MAX_LINES_PER_PLAN) {
    throw new ConflictError(
      `Version ${header.Version} has ${header.LineCount} lines, the most a plan takes (${MAX_LINES_PER_PLAN}); delete a line or start another plan`,
      'PLAN_LINE_LIMIT',
      { version: header.Version, max: MAX_LINES_PER_PLAN },
    );
  }
  const copy = findCopy(copies, l.AccountChannelTypeId, header.AccountId, true);
  const vendorId = await newLineVendor(store, companyId, l.vendorId, copy);
  const line = applyInput(newLineOf(header, id, copy, l, caller.email, new Date().toISOString()), l, copy);
  line.VendorId = vendorId;
  checkMoney(line);
  checkLineFigures('mediaChannel', line);
  await writeLine(store, caller, scopeAccountId, undefined, line);
  return saved(line, true);
}

/**
 * The one-write change (see the top of this file): the line as saved, or undefined when the line is
 * not one the single write may change (then the full path decides). The money rules need only the
 * input: when the write succeeds, the line's dates are the ones sent.
 */
async function updateInOneWrite(
  store: MediaPlanStore,
  caller: UserProfile,
  scopeAccountId: number,
  l: SaveInput & { version: number },
): Promise<PlanLine | undefined> {
  checkMoney({ Budget: l.Budget, StartDate: l.StartDate, EndDate: l.EndDate, MonthlySplit: l.MonthlySplit ?? null });
  // Every derived figure before the write; an empty fee keeps the line's own, at most MAX_FEE_PCT.
  checkLineFigures('mediaChannel', {
    ...l,
    ManagementFeePct: l.ManagementFeePct ?? MAX_FEE_PCT,
    SystemFeePct: l.SystemFeePct ?? MAX_FEE_PCT,
  });
  return store.updateLineInOneWrite({
    companyId: caller.companyId,
    scopeAccountId,
    versionId: l.MediaMixId,
    lineId: l.ID,
    version: l.version,
    accountChannelTypeId: l.AccountChannelTypeId,
    startDate: l.StartDate,
    endDate: l.EndDate,
    name: l.Name,
    set: {
      BuyType: l.BuyType,
      UnitCost: l.UnitCost,
      Budget: l.Budget,
      BudgetMinor: toMinor(l.Budget, 'mediaChannel.Budget'),
      // An empty fee keeps the line's own (the channel type is unchanged).
      ManagementFeePct: l.ManagementFeePct ?? undefined,
      SystemFeePct: l.SystemFeePct ?? undefined,
      ImageCreatives: l.ImageCreatives,
      VideoCreatives: l.VideoCreatives,
      Notes: l.Notes,
      MonthlySplit: l.MonthlySplit ?? null,
      // Absent keeps the line's vendor; null clears it (a named one was checked by updateLine).
      VendorId: l.vendorId,
    },
    who: caller.email,
    at: new Date().toISOString(),
  });
}

async function updateLine(
  store: MediaPlanStore,
  caller: UserProfile,
  scopeAccountId: number,
  l: SaveInput,
): Promise<LineSaved> {
  const companyId = caller.companyId;
  if (l.version === undefined)
    throw new ValidationError(
      'mediaChannel.version: is required when updating (send the version you read)',
      'FIELD_REQUIRED',
      { field: 'mediaChannel.version' },
    );
  if (l.vendorId) await requireLineVendor(store, companyId, l.vendorId);
  const changed = await updateInOneWrite(store, caller, scopeAccountId, { ...l, version: l.version });
  if (changed) return saved(changed, false);
  const before = await store.line(companyId, l.MediaMixId, l.ID, true);
  if (!before)
    throw new NotFoundError(`Media channel ${l.ID} was not found in media mix ${l.MediaMixId}`, 'NOT_FOUND', {
      entity: 'MediaChannel',
      id: l.ID,
    });
  if (before.AccountId !== scopeAccountId) await checkLineScope(store, caller, scopeAccountId, before);
  if (before.version !== l.version) throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
  // A changed channel type brings its defaults; otherwise nothing else needs reading.
  const copy =
    l.AccountChannelTypeId === before.AccountChannelTypeId
      ? undefined
      : findCopy(
          await store.channelTypeCopies(companyId, before.AccountId),
          l.AccountChannelTypeId,
          before.AccountId,
          true,
        );
  const at = new Date().toISOString();
  const after: PlanLine = {
    ...applyInput(before, l, copy),
    version: before.version + 1,
    updatedAt: at,
    updatedBy: caller.email,
  };
  checkMoney(after);
  checkLineFigures('mediaChannel', after);
  await writeLine(store, caller, scopeAccountId, before, after);
  return saved(after, true);
}

/**
 * DeleteMediaChannel: "deletes archive". The line leaves the plan (out of the plan's lines, totals
 * and export) but is kept under the mix as archived, with its audit entry holding the before-image.
 * Drafts only. Deleting an archived line again answers it as it is.
 */
export async function deleteLineFor(
  caller: UserProfile,
  scopeAccountId: number,
  channelId: number,
  store: MediaPlanStore = planStore,
): Promise<LineView> {
  const companyId = caller.companyId;
  const versionId = await store.lineVersionId(companyId, channelId);
  if (versionId === undefined)
    throw new NotFoundError(`Media channel ${channelId} was not found`, 'NOT_FOUND', {
      entity: 'MediaChannel',
      id: channelId,
    });
  const { header, line, archived } = await store.lineWithHeader(companyId, versionId, channelId, true);
  const found = line ?? archived;
  if (!header || !found)
    throw new NotFoundError(`Media channel ${channelId} was not found`, 'NOT_FOUND', {
      entity: 'MediaChannel',
      id: channelId,
    });
  await checkVersionScope(caller, scopeAccountId, header, store);
  if (!line) return lineView(archived!);
  requireDraft(header);
  const at = new Date().toISOString();
  const after: PlanLine = {
    ...line,
    Archived: true,
    ArchivedAt: at,
    ArchivedBy: caller.email,
    version: line.version + 1,
    updatedAt: at,
    updatedBy: caller.email,
  };
  await writeLine(store, caller, scopeAccountId, line, after);
  return lineView(after);
}

/**
 * GetMediaChannelInfo: one line (archived ones too: the history stays readable) with its amounts
 * and planned KPIs. Client-only users read lines of Approved versions only.
 */
export async function getLineInfo(
  caller: UserProfile,
  scopeAccountId: number,
  channelId: number,
  store: MediaPlanStore = planStore,
): Promise<LineInfo> {
  const companyId = caller.companyId;
  const [versionId, config] = await Promise.all([
    store.lineVersionId(companyId, channelId),
    cachedConfiguration(companyId),
  ]);
  if (versionId === undefined)
    throw new NotFoundError(`Media channel ${channelId} was not found`, 'NOT_FOUND', {
      entity: 'MediaChannel',
      id: channelId,
    });
  const { header, line, archived } = await store.lineWithHeader(companyId, versionId, channelId);
  const found = line ?? archived;
  if (!header || !found)
    throw new NotFoundError(`Media channel ${channelId} was not found`, 'NOT_FOUND', {
      entity: 'MediaChannel',
      id: channelId,
    });
  await checkVersionScope(caller, scopeAccountId, header, store);
  // Creative fees of an approved version are the approval's; of any other, today's.
  const fees = header.Status === VersionStatus.Approved && header.Pricing ? header.Pricing : config;
  // Reading never fails on the line's own figures (docs/money-limits.md): out of range is null, named.
  const out: OutOfRange = [];
  const amounts = inRange(out, 'Amounts', () =>
    lineAmounts(lineInput(found), { imageSubmitFee: fees.ImageSubmitFee, videoSubmitFee: fees.VideoSubmitFee }),
  );
  return {
    ...lineView(found),
    Amounts: amounts && lineAmountsView(amounts),
    Kpis: kpisView(found, out),
    OutOfRange: out,
    MediaMix: {
      ID: header.ID,
      Version: header.Version,
      Status: header.Status,
      StatusName: MEDIA_MIX_STATUS_NAMES[header.Status],
      version: header.version,
    },
  };
}
