import type { AuditEntry } from '../audit';
import { MEDIA_CHANNEL_ENTITY } from './store/items';
import { streamedLineChange, type StreamChange } from './store/line-stream-records';
import { lineView } from './scope';

/**
 * Which changes the table's change stream audits, and their entries. Every other write of Mixdesk
 * puts its audit entry in its own transaction; the one-write line change cannot (it is a single
 * UpdateItem, modules/media-plans/store/line-writes.ts), so its entry is made from the stream record that
 * DynamoDB commits atomically with the write, carrying the line before and after. Which records
 * those are (the write marks itself) is the store's to read: modules/media-plans/store/line-stream-records.ts.
 */
export interface StreamAudit {
  entry: AuditEntry & { at: string };
  /** Fixes the entry's key, so a record delivered twice writes one entry. */
  nonce: string;
}

export function streamAuditOf(record: StreamChange): StreamAudit | undefined {
  const change = streamedLineChange(record);
  if (!change) return undefined;
  const { companyId, before, after, version } = change;
  return {
    entry: {
      companyId,
      who: after.updatedBy,
      entity: MEDIA_CHANNEL_ENTITY,
      id: after.ID,
      action: 'update',
      before: before ? lineView(before) : null,
      after: lineView(after),
      at: after.updatedAt,
    },
    nonce: `v${version}`,
  };
}
