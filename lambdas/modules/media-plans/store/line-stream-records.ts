import { LINE_STREAM_AUDIT, MEDIA_CHANNEL_ENTITY, toLine } from './items';
import type { PlanLine } from '../store';

/** A record of the table's change stream: the item before and after, as stored. */
export interface StreamChange {
  oldImage?: Record<string, unknown>;
  newImage?: Record<string, unknown>;
}

/** A line change that asked the stream for its audit entry, read back from the stored images. */
export interface StreamedLineChange {
  companyId: number;
  /** The line's new version (what makes a redelivered record the same entry). */
  version: number;
  before?: PlanLine;
  after: PlanLine;
}

/** `C#12#MIX#…` → 12. */
const companyOf = (pk: unknown): number | undefined => {
  const m = /^C#(\d+)#/.exec(String(pk));
  return m ? Number(m[1]) : undefined;
};

/**
 * The one-write line change a stream record carries, or undefined when the record is anything else.
 * The write marks itself: `StreamAudit` (LINE_STREAM_AUDIT) equals the line's new version; writes
 * that audited themselves in their own transaction leave the mark out or keep an older one (the
 * version moved on without it), so they are not this.
 */
export function streamedLineChange({ oldImage, newImage }: StreamChange): StreamedLineChange | undefined {
  if (!newImage || newImage.entity !== MEDIA_CHANNEL_ENTITY) return undefined;
  const version = newImage.version;
  if (typeof version !== 'number' || newImage[LINE_STREAM_AUDIT] !== version) return undefined;
  if (oldImage && oldImage.version === version) return undefined;
  const companyId = companyOf(newImage.pk);
  if (companyId === undefined) return undefined;
  return { companyId, version, before: oldImage ? toLine(oldImage) : undefined, after: toLine(newImage) };
}
