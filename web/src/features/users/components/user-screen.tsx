import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { useSession } from '../../../lib/auth';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { useMainAccounts, useUserInfo } from '../api/users-queries';
import { TemporaryPasswordDialog } from './temporary-password-dialog';
import { UserActionButtons } from './user-action-buttons';
import { StatusChip } from './user-cells';
import { UserDetails } from './user-details';
import { formFromUser } from './user-form';
import { UserHistory } from './user-history';
import { useUserPageWrites } from './use-user-page-writes';
import { ProgressBar } from '../../../components/ui/progress-bar';

const UserDialog = lazy(() => import('./user-dialog').then((m) => ({ default: m.UserDialog })));

/**
 * /users/:id/maint (GeneralSettings): one user — their role, permissions, account access, status,
 * MFA and sign-ins; edit (name, role, permissions, access), disable or enable, reset the password
 * (the new temporary one is shown once, to pass on), reset MFA (a lost phone), sign out everywhere,
 * each after the app's confirmation; and the change history (who, when, before → after).
 */
export function UserScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const sub = useParams().id ?? '';
  const session = useSession();
  const info = useUserInfo(sub);
  const accounts = useMainAccounts();
  const names = useMemo(() => new Map((accounts.data ?? []).map((a) => [a.ID, a.Name])), [accounts.data]);
  const { editing, setEditing, password, setPassword, save, act } = useUserPageWrites();

  const user = info.data?.User;
  const self = !!user && session?.profile.Email.toLowerCase() === user.Email.toLowerCase();

  if (info.error)
    return (
      <Paper sx={{ p: 2 }}>
        <LoadError error={info.error} onReload={() => void info.refetch()} />
      </Paper>
    );
  if (!user)
    return (
      <Paper sx={{ p: 2 }}>
        <ProgressBar label={t('common.loading')} />
      </Paper>
    );

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }} data-testid="user-page">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="h5" data-testid="user-title">
              {user.Name}
            </Typography>
            <Typography color="text.secondary" dir="ltr" sx={{ textAlign: 'start' }}>
              {user.Email}
            </Typography>
          </Box>
          <StatusChip user={user} />
        </Stack>
        <UserDetails user={user} names={names} locale={locale} />
        <UserActionButtons user={user} self={self} onEdit={() => setEditing(formFromUser(user))} act={act} />
        {self && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('users.selfNote')}
          </Typography>
        )}
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('users.history.title')}
        </Typography>
        <UserHistory entries={info.data?.History ?? []} names={names} locale={locale} />
      </Paper>
      {editing && (
        <Suspense fallback={null}>
          <UserDialog initial={editing} onSave={save} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {password && <TemporaryPasswordDialog password={password} name={user.Name} onClose={() => setPassword(null)} />}
    </Stack>
  );
}
