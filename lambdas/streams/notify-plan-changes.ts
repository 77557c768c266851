import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { notifyPlanChange, type NotifyDeps } from '../modules/media-plans/notifications';
import { jobHandler } from '../kit/job-handler';
import { errorFields, log } from '../core/logger';
import { mailerFromEnv } from '../aws/ses-mailer';
import { headerChangeOf } from '../modules/media-plans/store/header-records';
import { PLAN_NOTIFY_HANDLER } from './stream-handlers';

type Image = Parameters<typeof unmarshall>[0];

/**
 * The table's change stream → notifications of plan approval events (modules/media-plans/notifications.ts,
 * docs/notifications.md). The event source mapping passes on only media mix headers that are
 * Submitted, Approved or Rejected after the write (PLAN_NOTIFY_FILTER in lambdas/streams/stream-handlers.ts).
 * Records are handled in order; a record whose notifications could not be stored fails the batch
 * from it (Lambda retries; the ones already written are not written twice). A mail that could not be
 * sent never fails the batch. Also run by the local stack's second stream poller (local/start.ts).
 */
export function notifyPlanChanges(deps: NotifyDeps) {
  return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    for (const record of event.Records) {
      const d = record.dynamodb ?? {};
      try {
        const change = headerChangeOf({
          oldImage: d.OldImage ? unmarshall(d.OldImage as Image) : undefined,
          newImage: d.NewImage ? unmarshall(d.NewImage as Image) : undefined,
        });
        if (change) await notifyPlanChange(change, deps);
      } catch (err) {
        log.error('plan notifications failed', { sequenceNumber: d.SequenceNumber, ...errorFields(err) });
        return { batchItemFailures: [{ itemIdentifier: d.SequenceNumber ?? '' }] };
      }
    }
    return { batchItemFailures: [] };
  };
}

let deps: NotifyDeps | undefined;

export const handler = jobHandler(PLAN_NOTIFY_HANDLER, (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  deps ??= { mailer: mailerFromEnv(), consoleUrl: process.env.CONSOLE_URL || undefined };
  return notifyPlanChanges(deps)(event);
});
