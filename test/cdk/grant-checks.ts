import type { CfnElement, Stack } from 'aws-cdk-lib';
import type { StageConfig } from '../../lib/config/stages';
import { resourcesOf } from './synth-app';

/** The IAM statements of a function's role, from every policy of its stack attached to that role. */
export function statementsOf(stack: Stack, fn: { node: { defaultChild?: unknown } }): any[] {
  const resources = resourcesOf(stack);
  const roleId = resources[stack.getLogicalId(fn.node.defaultChild as CfnElement)].Properties!.Role['Fn::GetAtt'][0];
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((p) => p.Properties!.PolicyDocument.Statement);
}

/**
 * lib/constructs/stage-mail.ts `grantStageMail`, seen from the template: where the stage sends mail,
 * its sender in MAIL_FROM and ses:SendEmail from the stage's identity alone; elsewhere neither.
 */
export function expectStageMail(env: Record<string, unknown>, statements: any[], config: StageConfig): void {
  const { email } = config.notifications;
  const ses = statements.filter((x) => [x.Action].flat().some((a: string) => a.startsWith('ses:')));
  if (!email.enabled) {
    expect(env.MAIL_FROM).toBeUndefined();
    expect(ses).toEqual([]);
    return;
  }
  expect(env.MAIL_FROM).toBe(email.sender);
  expect(ses).toHaveLength(1);
  expect(ses[0].Action).toBe('ses:SendEmail');
  expect(JSON.stringify(ses[0].Resource)).toContain(`:identity/${email.identity}`);
  expect(JSON.stringify(ses[0].Resource)).not.toContain('*');
}
