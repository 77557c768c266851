import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * The dead-letter queue and its alarm, as every job and stream consumer of the stage has them.
 * Plain functions, not a construct: the queue and the alarm stay children of the caller's scope, so
 * their logical ids are the ones the deployed stacks already have.
 */

/** Encrypted, TLS only, messages kept 14 days (the longest SQS keeps them) for a look and a redrive. */
export function deadLetterQueue(scope: Construct, id: string, removalPolicy: RemovalPolicy): Queue {
  return new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy,
  });
}

export interface DeadLetterAlarmProps {
  readonly queue: Queue;
  readonly alarmDescription: string;
  /**
   * `visible`: the queue's depth (nothing consumes it: a message waits for a redrive or a replay).
   * `received`: the messages its consumer received (consumed at once, so the depth says little).
   */
  readonly measure: 'visible' | 'received';
}

/** Goes off on the first dead letter in five minutes; no data is no dead letter. */
export function deadLetterAlarm(scope: Construct, id: string, props: DeadLetterAlarmProps): Alarm {
  const period = Duration.minutes(5);
  return new Alarm(scope, id, {
    alarmDescription: props.alarmDescription,
    metric:
      props.measure === 'received'
        ? props.queue.metricNumberOfMessagesReceived({ period, statistic: 'Sum' })
        : props.queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}
