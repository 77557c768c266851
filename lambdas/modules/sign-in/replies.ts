import type { Permission } from '../../shared/permissions';

/** Replies of AuthService and MainService (signing in, crash reports). */

/** LogInByAws: the signed-in user's profile. */
export interface LoginReply {
  Name: string;
  Email: string;
  RoleId: number;
  IsSystemAdmin: boolean;
  /** Effective permissions: Admin is expanded to every company permission it implies. */
  Permissions: Permission[];
  AccountAccess: 'all' | number[];
  /** `Logo`: the version of the company's logo, '' when it has none (the image: ConfigurationsService.GetCompanyLogo). */
  Company: { ID: number; Name: string; Logo: string; DefaultLocale: string };
  /** The company requires an authenticator app (configuration RequireMfa). */
  MfaRequired: boolean;
  /** Asked of the user pool when MFA is required; until it is true, only sign-in works. */
  MfaEnabled: boolean | null;
}

/** CrashSend: the id the report was stored under. */
export interface CrashReceipt {
  ID: string;
}
