import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../api/users-api';

/** Permissions as chips (Admin alone when held: it implies the rest); "none" when the list is empty. */
export function PermissionChips({ user }: { user: Pick<UserView, 'Permissions' | 'IsSystemAdmin'> }) {
  const { t } = useTranslation();
  const shown = user.Permissions.includes(1) ? [1] : user.Permissions;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {user.IsSystemAdmin && <Chip size="small" color="secondary" label={t('users.fields.isSystemAdmin')} />}
      {shown.map((p) => (
        <Chip key={p} size="small" variant="outlined" label={t(`users.permissions.${p}`)} />
      ))}
      {!shown.length && !user.IsSystemAdmin && <span>{t('users.noPermissions')}</span>}
    </Stack>
  );
}

/** "All accounts", or the names of the main accounts (their ids while the names load). */
export function accessText(
  access: UserView['AccountAccess'],
  names: ReadonlyMap<number, string>,
  t: (k: string, o?: Record<string, unknown>) => string,
): string {
  if (access === 'all') return t('users.access.all');
  if (!access.length) return t('users.access.none');
  return access.map((id) => names.get(id) ?? `#${id}`).join(', ');
}

export type UserStatusKey = 'active' | 'disabled' | 'invited';

export const statusOf = (u: Pick<UserView, 'Status' | 'Invited'>): UserStatusKey =>
  u.Status === 'disabled' ? 'disabled' : u.Invited ? 'invited' : 'active';

export function StatusChip({ user }: { user: Pick<UserView, 'Status' | 'Invited'> }) {
  const { t } = useTranslation();
  const s = statusOf(user);
  return (
    <Chip
      size="small"
      data-testid="user-status"
      color={s === 'disabled' ? 'default' : s === 'invited' ? 'info' : 'success'}
      variant={s === 'active' ? 'outlined' : 'filled'}
      label={t(`users.status.${s}`)}
    />
  );
}
