import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { streamAuditOf } from '../modules/media-plans/line-audit';
import { jobHandler } from '../kit/job-handler';
import { errorFields, log } from '../core/logger';
import { putStreamAuditOnce } from '../modules/audit/store.dynamodb';
import { LINE_AUDIT_HANDLER } from './stream-handlers';

type Image = Parameters<typeof unmarshall>[0];

/**
 * The table's change stream → audit entries of one-write line changes (modules/media-plans/line-audit.ts).
 * Records are handled in order; on a failure the batch reports that record, so Lambda retries from
 * it (entries already written are not written twice: see putStreamAuditOnce). Also run by the local
 * stack's stream poller (local/stream-poller.ts) with records read from DynamoDB Local.
 */
async function auditLineChanges(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const d = record.dynamodb ?? {};
    try {
      const change = streamAuditOf({
        oldImage: d.OldImage ? unmarshall(d.OldImage as Image) : undefined,
        newImage: d.NewImage ? unmarshall(d.NewImage as Image) : undefined,
      });
      if (change) await putStreamAuditOnce(change.entry, change.nonce);
    } catch (err) {
      log.error('stream audit failed', { sequenceNumber: d.SequenceNumber, ...errorFields(err) });
      return { batchItemFailures: [{ itemIdentifier: d.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}

export const handler = jobHandler(LINE_AUDIT_HANDLER, auditLineChanges);
