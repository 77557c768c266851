import * as path from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { type Access, handlerFile, type RouteDef } from '../../lambdas/manifest';
import { acknowledgeTableGrant, acknowledgeXRayGrant } from '../nag';
import { FUNCTION_CHUNKS, LAMBDA_NODE_OPTIONS, nodejsBundling, RUNTIME_FILES } from '../lambda-bundling';
import { REPO_ROOT } from '../paths';

export interface MixdeskFunctionProps {
  /**
   * The manifest route this function serves; its handler file is `handlerFile(route)`. A function
   * that serves no route (the stream consumer) names its handler file the same way.
   */
  readonly route: Pick<RouteDef, 'service' | 'method' | 'summary'>;
  /** Retention of the function's own log group. */
  readonly logRetention: RetentionDays;
  /** What happens to the log group when the stack is deleted. */
  readonly logRemovalPolicy: RemovalPolicy;
  /** Default 10 s, an API route's budget; a stream consumer handling a batch of records needs more. */
  readonly timeout?: Duration;
}

/**
 * The one way a Mixdesk Lambda function is made, so runtime, architecture, bundling and logging
 * change in one place. It owns its IAM role: the role may write to the function's own log group
 * and, after `bindTable`, read or read-write the table, nothing else (no AWSLambdaBasicExecutionRole,
 * whose logs:CreateLogGroup on every log group is not needed once the log group exists). Active X-Ray
 * tracing on every function: Lambda's own segment, and the kit's handler and request subsegments
 * (lambdas/kit/tracing.ts) through the X-Ray write grant CDK adds to the role.
 */
export class MixdeskFunction extends NodejsFunction {
  /** The function's own role (a sibling construct: it must exist before `super`). */
  public readonly executionRole: Role;

  constructor(scope: Construct, id: string, props: MixdeskFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    const name = `${props.route.service}.${props.route.method}`;
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Mixdesk ${props.route.service}.${props.route.method}`,
    });
    super(scope, id, {
      entry: path.join(REPO_ROOT, handlerFile(props.route)),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      description: props.route.summary.slice(0, 256),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup,
      role,
      tracing: Tracing.ACTIVE,
      // The service names the Powertools logs (`service`) and the [service] metric dimension
      // that the service stack's 5xx alarm reads (lambdas/kit/metrics.ts).
      environment: { NODE_OPTIONS: LAMBDA_NODE_OPTIONS, POWERTOOLS_SERVICE_NAME: props.route.service },
      // The esbuild options the bundle bench measures (lib/lambda-bundling.ts): one object for both.
      bundling: nodejsBundling(RUNTIME_FILES[name] ?? [], FUNCTION_CHUNKS[name] ?? []),
    });
    this.executionRole = role;
    logGroup.grantWrite(role);
    acknowledgeXRayGrant(role);
  }

  /**
   * Gives the function the table's name and the least access its route needs: `grantReadData` for
   * read routes, `grantReadWriteData` for write routes.
   */
  public bindTable(table: ITable, access: Access): void {
    this.addEnvironment('TABLE_NAME', table.tableName);
    if (access === 'read') table.grantReadData(this);
    else table.grantReadWriteData(this);
    acknowledgeTableGrant(this.executionRole, table);
  }
}
