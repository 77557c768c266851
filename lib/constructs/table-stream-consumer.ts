import type { Duration } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, type DynamoEventSourceProps, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import { acknowledgeStreamConsumerFindings } from '../nag';
import { deadLetterAlarm, deadLetterQueue } from './dead-letters';
import { MixdeskFunction, type MixdeskFunctionProps } from './mixdesk-function';

/** How the mapping reads the stream: what the three consumers set differently. */
export type StreamReading = Pick<
  DynamoEventSourceProps,
  'startingPosition' | 'batchSize' | 'maxBatchingWindow' | 'retryAttempts' | 'maxRecordAge'
>;

export interface TableStreamConsumerProps {
  /** The table, with its stream enabled (TABLE_DESIGN.stream). */
  readonly table: ITable;
  readonly config: StageConfig;
  /** The handler (lambdas/streams/stream-handlers.ts), named like a route. */
  readonly handler: MixdeskFunctionProps['route'];
  /** A whole batch's worst case: the records the mapping hands over, times what each costs. */
  readonly timeout: Duration;
  /** The FilterCriteria pattern of the records that invoke the handler. */
  readonly filter: Parameters<typeof FilterCriteria.filter>[0];
  readonly reading: StreamReading;
  /** The function's environment and its access to the table (and anything else it calls). */
  readonly grant: (fn: MixdeskFunction, table: ITable) => void;
  /** What a batch in the failure queue means and what to do about it. */
  readonly alarmDescription: string;
}

/**
 * One consumer of the table's change stream: a function, the event source mapping that hands it the
 * records passing its filter (every write of the table is in the stream; only those cost an
 * invocation), a failure queue and its alarm. A failing batch is halved on each retry and the
 * handler reports the records it could not handle, so one bad record does not hold back the others;
 * a batch that kept failing is reported to the failure queue.
 *
 * Lives next to the table (the stateful stack): the mapping holds the stream ARN, which changes
 * whenever the stream is re-created, so table, stream and consumers are updated in one stack and no
 * export pins the ARN.
 *
 * Its parts are children of this construct under the ids the consumers always had (Handler,
 * FailedBatches, FailedBatchesAlarm), so a consumer that extends it keeps its logical ids.
 */
export class TableStreamConsumer extends Construct {
  public readonly function: MixdeskFunction;
  /** Where batches that kept failing are reported (their shard and sequence numbers, not the records). */
  public readonly failureQueue: Queue;
  /** Goes off on the first batch in the queue: its records stay readable from the stream for 24 hours only. */
  public readonly failureAlarm: Alarm;

  constructor(scope: Construct, id: string, props: TableStreamConsumerProps) {
    super(scope, id);
    const { table, config } = props;

    const fn = new MixdeskFunction(this, 'Handler', {
      route: props.handler,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
      timeout: props.timeout,
    });
    props.grant(fn, table);

    this.failureQueue = deadLetterQueue(this, 'FailedBatches', config.logs.removalPolicy);

    fn.addEventSource(
      new DynamoEventSource(table, {
        ...props.reading,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.failureQueue),
        filters: [FilterCriteria.filter(props.filter)],
      }),
    );

    this.failureAlarm = deadLetterAlarm(this, 'FailedBatchesAlarm', {
      queue: this.failureQueue,
      alarmDescription: props.alarmDescription,
      measure: 'visible',
    });

    this.function = fn;
    acknowledgeStreamConsumerFindings(fn.executionRole, this.failureQueue);
  }
}
