import type { UserProfile } from '../tenancy';
import type { UserView } from './replies';

/** A user's profile as the API shows it. */
export function toUserView(p: UserProfile): UserView {
  return {
    Sub: p.sub,
    Email: p.email,
    Name: p.name,
    RoleId: p.roleId,
    Permissions: [...p.permissions],
    AccountAccess: p.accountAccess,
    IsSystemAdmin: p.isSystemAdmin,
    Status: p.status,
    MfaEnabled: p.mfaEnabled === true,
    LastLoginAt: p.lastLoginAt ?? null,
    CreatedAt: p.createdAt,
    Invited: !p.lastLoginAt,
    TokensValidAfter: p.tokensValidAfter ?? null,
    version: p.version,
  };
}
