import { buildHttpEvent, lambdaContext } from '../../local/http-event';
import { handler as getConfigurations } from '../../lambdas/modules/configurations/handlers/get-configurations';
import { makeCompany, invoke, type Company } from '../support/world';

/**
 * The kit refuses anything but an access token, whatever the authorizer let through: API Gateway's
 * JWT authorizer checks issuer and audience only, and a Cognito ID token's `aud` is the app client
 * id, so in the cloud an ID token reaches the handler unless the kit says no.
 */
describe('the handler kit accepts access tokens only', () => {
  let company: Company;
  beforeAll(async () => {
    company = await makeCompany();
  });

  const call = (claims: Record<string, unknown>) =>
    getConfigurations(
      buildHttpEvent({
        path: '/ConfigurationsService/GetConfigurations',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        claims,
      }),
      lambdaContext('GetConfigurations'),
    );

  it('control: the same call with an access token answers 200', async () => {
    const res = await invoke('ConfigurationsService', 'GetConfigurations', { as: company.admin, body: {} });
    expect(res.status).toBe(200);
    const direct = await call({ sub: company.admin.sub, token_use: 'access' });
    expect(direct.statusCode).toBe(200);
  });

  it.each([
    ['an ID token (token_use id)', { token_use: 'id' }],
    ['a token without token_use', {}],
    ['a token_use of another case', { token_use: 'ACCESS' }],
  ])('%s → 401 naming access tokens', async (_name, extra) => {
    const res = await call({ sub: company.admin.sub, aud: 'console-client', ...extra });
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body)).toEqual({
      Success: false,
      ErrorMessage: expect.stringMatching(/access tokens only/),
      ErrorCode: 'TOKEN_NOT_ACCESS',
      ErrorParams: {},
    });
  });
});
