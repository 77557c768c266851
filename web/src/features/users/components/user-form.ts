import type { InvitePayload, UpdatePayload, UserView } from '../api/users-api';

/**
 * The invite and edit dialogs' fields as typed. The screens import this module: no zod, no
 * react-hook-form here (the dialogs bring them).
 */
export interface UserForm {
  email: string;
  name: string;
  roleId: number;
  permissions: number[];
  /** Access to every account of the company, or to `accounts` only. */
  allAccounts: boolean;
  accounts: number[];
  isSystemAdmin: boolean;
  /** Set when editing. */
  sub?: string;
  version?: number;
}

/** Roles and permissions as shared/permissions.ts numbers them (Role 1–5, Permission 1–7). */
export const ROLE_IDS = [1, 2, 3, 4, 5] as const;
export const PERMISSION_IDS = [1, 2, 3, 4, 5, 6, 7] as const;
/** ROLE_PRESETS of shared/permissions.ts: choosing a role fills in its permissions (the list may then differ). */
export const ROLE_PRESETS: Record<number, number[]> = { 1: [1], 2: [3, 6, 4], 3: [], 4: [4, 5], 5: [7] };

export const emptyUserForm = (): UserForm => ({
  email: '',
  name: '',
  roleId: 3,
  permissions: [],
  allAccounts: true,
  accounts: [],
  isSystemAdmin: false,
});

export const formFromUser = (u: UserView): UserForm => ({
  email: u.Email,
  name: u.Name,
  roleId: u.RoleId,
  permissions: [...u.Permissions],
  allAccounts: u.AccountAccess === 'all',
  accounts: u.AccountAccess === 'all' ? [] : [...u.AccountAccess],
  isSystemAdmin: u.IsSystemAdmin,
  sub: u.Sub,
  version: u.version,
});

const access = (f: UserForm): 'all' | number[] => (f.allAccounts ? 'all' : f.accounts);

export const toInvite = (f: UserForm): InvitePayload => ({
  email: f.email.trim(),
  name: f.name,
  roleId: f.roleId,
  permissions: f.permissions,
  accountAccess: access(f),
  ...(f.isSystemAdmin ? { isSystemAdmin: true } : {}),
});

export const toUpdate = (f: UserForm): UpdatePayload => ({
  sub: f.sub ?? '',
  name: f.name,
  roleId: f.roleId,
  permissions: f.permissions,
  accountAccess: access(f),
  isSystemAdmin: f.isSystemAdmin,
  version: f.version ?? 0,
});
