import { Aws, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { StageConfig } from '../config/stages';
import { acknowledgeConnectorSecretGrant } from '../nag';
import type { ServiceStack } from '../service-stack';

/**
 * ConnectorsService keeps each agent connector's credentials in one Secrets Manager secret,
 * `mixdesk/<stage>/connectors/<companyId>/<agentConnectorId>` (lambdas/modules/connectors/credentials/credential-store.ts).
 * Each function gets exactly the secret actions its method calls, on the stage's connector secrets
 * only: saving writes (and reads, to merge the fields not sent), testing reads, archiving deletes.
 * No other route can read a credential.
 */
export const CONNECTOR_SECRET_GRANTS: Record<string, readonly string[]> = {
  SaveAgentConnector: [
    'secretsmanager:CreateSecret',
    'secretsmanager:PutSecretValue',
    'secretsmanager:GetSecretValue',
    'secretsmanager:DeleteSecret',
  ],
  TestAgentConnection: ['secretsmanager:GetSecretValue'],
  DeleteAgentConnector: ['secretsmanager:DeleteSecret'],
};

export function grantConnectorSecrets(stack: ServiceStack, config: StageConfig): void {
  const resource = `arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:mixdesk/${config.name}/connectors/*`;
  for (const [method, fn] of stack.functions) {
    const actions = CONNECTOR_SECRET_GRANTS[method];
    if (!actions) continue;
    fn.addEnvironment('MIXDESK_STAGE', config.name);
    fn.addToRolePolicy(new PolicyStatement({ actions: [...actions], resources: [resource] }));
    acknowledgeConnectorSecretGrant(fn.executionRole, Stack.of(fn), resource);
  }
}
