import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ServiceStack } from '../service-stack';

/**
 * UsersService (and CompaniesService.CreateCompany) administers the stage's user pool (lambdas/aws/user-pool-admin.ts): each
 * function gets the pool's id and exactly the admin actions its method calls, on that pool only —
 * an invitation may delete the user it just made (its profile failed), a disable may enable back.
 */
export const USER_POOL_GRANTS: Record<string, readonly string[]> = {
  InviteUser: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser'],
  InviteUsersCsv: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser'],
  UpdateUser: ['cognito-idp:AdminUpdateUserAttributes'],
  DisableUser: ['cognito-idp:AdminDisableUser', 'cognito-idp:AdminEnableUser'],
  EnableUser: ['cognito-idp:AdminEnableUser', 'cognito-idp:AdminDisableUser'],
  ResetUserPassword: ['cognito-idp:AdminSetUserPassword'],
  ResetUserMfa: ['cognito-idp:AdminSetUserMFAPreference'],
  SignOutUserEverywhere: ['cognito-idp:AdminUserGlobalSignOut'],
  // CompaniesService: a new agency's first Admin is invited as InviteUser invites.
  CreateCompany: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser'],
};

export function grantUserPoolAdmin(stack: ServiceStack, userPool: IUserPool): void {
  for (const [method, fn] of stack.functions) {
    const actions = USER_POOL_GRANTS[method];
    if (!actions) continue;
    fn.addEnvironment('USER_POOL_ID', userPool.userPoolId);
    fn.addToRolePolicy(new PolicyStatement({ actions: [...actions], resources: [userPool.userPoolArn] }));
  }
}
