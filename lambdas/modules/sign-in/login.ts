import { ForbiddenError, NotFoundError, ValidationError } from '../../core/errors';
import { getCompany } from '../tenancy';
import { getUserMfa } from '../../aws/identity-provider';
import { recordLogin, type UserProfile } from '../tenancy';
import { getCompanyConfiguration } from '../configurations';
import { COMPANY_PERMISSIONS, grants } from '../../shared/permissions';
import type { LoginReply } from './replies';

/** The reply of LogInByAws (modules/sign-in/replies.ts). */
export type { LoginReply };

const notAJwt = { field: 'JwtToken', detail: 'is not a JWT', reason: 'JWT' };

/** The payload of a JWT, without verifying it (API Gateway verified the bearer token already). */
function jwtPayload(token: string): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new ValidationError('JwtToken: is not a JWT', 'FIELD_INVALID', notAJwt);
  try {
    return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError('JwtToken: is not a JWT', 'FIELD_INVALID', notAJwt);
  }
}

/**
 * AuthService.LogInByAws: the console proves the Cognito token it holds is the caller's own (same
 * subject as the verified bearer token, same email as the profile), then gets its profile.
 */
export async function logIn(caller: UserProfile, jwtToken: string, email: string): Promise<LoginReply> {
  const payload = jwtPayload(jwtToken);
  if (payload.sub !== caller.sub)
    throw new ForbiddenError('JwtToken does not belong to the signed-in user', 'SIGN_IN_MISMATCH', {
      field: 'JwtToken',
    });
  if (email.trim().toLowerCase() !== caller.email.toLowerCase())
    throw new ForbiddenError('Email does not match the signed-in user', 'SIGN_IN_MISMATCH', { field: 'Email' });
  const company = await getCompany(caller.companyId);
  if (!company)
    throw new NotFoundError(`Company ${caller.companyId} was not found`, 'NOT_FOUND', {
      entity: 'Company',
      id: caller.companyId,
    });
  // A company that requires MFA depends on the user pool's answer; for the others it is what the
  // users list shows (MFA on/off), asked as well but never failing a sign-in: unknown stays as it was.
  const { RequireMfa } = await getCompanyConfiguration(caller.companyId);
  const mfaEnabled = RequireMfa
    ? (await getUserMfa(jwtToken)).totpEnabled
    : await getUserMfa(jwtToken).then(
        (m) => m.totpEnabled,
        () => undefined,
      );
  await recordLogin(caller.companyId, caller.sub, new Date().toISOString(), mfaEnabled);
  const effective = COMPANY_PERMISSIONS.filter((p) => grants(caller.permissions, p));
  return {
    Name: caller.name,
    Email: caller.email,
    RoleId: caller.roleId,
    IsSystemAdmin: caller.isSystemAdmin,
    Permissions: caller.permissions.includes(1) ? [1, ...effective] : effective,
    AccountAccess: caller.accountAccess,
    Company: { ID: company.companyId, Name: company.Name, Logo: company.Logo, DefaultLocale: company.DefaultLocale },
    MfaRequired: RequireMfa,
    MfaEnabled: RequireMfa ? (mfaEnabled ?? null) : null,
  };
}
