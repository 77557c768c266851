import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { StageConfig } from '../config/stages';
import type { ServiceStack } from '../service-stack';
import { SYNC_WORKER_HANDLERS, syncQueueArn, syncQueueUrl } from './connector-sync';

/**
 * The routes that put sync work on the platforms' queues (lambdas/modules/connectors/sync/sync-now.ts): Sync now,
 * SaveAccountConnector, which re-syncs its connector after a naming-rule change, and SaveCampaign,
 * which moves a remapped campaign's history as a job after it answers. Each gets
 * SYNC_QUEUE_URLS ({type: url}, as the dispatcher has it) and sqs:SendMessage (SendMessageBatch is
 * authorised by it) on the stage's sync queues only. The queues live in the stateful stack and
 * have fixed names (connector-sync.ts syncQueueName), so they are named here, not referenced: no
 * cross-stack export. Their encryption is SQS-managed, so no KMS grant is needed.
 */
export const SYNC_QUEUE_SENDERS: readonly { service: string; method: string }[] = [
  { service: 'ConnectorsService', method: 'SyncAgentConnectorNow' },
  { service: 'ConnectorsService', method: 'SaveAccountConnector' },
  { service: 'AccountsService', method: 'SaveCampaign' },
];

export function isSyncQueueSender(service: string, method: string): boolean {
  return SYNC_QUEUE_SENDERS.some((s) => s.service === service && s.method === method);
}

export function grantSyncQueueSends(stacks: ReadonlyMap<string, ServiceStack>, config: StageConfig): void {
  const types = Object.keys(SYNC_WORKER_HANDLERS);
  for (const { service, method } of SYNC_QUEUE_SENDERS) {
    const fn = stacks.get(service)!.functions.get(method)!;
    fn.addEnvironment(
      'SYNC_QUEUE_URLS',
      Stack.of(fn).toJsonString(Object.fromEntries(types.map((t) => [t, syncQueueUrl(config, t)]))),
    );
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['sqs:SendMessage'], resources: types.map((t) => syncQueueArn(config, t)) }),
    );
  }
}
