import PersonAdd from '@mui/icons-material/PersonAddOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { useSnackbar } from '../../../components/ui/snackbar';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useApiError } from '../../../components/ui/use-api-error';
import { formatDate } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { inviteUser, type UserView } from '../api/users-api';
import { useMainAccounts, usersChanged, useUsersList } from '../api/users-queries';
import { accessText, PermissionChips, StatusChip } from './user-cells';
import { emptyUserForm, toInvite, type UserForm } from './user-form';
import { ProgressBar } from '../../../components/ui/progress-bar';

const UserDialog = lazy(() => import('./user-dialog').then((m) => ({ default: m.UserDialog })));
const CsvInviteDialog = lazy(() => import('./csv-invite-dialog').then((m) => ({ default: m.CsvInviteDialog })));

export const userPath = (sub: string) => `/users/${sub}/maint`;

/**
 * /Users/list (GeneralSettings): the company's users by name — searched by part of a name or an
 * e-mail on the server — with their role, permissions, account access, status (invited until their
 * first sign-in), MFA and last sign-in; more pages on demand. Invite one (the user pool mails a
 * temporary password), or many from a CSV with a result per line; a name opens the user's page.
 */
export function UsersScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const [inviting, setInviting] = useState<UserForm | null>(null);
  const [csvOpen, setCsvOpen] = useState(false);
  const { rows, loading, busy, error, hasMore, more, reload } = useUsersList(query);
  const accounts = useMainAccounts();
  const names = useMemo(() => new Map((accounts.data ?? []).map((a) => [a.ID, a.Name])), [accounts.data]);

  const invite = useInvite(() => setInviting(null));

  return (
    <Paper sx={{ p: 2 }}>
      <UsersToolbar
        search={search}
        onSearch={setSearch}
        onCsv={() => setCsvOpen(true)}
        onInvite={() => setInviting(emptyUserForm())}
      />
      <LoadError error={error} onReload={reload} />
      <Box sx={{ height: 4 }}>{busy && rows.length > 0 && <ProgressBar label={t('common.loading')} />}</Box>
      <TableContainer>
        <Table size="small" aria-label={t('menu.users')} data-testid="users-grid">
          <TableHead>
            <TableRow>
              <TableCell>{t('users.fields.name')}</TableCell>
              <TableCell>{t('users.fields.roleId')}</TableCell>
              <TableCell>{t('users.fields.permissions')}</TableCell>
              <TableCell>{t('users.fields.access')}</TableCell>
              <TableCell>{t('users.fields.status')}</TableCell>
              <TableCell>{t('users.fields.mfa')}</TableCell>
              <TableCell>{t('users.fields.lastLogin')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows
              colSpan={7}
              loading={loading}
              empty={!loading && !error && rows.length === 0}
              emptyText={t(query ? 'users.noMatch' : 'users.empty')}
              emptyTestId="users-empty"
            />
            {rows.map((u) => (
              <UserRow key={u.Sub} u={u} names={names} locale={locale} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {hasMore && (
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <Button onClick={more} disabled={busy} data-testid="more-users">
            {t('users.actions.more')}
          </Button>
        </Box>
      )}
      {inviting && (
        <Suspense fallback={null}>
          <UserDialog initial={inviting} onSave={invite} onClose={() => setInviting(null)} />
        </Suspense>
      )}
      {csvOpen && (
        <Suspense fallback={null}>
          <CsvInviteDialog onClose={() => setCsvOpen(false)} onInvited={() => void usersChanged()} />
        </Suspense>
      )}
    </Paper>
  );
}

/** Invites the user of the form (the user pool mails a temporary password); a failure is shown and rethrown (the dialog stays open). */
function useInvite(invited: () => void) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const showError = useApiError();
  const invite = async (form: UserForm) => {
    try {
      const user = await inviteUser(toInvite(form));
      show({ message: t('users.invited', { email: user.Email }) });
      invited();
      void usersChanged();
    } catch (err) {
      showError(err, { fallback: t('users.inviteFailed') });
      throw err;
    }
  };
  return invite;
}

/** Search (by part of a name or an e-mail), Invite from CSV, Invite. */
function UsersToolbar({
  search,
  onSearch,
  onCsv,
  onInvite,
}: {
  search: string;
  onSearch: (search: string) => void;
  onCsv: () => void;
  onInvite: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
      <TextField
        name="search"
        type="search"
        label={t('users.search')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        sx={{ minWidth: 280 }}
        slotProps={{ htmlInput: { 'data-testid': 'users-search', maxLength: 100 } }}
      />
      <Box sx={{ flexGrow: 1 }} />
      <Button startIcon={<UploadFile />} onClick={onCsv} data-testid="invite-csv">
        {t('users.actions.inviteCsv')}
      </Button>
      <Button variant="contained" startIcon={<PersonAdd />} onClick={onInvite} data-testid="invite-user">
        {t('users.actions.invite')}
      </Button>
    </Stack>
  );
}

/** A user's row: name (opening their page) and e-mail, role, permissions, access, status, MFA, last sign-in. */
function UserRow({ u, names, locale }: { u: UserView; names: ReadonlyMap<number, string>; locale: string }) {
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid="user-row" data-email={u.Email}>
      <TableCell>
        <Link component={RouterLink} to={userPath(u.Sub)} data-testid="open-user">
          {u.Name}
        </Link>
        <Typography variant="body2" color="text.secondary" dir="ltr" sx={{ textAlign: 'start' }}>
          {u.Email}
        </Typography>
      </TableCell>
      <TableCell>{t(`roles.${u.RoleId}`)}</TableCell>
      <TableCell>
        <PermissionChips user={u} />
      </TableCell>
      <TableCell>{accessText(u.AccountAccess, names, t)}</TableCell>
      <TableCell>
        <StatusChip user={u} />
      </TableCell>
      <TableCell data-testid="user-mfa">{t(u.MfaEnabled ? 'users.mfa.on' : 'users.mfa.off')}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {u.LastLoginAt ? formatDate(u.LastLoginAt, locale, true) : t('users.never')}
      </TableCell>
    </TableRow>
  );
}
