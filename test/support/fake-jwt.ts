/** An unsigned JWT with the given subject: the body token LogInByAws compares with the caller. */
export function fakeJwt(sub: string): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'RS256', kid: 'test' })}.${part({ sub, token_use: 'access' })}.c2lnbmF0dXJl`;
}
