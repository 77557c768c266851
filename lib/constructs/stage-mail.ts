import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { StageConfig } from '../config/stages';
import type { MixdeskFunction } from './mixdesk-function';

/** The SES identity ARN the stage sends from. */
export const sesIdentityArn = (stack: Stack, identity: string) =>
  stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity });

/**
 * Lets `fn` mail as the stage (lambdas/aws/ses-mailer.ts `mailerFromEnv`) where the stage sends mail
 * (`notifications.email.enabled`): its sender in MAIL_FROM and ses:SendEmail from the stage's one
 * SES identity, nothing else. Elsewhere nothing: without MAIL_FROM the function mails nobody.
 */
export function grantStageMail(fn: MixdeskFunction, config: StageConfig): void {
  const { email } = config.notifications;
  if (!email.enabled) return;
  fn.addEnvironment('MAIL_FROM', email.sender);
  fn.addToRolePolicy(
    new PolicyStatement({ actions: ['ses:SendEmail'], resources: [sesIdentityArn(Stack.of(fn), email.identity)] }),
  );
}
