import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import type { UserView } from '../api/users-api';
import { accessText, PermissionChips } from './user-cells';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box>{children}</Box>
    </Grid>
  );
}

/** What the user page shows of a user: role, permissions, account access, MFA, last sign-in, created. */
export function UserDetails({
  user,
  names,
  locale,
}: {
  user: UserView;
  names: ReadonlyMap<number, string>;
  locale: string;
}) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Detail label={t('users.fields.roleId')}>{t(`roles.${user.RoleId}`)}</Detail>
      <Detail label={t('users.fields.permissions')}>
        <PermissionChips user={user} />
      </Detail>
      <Detail label={t('users.fields.access')}>
        <span data-testid="user-access">{accessText(user.AccountAccess, names, t)}</span>
      </Detail>
      <Detail label={t('users.fields.mfa')}>{t(user.MfaEnabled ? 'users.mfa.on' : 'users.mfa.off')}</Detail>
      <Detail label={t('users.fields.lastLogin')}>
        {user.LastLoginAt ? formatDate(user.LastLoginAt, locale, true) : t('users.never')}
      </Detail>
      <Detail label={t('users.fields.createdAt')}>{formatDate(user.CreatedAt, locale, true)}</Detail>
    </Grid>
  );
}
