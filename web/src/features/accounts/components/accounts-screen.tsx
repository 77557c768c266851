import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUIRES } from '@server/shared/policy';
import { LoadError } from '../../../components/ui/load-error';
import { useMainAccount } from '../../../lib/account-context';
import type { Account } from '../../../lib/api-types';
import { useSession } from '../../../lib/auth';
import { hasPermission, isAllowed, isStaff, Permission } from '../../../lib/authorization';
import { nextSort } from '../../../lib/table-rows';
import { updateSettings } from '../../../lib/display/settings-store';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { useKeptFrame } from '../../../lib/first-frame/use-kept-frame';
import { DEFAULT_FILTERS } from '../api/list-params';
import { accountsFrame } from '../first-frame';
import { accountLink, FIRST_SORT } from './account-cells';
import { emptyAccountForm, formFromAccount, type AccountForm } from './account-form';
import { AccountsFilters } from './accounts-filters';
import { AccountsTable } from './accounts-table';
import { useAccountWrites } from './use-account-writes';
import { useAccountsView } from './use-accounts-view';
import { ProgressBar } from '../../../components/ui/progress-bar';

/** The dialog (and its form controls) loads when it is first opened. */
const AccountDialog = lazy(() => import('./account-dialog').then((m) => ({ default: m.AccountDialog })));

/** What the user may do here: from the account's AccessPermissions (GetMainAccount) or the profile. */
function useAbilities(parentId: number | null) {
  const session = useSession();
  const main = useMainAccount(parentId);
  if (parentId !== null) {
    const perms = main.data?.AccessPermissions ?? [];
    return {
      create: perms.includes('createDelete'),
      edit: perms.includes('edit'),
      archive: perms.includes('createDelete'),
      currency: main.data?.Currency,
    };
  }
  const profile = session?.profile;
  const createDelete = hasPermission(profile, Permission.AccountCreateDelete) && isStaff(profile);
  return { create: createDelete, edit: isStaff(profile), archive: createDelete, currency: undefined };
}

/**
 * /accounts/list (parentId null: main accounts) and /accounts/{id}/subAccounts/list (its sub-accounts):
 * grid with filters, sort and paging; create/edit dialog; archive with confirmation and restore.
 */
export function AccountsScreen({ parentId }: { parentId: number | null }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const can = useAbilities(parentId);
  // The billable statement is the billing feature's screen: linked by its path, never imported.
  const canSeeBilling = isAllowed(useSession()?.profile, REQUIRES.reports);
  // The account's connectors (the connectors feature's screen, linked by its path) are staff's.
  const canSeeConnectors = isStaff(useSession()?.profile);

  const [editing, setEditing] = useState<AccountForm | null>(null);
  const { filters, setFilters, sort, setSort, setPage, list, visible, pageSize, shown } = useAccountsView(parentId);
  // The main accounts as they open are kept for the next visit's first frame.
  const asOpened = parentId === null && filters === DEFAULT_FILTERS && sort === FIRST_SORT && shown.page === 0;
  useKeptFrame(accountsFrame, asOpened && !list.loading && shown.rows.length > 0 ? { locale, pageSize } : null);

  const scopeOf = (a: Pick<Account, 'ID' | 'ParentId'>) => parentId ?? a.ParentId ?? a.ID;

  const { save, archive, restore } = useAccountWrites(scopeOf, list.changed, () => setEditing(null));

  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
        {can.create && filters.status === 'active' && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing(emptyAccountForm(parentId, can.currency ?? 2))}
            data-testid="create-account"
          >
            {t(parentId === null ? 'accounts.actions.create' : 'accounts.actions.createSub')}
          </Button>
        )}
      </Stack>
      <AccountsFilters
        value={filters}
        showArchiveToggle={can.archive}
        onChange={(v) => {
          setFilters(v);
          setPage(0);
        }}
      />
      <LoadError error={list.error} onReload={list.reload} />
      <Box sx={{ height: 4 }}>{list.loadingMore && <ProgressBar label={t('accounts.loadingMore')} />}</Box>
      <AccountsTable
        rows={shown.rows}
        total={visible.length}
        loading={list.loading}
        page={shown.page}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(n) => {
          updateSettings({ gridPageSize: n });
          setPage(0);
        }}
        sort={sort}
        onSort={(key) => {
          setSort((s) => nextSort(s, key));
          setPage(0);
        }}
        locale={locale}
        linkTo={accountLink}
        canEdit={can.edit}
        canSeeBilling={canSeeBilling}
        canSeeConnectors={canSeeConnectors}
        canArchive={can.archive}
        onEdit={(a) => setEditing(formFromAccount(a))}
        onArchive={archive}
        onRestore={restore}
      />
      {editing && (
        <Suspense fallback={null}>
          <AccountDialog initial={editing} onSave={save} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
