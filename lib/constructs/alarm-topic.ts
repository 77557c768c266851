import { Stack } from 'aws-cdk-lib';
import { Key } from 'aws-cdk-lib/aws-kms';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';

/** The stage's alarm topic name: service stacks import it by name (as they import the table). */
export const alarmTopicName = (config: StageConfig) => `mixdesk-${config.name}-alarms`;

/**
 * Where every alarm of a stage goes: one SNS topic, encrypted with its own KMS key (CloudWatch can
 * publish to a topic under a customer-managed key only, given the key grant below), TLS-only, with
 * the e-mail subscriptions of the stage config (`alarms.emails`).
 */
export class AlarmTopic extends Construct {
  public readonly topic: Topic;

  constructor(scope: Construct, id: string, config: StageConfig) {
    super(scope, id);
    const key = new Key(this, 'Key', {
      description: `Mixdesk ${config.name} alarm topic`,
      enableKeyRotation: true,
      removalPolicy: config.stateful.removalPolicy,
    });
    // CloudWatch alarms publish as the service: it needs the data key of the encrypted topic.
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Topic', {
      topicName: alarmTopicName(config),
      displayName: `Mixdesk ${config.name} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    for (const email of config.alarms.emails) this.topic.addSubscription(new EmailSubscription(email));
  }
}

/** The stage's alarm topic from another stack of the stage, by name (no cross-stack export). */
export function importAlarmTopic(scope: Construct, config: StageConfig): ITopic {
  return Topic.fromTopicArn(
    scope,
    'AlarmTopic',
    Stack.of(scope).formatArn({ service: 'sns', resource: alarmTopicName(config) }),
  );
}
