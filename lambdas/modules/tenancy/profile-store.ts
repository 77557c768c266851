import type { CallerIdentity as Identity, UserProfile } from '../../core/caller';

/** The caller's types are declared in core (the kit reads them too); the store's users import them from here. */
export type { CallerIdentity as Identity, UserProfile } from '../../core/caller';

/** What the profile rules and the caller lookups need of storage; profile-store.dynamodb.ts implements it. */
export interface ProfileStore {
  /** The identity pointer of a sub, read strongly consistent (the gate of every request). */
  getIdentity(sub: string): Promise<Identity | undefined>;
  /** The profile item as stored (other modules' stores write it in their transactions). */
  profileItem(profile: UserProfile): Record<string, unknown>;
  /** The identity pointer as stored, with the profile's gate fields. */
  identityItem(
    profile: Pick<UserProfile, 'sub' | 'companyId' | 'status' | 'tokensValidAfter'>,
  ): Record<string, unknown>;
  getProfile(companyId: number, sub: string): Promise<UserProfile | undefined>;
  /** Profile of a Cognito sub: identity pointer → company-keyed profile. */
  getProfileBySub(sub: string): Promise<UserProfile | undefined>;
  /** Creates the profile and its identity pointer together. */
  createProfile(p: Omit<UserProfile, 'version' | 'createdAt'> & { createdAt?: string }): Promise<UserProfile>;
  /** Stamps a sign-in, and what the user pool said of the user's MFA when it was asked. */
  recordLogin(companyId: number, sub: string, at: string, mfaEnabled?: boolean): Promise<void>;
  /** A stored profile item as the profile. */
  toProfile(item: Record<string, unknown>): UserProfile;
}
