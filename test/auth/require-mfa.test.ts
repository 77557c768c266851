import {
  AssociateSoftwareTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { MFA_REQUIRED_MESSAGE } from '../../lambdas/kit/mfa';
import { createProfile, getProfile } from '../../lambdas/modules/tenancy/profile-store.dynamodb';
import { Permission, Role } from '../../lambdas/shared/permissions';
import { cognito, createCognitoUser, signIn, totpCode, uniqueEmail } from '../support/engines';
import { invoke, makeCompany, makeUser, type Company } from '../support/world';

/**
 * A company that requires MFA (configuration RequireMfa): its users reach only sign-in until
 * their last sign-in showed an authenticator app — asked of the real user pool (cognito-local).
 */
const PASSWORD = 'Test-password-2026!';
let c: Company;
beforeAll(async () => {
  c = await makeCompany('Strict Agency');
  // Turning RequireMfa on needs a caller with MFA.
  const admin = await makeUser(c.companyId, Role.Administrator, [Permission.Admin], { mfaEnabled: true });
  const saved = await invoke('ConfigurationsService', 'SaveConfigurations', {
    as: admin,
    body: { configurations: { RequireMfa: true, version: 0 } },
  });
  expect(saved.status).toBe(200);
});

async function plannerWithToken() {
  const email = uniqueEmail('strict');
  const sub = await createCognitoUser(email, PASSWORD);
  const profile = await createProfile({
    sub,
    companyId: c.companyId,
    email,
    name: 'Strict Planner',
    roleId: Role.Planner,
    permissions: [] as Permission[],
    isSystemAdmin: false,
    accountAccess: 'all',
    status: 'active',
  });
  const { tokens } = await signIn(email, PASSWORD);
  return { profile, token: tokens!.AccessToken! };
}

const login = (p: { sub: string; email: string }, token: string) =>
  invoke('AuthService', 'LogInByAws', { as: p, body: { JwtToken: token, Email: p.email } });

it('refuses business calls until TOTP is on, then lets them through after the next sign-in', async () => {
  const { profile, token } = await plannerWithToken();

  const first = await login(profile, token);
  expect(first.status).toBe(200);
  expect(first.body.Response).toMatchObject({ MfaRequired: true, MfaEnabled: false });

  const blocked = await invoke('AccountsService', 'GetAccountsList', { as: profile, body: {} });
  expect(blocked).toEqual({
    status: 403,
    body: { Success: false, ErrorMessage: MFA_REQUIRED_MESSAGE, ErrorCode: 'MFA_REQUIRED', ErrorParams: {} },
  });
  // Crash reports stay open: a failing sign-in page must still be able to tell us.
  expect((await invoke('MainService', 'CrashSend', { as: profile, body: { Error: 'x' } })).status).toBe(200);

  const client = cognito();
  const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: token }));
  await client.send(new VerifySoftwareTokenCommand({ AccessToken: token, UserCode: totpCode(SecretCode!) }));
  await client.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: token,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  client.destroy();

  // Still blocked until the console signs in again (the API learns of MFA at sign-in).
  expect((await invoke('AccountsService', 'GetAccountsList', { as: profile, body: {} })).status).toBe(403);
  const second = await login(profile, token);
  expect(second.body.Response).toMatchObject({ MfaRequired: true, MfaEnabled: true });
  expect((await getProfile(c.companyId, profile.sub))!.mfaEnabled).toBe(true);
  expect((await invoke('AccountsService', 'GetAccountsList', { as: profile, body: {} })).status).toBe(200);
});

it('a body token the user pool does not accept is a 401, and no sign-in is recorded', async () => {
  const { profile, token } = await plannerWithToken();
  // Same subject (so it passes the body-token check) but a client the pool does not know.
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const foreign = `${header}.${Buffer.from(JSON.stringify({ ...claims, client_id: 'no-such-client' })).toString('base64url')}.${signature}`;
  expect((await login(profile, foreign)).status).toBe(401);
  expect((await getProfile(c.companyId, profile.sub))!.lastLoginAt).toBeUndefined();
});

it('companies that do not require MFA are not asked about it', async () => {
  const other = await makeCompany('Relaxed Agency');
  const r = await invoke('AccountsService', 'GetAccountsList', { as: other.planner, body: {} });
  expect(r.status).toBe(200);
});
