import { ConflictError, PayloadTooLargeError, ValidationError } from '../../core/errors';
import { putPendingCreative, type Creative, CREATIVE_ENTITY } from './store';
import { creativeFiles, type CreativeFiles } from './file-store';
import { planStore } from '../media-plans';
import type { UserProfile } from '../tenancy';
import type { RequestCreativeUploadInput } from './schemas';
import {
  CREATIVE_TYPES,
  kindOfType,
  sniffCreativeType,
  SNIFF_BYTES,
  type CreativeKind,
} from '../../shared/creative-content';
import { formatBytes } from '../../shared/file-size';
import { MAX_CREATIVES } from '../../shared/money-limits';
import type { CreativeChange, CreativeUpload } from './replies';
import { getCompanyConfiguration } from '../configurations';
import {
  archivedCreative,
  COUNT_FIELD,
  countsOf,
  creativeOf,
  lineInScope,
  writeWithCount,
  type LineRef,
} from './creatives';
import { requireDraft } from '../media-plans';
import { readPlanAccounts } from '../media-plans';
import { planWriteGuards } from '../media-plans';

/**
 * Uploading a creative (docs/creatives.md): RequestCreativeUpload checks the line may take it (the
 * plan rules, the declared type and size against the company's limit: 413 naming the limit) and
 * answers a pre-signed POST whose policy holds the browser to exactly that type and the limit;
 * the browser sends the file straight to the bucket; ConfirmCreativeUpload reads the file whole and
 * keeps it only when its CONTENT is an image or video of the creative's kind (the name and the
 * declared type prove nothing) with no markup a browser would run in it, copying exactly the bytes
 * it checked (pinned by their ETag), then makes it Active with the line's count.
 */

/** How long the pre-signed POST works: enough for a 7.5 MB video on a slow line, short enough to go stale fast. */
export const UPLOAD_SECONDS = 15 * 60;

async function limitOf(companyId: number, kind: CreativeKind): Promise<number> {
  const config = await getCompanyConfiguration(companyId);
  return kind === 'image' ? config.MaxImageBytes : config.MaxVideoBytes;
}

const tooLarge = (fileName: string, size: number, limit: number) =>
  new PayloadTooLargeError(
    `${fileName} is ${formatBytes(size)}; the most this company takes for it is ${formatBytes(limit)}`,
    'CREATIVE_TOO_LARGE',
    { fileName, size: formatBytes(size), limit: formatBytes(limit) },
  );

/** RequestCreativeUpload: a Pending creative of a Draft's line and the form that uploads its file. */
export async function requestCreativeUpload(
  caller: UserProfile,
  scopeAccountId: number,
  input: RequestCreativeUploadInput,
  files: CreativeFiles = creativeFiles,
): Promise<CreativeUpload> {
  const companyId = caller.companyId;
  const { header, line } = await lineInScope(caller, scopeAccountId, input, true);
  requireDraft(header);
  planWriteGuards(await readPlanAccounts(companyId, line.ActivityId, planStore), scopeAccountId, {
    start: line.StartDate,
    end: line.EndDate,
    field: 'mediaChannel',
  });
  const allowed: readonly string[] = CREATIVE_TYPES[input.kind];
  if (!allowed.includes(input.contentType)) {
    throw new ValidationError(
      `contentType: ${input.contentType} is not a type of ${input.kind} Mixdesk takes (${allowed.join(', ')})`,
      'CREATIVE_TYPE_NOT_ALLOWED',
      { fileName: input.fileName, contentType: input.contentType, allowed: allowed.join(', ') },
    );
  }
  const limit = await limitOf(companyId, input.kind);
  if (input.size > limit) throw tooLarge(input.fileName, input.size, limit);
  if (line[COUNT_FIELD[input.kind]] >= MAX_CREATIVES) {
    throw new ConflictError(
      `Line ${line.ID} has ${MAX_CREATIVES} ${input.kind} creatives, the most a line takes`,
      'CREATIVE_LIMIT',
      { max: MAX_CREATIVES },
    );
  }
  const [id] = await planStore.newIds(companyId, CREATIVE_ENTITY, 1);
  const at = new Date().toISOString();
  const creative: Creative = {
    ID: id,
    MediaMixId: header.ID,
    MediaChannelId: line.ID,
    Kind: input.kind,
    FileName: input.fileName,
    ContentType: input.contentType,
    Size: input.size,
    Status: 'Pending',
    ArchivedAt: null,
    ArchivedBy: null,
    version: 1,
    createdAt: at,
    createdBy: caller.email,
    updatedAt: at,
    updatedBy: caller.email,
  };
  await putPendingCreative(companyId, creative);
  const form = await files.uploadForm({ companyId, ...creative }, input.contentType, limit, UPLOAD_SECONDS);
  return {
    Creative: creative,
    Url: form.url,
    Fields: form.fields,
    MaxBytes: limit,
    ExpiresAt: new Date(Date.now() + UPLOAD_SECONDS * 1000).toISOString(),
  };
}

/**
 * ConfirmCreativeUpload: the uploaded file's content decides. Content that is no image or video
 * Mixdesk takes, or of the other kind, is deleted and answered 400 naming why; a file over today's
 * limit (the limit may have dropped since the upload) likewise with 413. Otherwise the file is kept
 * (stored with the type its content is) and the creative becomes Active with its line's count, in
 * one transaction; if that write fails the kept copy is deleted again. Confirming an Active
 * creative again answers it as it is.
 */
export async function confirmCreativeUpload(
  caller: UserProfile,
  scopeAccountId: number,
  ref: LineRef & { creativeId: number },
  files: CreativeFiles = creativeFiles,
): Promise<CreativeChange> {
  const companyId = caller.companyId;
  const before = await creativeOf(caller, ref);
  const { header, line } = await lineInScope(caller, scopeAccountId, ref, true);
  if (before.Status === 'Active') return { Creative: before, Line: countsOf(line) };
  if (before.Status === 'Archived') throw archivedCreative(before);
  requireDraft(header);
  const file = { companyId, ...before };
  const uploaded = await files.uploadedContent(file, SNIFF_BYTES);
  if (!uploaded) {
    throw new ConflictError(
      `${before.FileName} has not been uploaded (or its upload expired)`,
      'CREATIVE_NOT_UPLOADED',
      { fileName: before.FileName },
    );
  }
  const detected = sniffCreativeType(uploaded.head);
  if (!detected || kindOfType(detected) !== before.Kind) {
    await files.discardUpload(file);
    if (!detected) {
      throw new ValidationError(
        `${before.FileName}: its content is not an image or video Mixdesk takes (sent as ${before.ContentType})`,
        'CREATIVE_CONTENT_UNKNOWN',
        { fileName: before.FileName, declared: before.ContentType },
      );
    }
    throw new ValidationError(
      `${before.FileName}: sent as ${before.ContentType} but its content is ${detected}`,
      'CREATIVE_CONTENT_MISMATCH',
      { fileName: before.FileName, declared: before.ContentType, detected },
    );
  }
  if (uploaded.markup) {
    await files.discardUpload(file);
    throw new ValidationError(
      `${before.FileName}: its content carries ${uploaded.markup}, markup a browser would run; a creative may not`,
      'CREATIVE_CONTENT_MARKUP',
      { fileName: before.FileName, markup: uploaded.markup },
    );
  }
  const limit = await limitOf(companyId, before.Kind);
  if (uploaded.size > limit) {
    await files.discardUpload(file);
    throw tooLarge(before.FileName, uploaded.size, limit);
  }
  if (!(await files.keep(file, detected, uploaded.etag))) {
    // Posted again through the form while it was checked: neither file is kept; the form's next post is checked afresh.
    await files.discardUpload(file).catch(() => undefined);
    throw new ConflictError(`${before.FileName} changed while it was checked; upload it again`, 'CREATIVE_CHANGED', {
      fileName: before.FileName,
    });
  }
  const at = new Date().toISOString();
  const after: Creative = {
    ...before,
    ContentType: detected,
    Size: uploaded.size,
    Status: 'Active',
    version: before.version + 1,
    updatedAt: at,
    updatedBy: caller.email,
  };
  let change: CreativeChange;
  try {
    change = await writeWithCount(caller, scopeAccountId, before, after);
  } catch (err) {
    await files.discardKept(file).catch(() => undefined);
    throw err;
  }
  await files.discardUpload(file).catch(() => undefined);
  return change;
}
