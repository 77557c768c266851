import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { TABLE_DESIGN } from '../../lambdas/shared/table-design';
import type { StageConfig } from '../config/stages';
import { TableStreamConsumer } from './table-stream-consumer';
import { grantPartitionRegistry } from './partition-registry-grant';

import { LINE_AUDIT_HANDLER } from '../../lambdas/streams/stream-handlers';

export { LINE_AUDIT_HANDLER };

/** How many times Lambda retries a failing batch (halved each time) before sending it to the failure queue. */
export const LINE_AUDIT_RETRY_ATTEMPTS = 10;

/**
 * A record older than this goes to the failure queue instead of being retried (as does one that
 * failed LINE_AUDIT_RETRY_ATTEMPTS times). The stream keeps records 24 hours and the queue receives
 * only where they are (shard, sequence numbers), so this leaves at least 18 hours to read them again
 * after the alarm.
 */
export const LINE_AUDIT_MAX_RECORD_AGE = Duration.hours(6);

export interface LineAuditStreamProps {
  /** The table, with its stream enabled (TABLE_DESIGN.stream). */
  readonly table: ITable;
  readonly config: StageConfig;
}

/**
 * The audit entries of one-write line changes (docs/table-design.md "Change stream"): the table's
 * stream → an event source mapping that passes on only records whose new image carries the audit
 * mark → lambdas/streams/audit-line-changes.ts, which writes each entry once. local/stream-poller.ts
 * does the same offline, with the same filter, batch size and retry count.
 *
 * Beside the table (the stateful stack), for the reason TableStreamConsumer gives.
 */
export class LineAuditStream extends TableStreamConsumer {
  constructor(scope: Construct, id: string, props: LineAuditStreamProps) {
    super(scope, id, {
      ...props,
      handler: LINE_AUDIT_HANDLER,
      // Up to 100 records, each at most one PutItem: far below this even with SDK retries.
      timeout: Duration.seconds(60),
      filter: { dynamodb: { NewImage: { [TABLE_DESIGN.stream.auditMarkAttribute]: { N: FilterRule.exists() } } } },
      reading: {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        retryAttempts: LINE_AUDIT_RETRY_ATTEMPTS,
        maxRecordAge: LINE_AUDIT_MAX_RECORD_AGE,
      },
      grant: (fn, table) => {
        fn.addEnvironment('TABLE_NAME', table.tableName);
        // It only creates audit entries: PutItem, on the audit partitions (`C#<cid>#AUDIT`), nothing else.
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['dynamodb:PutItem'],
            resources: [table.tableArn],
            conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['C#*#AUDIT'] } },
          }),
        );
        grantPartitionRegistry(fn, table);
      },
      // Anything in the queue is an audit entry missing: worth a look within the stream's 24 hours.
      alarmDescription:
        'Line-change audit entries could not be written from the table stream. Each message names a shard and sequence ' +
        'numbers still readable from the stream for 24 hours; fix the cause, then replay them.',
    });
  }
}
