import Block from '@mui/icons-material/BlockOutlined';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Key from '@mui/icons-material/KeyOutlined';
import Logout from '@mui/icons-material/Logout';
import PhonelinkErase from '@mui/icons-material/PhonelinkEraseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { useApiError } from '../../../components/ui/use-api-error';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useSession } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { updateUser, userAction, type UserAction, type UserChange, type UserView } from '../api/users-api';
import { useMainAccounts, usersChanged, useUserInfo } from '../api/users-queries';
import { accessText, PermissionChips, StatusChip } from './user-cells';
import { formFromUser, toUpdate, type UserForm } from './user-form';

const UserDialog = lazy(() => import('./user-dialog').then((m) => ({ default: m.UserDialog })));

type T = (k: string, o?: Record<string, unknown>) => string;

/** A value of the history in words: roles, permissions, access, status and times as the list shows them. */
function valueText(field: string, v: unknown, t: T, names: ReadonlyMap<number, string>, locale: string): string {
  if (v === null || v === undefined || v === '') return '—';
  if (field === 'roleId') return t(`roles.${String(v)}`);
  if (field === 'permissions' && Array.isArray(v))
    return v.length ? v.map((p) => t(`users.permissions.${String(p)}`)).join(', ') : t('users.noPermissions');
  if (field === 'accountAccess') return accessText(v as UserView['AccountAccess'], names, t);
  if (field === 'status') return t(`users.status.${String(v)}`);
  if (typeof v === 'boolean') return t(v ? 'users.yes' : 'users.no');
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return formatDate(v, locale, true);
  return String(v);
}

/** The fields the history names, in the user's language (others by their stored name). */
const HISTORY_FIELDS = new Set([
  'email',
  'name',
  'roleId',
  'permissions',
  'accountAccess',
  'isSystemAdmin',
  'status',
  'tokensValidAfter',
  'passwordResetAt',
  'mfaResetAt',
  'mfaEnabled',
]);

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
  const { show } = useSnackbar();
  const showError = useApiError();
  const run = useConfirmedAction();
  const info = useUserInfo(sub);
  const accounts = useMainAccounts();
  const names = useMemo(() => new Map((accounts.data ?? []).map((a) => [a.ID, a.Name])), [accounts.data]);
  const [editing, setEditing] = useState<UserForm | null>(null);
  const [password, setPassword] = useState<string | null>(null);
  const reload = () => void usersChanged();

  const user = info.data?.User;
  const self = !!user && session?.profile.Email.toLowerCase() === user.Email.toLowerCase();

  const save = async (form: UserForm) => {
    try {
      await updateUser(toUpdate(form));
      show({ message: t('snackbar.saved') });
      setEditing(null);
      reload();
    } catch (err) {
      showError(err, {
        fallback: t('snackbar.saveFailed'),
        reload: () => {
          setEditing(null);
          reload();
        },
      });
      throw err;
    }
  };

  const act = (u: UserView, action: UserAction, destructive: boolean) =>
    run({
      confirm: {
        title: t(`users.confirm.${action}.title`),
        message: t(`users.confirm.${action}.message`, { name: u.Name, email: u.Email }),
        confirmLabel: t(`users.actions.${action}`),
        destructive,
      },
      action: () => userAction(action, u),
      success: t(`users.done.${action}`, { name: u.Name }),
      failure: t('users.actionFailed'),
      reload,
      done: (result) => {
        // ResetUserPassword answers the new temporary password: shown once, to pass on.
        if ('TemporaryPassword' in result) setPassword(result.TemporaryPassword);
        reload();
      },
    });

  if (info.error)
    return (
      <Paper sx={{ p: 2 }}>
        <LoadError error={info.error} onReload={() => void info.refetch()} />
      </Paper>
    );
  if (!user)
    return (
      <Paper sx={{ p: 2 }}>
        <LinearProgress aria-label={t('common.loading')} />
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
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<Edit />}
            onClick={() => setEditing(formFromUser(user))}
            data-testid="edit-user"
          >
            {t('common.edit')}
          </Button>
          {user.Status === 'active' ? (
            <Button
              color="error"
              startIcon={<Block />}
              onClick={() => act(user, 'DisableUser', true)}
              disabled={self}
              data-testid="DisableUser"
            >
              {t('users.actions.DisableUser')}
            </Button>
          ) : (
            <Button startIcon={<CheckCircle />} onClick={() => act(user, 'EnableUser', false)} data-testid="EnableUser">
              {t('users.actions.EnableUser')}
            </Button>
          )}
          <Button
            startIcon={<Key />}
            onClick={() => act(user, 'ResetUserPassword', true)}
            data-testid="ResetUserPassword"
          >
            {t('users.actions.ResetUserPassword')}
          </Button>
          <Button
            startIcon={<PhonelinkErase />}
            onClick={() => act(user, 'ResetUserMfa', true)}
            data-testid="ResetUserMfa"
          >
            {t('users.actions.ResetUserMfa')}
          </Button>
          <Button
            startIcon={<Logout />}
            onClick={() => act(user, 'SignOutUserEverywhere', true)}
            data-testid="SignOutUserEverywhere"
          >
            {t('users.actions.SignOutUserEverywhere')}
          </Button>
        </Stack>
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
        <History entries={info.data?.History ?? []} names={names} locale={locale} />
      </Paper>
      {editing && (
        <Suspense fallback={null}>
          <UserDialog initial={editing} onSave={save} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {password && (
        <Dialog open onClose={() => setPassword(null)} aria-labelledby="temp-password-title" maxWidth="xs" fullWidth>
          <DialogTitle id="temp-password-title">{t('users.password.title')}</DialogTitle>
          <DialogContent>
            <Typography sx={{ mb: 1 }}>{t('users.password.message', { name: user.Name })}</Typography>
            <Box
              component="code"
              dir="ltr"
              data-testid="temporary-password"
              sx={{ display: 'block', p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 18, userSelect: 'all' }}
            >
              {password}
            </Box>
            <Alert severity="info" sx={{ mt: 1 }}>
              {t('users.password.once')}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void navigator.clipboard?.writeText(password)}>{t('users.password.copy')}</Button>
            <Button variant="contained" onClick={() => setPassword(null)} data-testid="close-password">
              {t('users.actions.close')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}

function History({
  entries,
  names,
  locale,
}: {
  entries: UserChange[];
  names: ReadonlyMap<number, string>;
  locale: string;
}) {
  const { t } = useTranslation();
  if (!entries.length) return <Typography color="text.secondary">{t('users.history.empty')}</Typography>;
  return (
    <Table size="small" data-testid="user-history">
      <TableHead>
        <TableRow>
          <TableCell>{t('users.history.at')}</TableCell>
          <TableCell>{t('users.history.by')}</TableCell>
          <TableCell>{t('users.history.action')}</TableCell>
          <TableCell>{t('users.history.changes')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((e, i) => (
          <TableRow key={`${e.At}-${i}`} data-testid="history-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(e.At, locale, true)}</TableCell>
            <TableCell>{e.ByName}</TableCell>
            <TableCell>{t(`users.history.actions.${e.Action}`)}</TableCell>
            <TableCell>
              <Box component="ul" sx={{ m: 0, ps: 2 }}>
                {e.Changes.map((c) => (
                  <li key={c.Field}>
                    {t('users.history.change', {
                      field: HISTORY_FIELDS.has(c.Field) ? t(`users.historyFields.${c.Field}`) : c.Field,
                      before: valueText(c.Field, c.Before, t, names, locale),
                      after: valueText(c.Field, c.After, t, names, locale),
                    })}
                  </li>
                ))}
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
