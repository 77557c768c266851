import type { AuditEntry } from '../repositories/audit';
import { LINE_STREAM_AUDIT, MEDIA_CHANNEL_ENTITY, toLine } from '../repositories/media-mixes';
import { lineView } from './media-mix-scope';

/**
 * Which changes the table's change stream audits, and their entries. Every other write of Mixdesk
 * puts its audit entry in its own transaction; the one-write line change cannot (it is a single
 * UpdateItem, repositories/plan-line-writes.ts), so its entry is made from the stream record that
 * DynamoDB commits atomically with the write, carrying the line before and after. The write marks
 * itself: `StreamAudit` equals the line's new version. Writes that audited themselves either leave
 * the mark out or keep an older one, and are skipped here.
 */
export interface StreamChange {
  oldImage?: Record<string, unknown>;
  newImage?: Record<string, unknown>;
}

export interface StreamAudit {
  entry: AuditEntry & { at: string };
  /** Fixes the entry's key, so a record delivered twice writes one entry. */
  nonce: string;
}

/** `C#12#MIX#…` → 12. */
const companyOf = (pk: unknown): number | undefined => {
  const m = /^C#(\d+)#/.exec(String(pk));
  return m ? Number(m[1]) : undefined;
};

export function streamAuditOf({ oldImage, newImage }: StreamChange): StreamAudit | undefined {
  if (!newImage || newImage.entity !== MEDIA_CHANNEL_ENTITY) return undefined;
  const version = newImage.version;
  if (typeof version !== 'number' || newImage[LINE_STREAM_AUDIT] !== version) return undefined;
  if (oldImage && oldImage.version === version) return undefined;
  const companyId = companyOf(newImage.pk);
  if (companyId === undefined) return undefined;
  const after = toLine(newImage);
  return {
    entry: {
      companyId, who: after.updatedBy, entity: MEDIA_CHANNEL_ENTITY, id: after.ID, action: 'update',
      before: oldImage ? lineView(toLine(oldImage)) : null, after: lineView(after), at: after.updatedAt,
    },
    nonce: `v${version}`,
  };
}
