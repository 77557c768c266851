/**
 * Stands in for `@aws-sdk/token-providers` in Lambda bundles (an esbuild alias, lib/lambda-bundling.ts).
 * The Bedrock client (AI analytics) offers bearer-token auth beside SigV4: an API key from
 * AWS_BEARER_TOKEN_BEDROCK, else SSO's cached token files. A Lambda signs SigV4 with its role (the
 * client's first auth scheme), so the token providers, and the SSO-OIDC client they load, can never
 * run there. Asked for a token, they refuse loudly. It mirrors the names the Bedrock client imports
 * (test/kit/sdk-stubs.test.ts fails when an SDK upgrade changes them).
 */
const refuse = (): Promise<never> =>
  Promise.reject(
    new Error(
      'Bearer tokens are not bundled in Mixdesk Lambdas: they sign SigV4 with their role (lib/lambda-bundling.ts)',
    ),
  );

export const fromEnvSigningName = () => refuse;
export const nodeProvider = () => refuse;
