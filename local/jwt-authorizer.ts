import { JwtRsaVerifier } from 'aws-jwt-verify';
import { NonRetryableFetchError } from 'aws-jwt-verify/error';
import type { Fetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { ACCESS_TOKEN_SCOPE, hasApiScope } from '../lambdas/shared/access-token';

/**
 * The local stand-in for the HTTP API JWT authorizer of the cloud stack. It accepts exactly what the
 * cloud authorizer accepts for our routes:
 *
 * - `Authorization: Bearer <jwt>` (or the bare token, which API Gateway also accepts);
 * - RS256 signature by a key of the issuer's JWKS (`{issuer}/.well-known/jwks.json`);
 * - `iss` equal to the user pool issuer;
 * - `client_id` (access tokens) or `aud` (ID tokens) equal to the console's app client id;
 * - `exp` present and in the future (`nbf` honoured when present);
 * - `token_use` = `access`: the console sends access tokens, and the handlers rely on that;
 * - the `scope` claim holds ACCESS_TOKEN_SCOPE: every cloud route lists it in its
 *   `authorizationScopes`, which is what keeps ID tokens out there (shared/access-token.ts).
 *
 * aws-jwt-verify's default fetcher speaks https only (cognito-local serves http), so the JWKS is
 * fetched with the global `fetch` through a custom Fetcher.
 */
export type Claims = JwtPayload;

class FetchFetcher implements Fetcher {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const res = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    if (res.status !== 200) throw new NonRetryableFetchError(uri, `Status code is ${res.status}, expected 200`);
    return res.arrayBuffer();
  }
}

/** Thrown for every rejected token; the API server answers 401 without saying why (as API Gateway). */
export class UnauthorizedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnauthorizedError';
  }
}

export interface JwtAuthorizer {
  /** Verifies the Authorization header value. Returns the token's claims or throws UnauthorizedError. */
  authorize(authorizationHeader: string | undefined): Promise<Claims>;
}

export function createJwtAuthorizer(opts: { issuer: string; clientId: string; jwksUri?: string }): JwtAuthorizer {
  const verifier = JwtRsaVerifier.create(
    {
      issuer: opts.issuer,
      jwksUri: opts.jwksUri ?? `${opts.issuer}/.well-known/jwks.json`,
      // Access tokens carry no `aud`: the audience is checked below on client_id ?? aud, as API Gateway does.
      audience: null,
      customJwtCheck: ({ payload }) => {
        const audience = payload.client_id ?? payload.aud;
        const matches = Array.isArray(audience) ? audience.includes(opts.clientId) : audience === opts.clientId;
        if (!matches) {
          throw new Error('client_id/aud does not match the app client');
        }
        if (payload.token_use !== 'access') throw new Error('not an access token');
        if (!hasApiScope(payload.scope)) throw new Error(`token lacks the ${ACCESS_TOKEN_SCOPE} scope`);
        if (typeof payload.exp !== 'number') throw new Error('token has no exp');
      },
    },
    { jwksCache: new SimpleJwksCache({ fetcher: new FetchFetcher() }) },
  );

  return {
    async authorize(header) {
      if (!header) throw new UnauthorizedError('no Authorization header');
      const token = header.replace(/^Bearer\s+/i, '').trim();
      if (!token) throw new UnauthorizedError('empty token');
      try {
        return await verifier.verify(token);
      } catch (err) {
        throw new UnauthorizedError(err instanceof Error ? err.message : String(err));
      }
    },
  };
}
