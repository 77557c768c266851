import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for `@aws-sdk/credential-provider-node` in Lambda bundles (an esbuild alias in
 * lib/constructs/mixdesk-function.ts and bench/handler-bundles.ts). Lambda hands a function its
 * role's credentials as environment variables, so the SDK's full default chain (SSO, shared ini
 * files, credential processes, web identity, instance metadata, and the STS/SSO clients they carry)
 * is code that can never run there, in every bundle with an SDK client (Secrets Manager's in the
 * connector credential routes and the sync workers, Bedrock's in the AI analysis). Locally the
 * clients are given static credentials explicitly and never ask this provider.
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
