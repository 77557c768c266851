import path from 'node:path';
import { REPO_ROOT } from './paths';

/**
 * Lambda's credentials are environment variables: the SDK's whole default credential chain is
 * swapped for the env provider at bundle time (lambdas/shared/lambda-credentials.ts explains; about
 * 130 kB of every bundle). Shared by the function construct and bench/handler-bundles.ts, so the
 * benchmark measures what ships.
 */
export const LAMBDA_CREDENTIALS_ALIAS = {
  from: '@aws-sdk/credential-provider-node',
  to: path.join(REPO_ROOT, 'lambdas/shared/lambda-credentials.ts'),
};

/** The Node.js the functions run on (Runtime.NODEJS_24_X): the construct and the bundle bench build for it. */
export const LAMBDA_NODE_TARGET = 'node24';
