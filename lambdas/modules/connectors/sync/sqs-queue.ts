import { sqsJobQueue } from '../../../aws/sqs';
import type { SyncJob } from './sync-account';
import type { SyncQueue } from './dispatch';

export { sqsJobQueue } from '../../../aws/sqs';

/**
 * The cloud's sync queue: one SQS message per account to sync (a duplicate message only re-syncs an
 * account, which is idempotent).
 */
export function sqsSyncQueue(queueUrl: string, opts: { region?: string; fetch?: typeof fetch } = {}): SyncQueue {
  return sqsJobQueue<SyncJob>(queueUrl, opts);
}
