import { ConflictError, NotFoundError } from '../../core/errors';
import type { Creative } from './store';
import { getCreative, listLineCreatives, saveCreativeLineChange } from './store.dynamodb';
import type { CreativeFiles } from './file-store';
import { creativeFiles } from './file-store.s3';
import { LineChanged, planStore, type PlanLine, type PlanVersion } from '../media-plans';
import type { UserProfile } from '../tenancy';
import type { CreativeKind } from '../../shared/creative-content';
import { VersionStatus } from '../../shared/version-status';
import { isClientOnly } from '../../shared/permissions';
import type { CreativeChange, CreativeLineCounts, CreativeListItem, CreativesList } from './replies';
import { aggregateDelta } from '../media-plans';
import { cachedConfiguration } from '../configurations';
import { checkVersionScope, explainActivity, explainHeader, lineView, requireDraft } from '../media-plans';
import { readPlanAccounts } from '../media-plans';
import { explained } from '../media-plans';
import { planWriteGuards } from '../media-plans';

/**
 * Creatives on plan lines (CreativesService; docs/creatives.md). A line's ImageCreatives /
 * VideoCreatives follow its ACTIVE files: every confirmation or removal sets the count of its kind
 * to the number of active files of that kind, in the same transaction as the creative, through the
 * same rules as a line edit on the full path (media-plans/write-rules.ts: the version a Draft, the
 * activity the page's, not deleted and around the line's dates, the plan's accounts Active),
 * re-checked at commit. The line's creative fees follow from its counts (shared/money-plan.ts).
 * A count typed in the grid stands until the line's files next change.
 */

/** How long a list's file URLs work (thumbnails): short, so a URL that leaks soon stops working. */
export const VIEW_URL_SECONDS = 300;

export const COUNT_FIELD = { image: 'ImageCreatives', video: 'VideoCreatives' } as const satisfies Record<
  CreativeKind,
  keyof PlanLine
>;

export interface LineRef {
  mediaMixId: number;
  mediaChannelId: number;
}

export const countsOf = (l: PlanLine): CreativeLineCounts => ({
  ID: l.ID,
  ImageCreatives: l.ImageCreatives,
  VideoCreatives: l.VideoCreatives,
  version: l.version,
});

export const notFound = (entity: 'MediaChannel' | 'Creative', id: number) =>
  new NotFoundError(`${entity === 'Creative' ? 'Creative' : 'Media channel'} ${id} was not found`, 'NOT_FOUND', {
    entity,
    id,
  });

/** The version and the line (live, or deleted when `archivedToo`), in the page's scope (client users: Approved versions only). */
export async function lineInScope(
  caller: UserProfile,
  scopeAccountId: number,
  ref: LineRef,
  consistent: boolean,
  archivedToo = false,
): Promise<{ header: PlanVersion; line: PlanLine; live: boolean }> {
  const { header, line, archived } = await planStore.lineWithHeader(
    caller.companyId,
    ref.mediaMixId,
    ref.mediaChannelId,
    consistent,
  );
  const found = line ?? (archivedToo ? archived : undefined);
  if (!header || !found) throw notFound('MediaChannel', ref.mediaChannelId);
  await checkVersionScope(caller, scopeAccountId, header, planStore);
  return { header, line: found, live: !!line };
}

/** A creative of the line. */
export async function creativeOf(caller: UserProfile, ref: LineRef & { creativeId: number }): Promise<Creative> {
  const c = await getCreative(
    caller.companyId,
    { MediaMixId: ref.mediaMixId, MediaChannelId: ref.mediaChannelId, ID: ref.creativeId },
    true,
  );
  if (!c) throw notFound('Creative', ref.creativeId);
  return c;
}

/** Tries of a count write that met a line changed meanwhile (a grid edit, another file): each reads again. */
const LINE_TRIES = 3;

/**
 * Writes a creative's change (`after`: Active or Archived) with its line's count of the kind set to
 * the line's active files of that kind after the change, in one transaction (modules/creatives/store.dynamodb.ts)
 * that re-checks the plan rules; a fact changed meanwhile is explained by reading again. A line
 * changed meanwhile is read again and the count recomputed.
 */
export async function writeWithCount(
  caller: UserProfile,
  scopeAccountId: number,
  before: Creative,
  after: Creative,
): Promise<CreativeChange> {
  const companyId = caller.companyId;
  const field = COUNT_FIELD[after.Kind];
  for (let attempt = 1; ; attempt++) {
    const [line, creatives] = await Promise.all([
      planStore.line(companyId, after.MediaMixId, after.MediaChannelId, true),
      listLineCreatives(companyId, after.MediaMixId, after.MediaChannelId, true),
    ]);
    if (!line) throw notFound('MediaChannel', after.MediaChannelId);
    const active =
      creatives.filter((c) => c.ID !== after.ID && c.Kind === after.Kind && c.Status === 'Active').length +
      (after.Status === 'Active' ? 1 : 0);
    const lineAfter: PlanLine = {
      ...line,
      [field]: active,
      version: line.version + 1,
      updatedAt: after.updatedAt,
      updatedBy: after.updatedBy,
    };
    const dates = { start: line.StartDate, end: line.EndDate, field: 'mediaChannel' };
    const read = await readPlanAccounts(companyId, line.ActivityId, planStore);
    const guards = planWriteGuards(read, scopeAccountId, dates);
    try {
      await explained(
        () =>
          saveCreativeLineChange({
            companyId,
            before,
            after,
            line: { before: line, after: lineAfter },
            delta: aggregateDelta(line, lineAfter),
            guards,
            audit: { creative: { before, after }, line: { before: lineView(line), after: lineView(lineAfter) } },
          }),
        {
          accounts: read.accounts,
          version: () => explainHeader(planStore, companyId, after.MediaMixId, VersionStatus.Draft),
          activity: () => explainActivity(planStore, companyId, scopeAccountId, line.ActivityId, dates),
        },
      );
      return { Creative: after, Line: countsOf(lineAfter) };
    } catch (err) {
      if (!(err instanceof LineChanged) || attempt >= LINE_TRIES) throw err;
    }
  }
}

/**
 * GetCreativesList: the line's active creatives, each with a URL of its file for VIEW_URL_SECONDS.
 * Client users read Approved versions only (another version is "not found" to them) and never edit.
 */
export async function getCreativesList(
  caller: UserProfile,
  scopeAccountId: number,
  ref: LineRef,
  files: CreativeFiles = creativeFiles,
): Promise<CreativesList> {
  const companyId = caller.companyId;
  const [{ header, live }, config] = await Promise.all([
    lineInScope(caller, scopeAccountId, ref, false, true),
    cachedConfiguration(companyId),
  ]);
  const active = (await listLineCreatives(companyId, ref.mediaMixId, ref.mediaChannelId)).filter(
    (c) => c.Status === 'Active',
  );
  const Items: CreativeListItem[] = await Promise.all(
    active.map(async (c) => ({ ...c, Url: await files.viewUrl({ companyId, ...c }, VIEW_URL_SECONDS) })),
  );
  return {
    Items,
    Editable: live && header.Status === VersionStatus.Draft && !isClientOnly(caller.permissions),
    UrlsExpireAt: new Date(Date.now() + VIEW_URL_SECONDS * 1000).toISOString(),
    MaxImageBytes: config.MaxImageBytes,
    MaxVideoBytes: config.MaxVideoBytes,
  };
}

/**
 * DeleteCreative: "deletes archive" — the creative is kept (and its file), Archived, and no longer
 * counts: the line's count of its kind drops with it. Drafts only. Removing an archived creative
 * again answers it is.
 */
export async function deleteCreative(
  caller: UserProfile,
  scopeAccountId: number,
  ref: LineRef & { creativeId: number },
): Promise<CreativeChange> {
  const before = await creativeOf(caller, ref);
  const { header, line } = await lineInScope(caller, scopeAccountId, ref, true);
  if (before.Status === 'Archived') return { Creative: before, Line: countsOf(line) };
  requireDraft(header);
  const at = new Date().toISOString();
  const after: Creative = {
    ...before,
    Status: 'Archived',
    ArchivedAt: at,
    ArchivedBy: caller.email,
    version: before.version + 1,
    updatedAt: at,
    updatedBy: caller.email,
  };
  return writeWithCount(caller, scopeAccountId, before, after);
}

/** A creative that is no longer Pending cannot be confirmed (an archived one is kept as it is). */
export const archivedCreative = (c: Creative) =>
  new ConflictError(`Creative ${c.ID} (${c.FileName}) is archived`, 'ENTITY_ARCHIVED', {
    entity: 'Creative',
    id: c.ID,
  });
