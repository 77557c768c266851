import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUIRES } from '@server/shared/policy';
import { LoadError } from '../../../components/ui/load-error';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { forgetMainAccounts, useMainAccount } from '../../../lib/account-context';
import type { Account } from '../../../lib/api-types';
import { useSession } from '../../../lib/auth';
import { hasPermission, isAllowed, isStaff, Permission } from '../../../lib/authorization';
import { nextSort, pageOf, sortByKey, type SortState } from '../../../lib/table-rows';
import { updateSettings, useSettings } from '../../../lib/display/settings-store';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { archiveAccount, createAccount, restoreAccount, updateAccount } from '../api/accounts-api';
import { useAccountsList } from '../api/use-accounts-list';
import { emptyAccountForm, formFromAccount, toPayload, type AccountForm } from './account-form';
import { AccountsFilters, DEFAULT_FILTERS, type AccountsFilterValues } from './accounts-filters';
import { AccountsTable } from './accounts-table';
import { quickFilter, type SortKey } from './sort-rows';

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
  const settings = useSettings();
  const run = useConfirmedAction();
  const can = useAbilities(parentId);
  // The billable statement is the billing feature's screen: linked by its path, never imported.
  const canSeeBilling = isAllowed(useSession()?.profile, REQUIRES.reports);
  // The account's connectors (the connectors feature's screen, linked by its path) are staff's.
  const canSeeConnectors = isStaff(useSession()?.profile);

  const [filters, setFilters] = useState<AccountsFilterValues>(DEFAULT_FILTERS);
  const [sort, setSort] = useState<SortState<SortKey>>({ key: 'Name', dir: 'asc' });
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<AccountForm | null>(null);
  const quick = useDeferredValue(filters.quick);
  const rangeOk = !(filters.fromDate && filters.toDate && filters.fromDate > filters.toDate);

  const list = useAccountsList({
    mainAccountId: parentId ?? -1,
    fromDate: rangeOk && filters.fromDate ? filters.fromDate : null,
    toDate: rangeOk && filters.toDate ? filters.toDate : null,
    activityStatus: filters.activityStatus,
    status: filters.status,
  });

  const visible = useMemo(
    () => sortByKey(quickFilter(list.rows, quick), sort.key, sort.dir, locale),
    [list.rows, quick, sort, locale],
  );
  const pageSize = settings.gridPageSize;
  const shown = pageOf(visible, page, pageSize);

  const scopeOf = (a: Pick<Account, 'ID' | 'ParentId'>) => parentId ?? a.ParentId ?? a.ID;
  const linkTo = (a: Account) =>
    a.ParentId === null
      ? `/accounts/${a.ID}/subAccounts/list`
      : `/accounts/${a.ParentId}/subAccounts/${a.ID}/activities/list`;

  // A write changes what every account list shows: they are read again (this one at once).
  const closeAndReload = () => {
    setEditing(null);
    list.changed();
  };
  const save = (form: AccountForm, applyToSubs: boolean) =>
    run({
      action: async () => {
        const payload = toPayload(form);
        if (form.ID > 0) await updateAccount(payload, applyToSubs, scopeOf(form));
        else await createAccount(payload);
        forgetMainAccounts();
      },
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload: closeAndReload,
      rethrow: true,
    });

  const archive = (a: Account) =>
    run({
      confirm: {
        title: t('accounts.confirmArchive.title'),
        message: t('accounts.confirmArchive.message', { name: a.Name }),
        confirmLabel: t('accounts.actions.archive'),
        destructive: true,
      },
      action: () => archiveAccount(a.ID, scopeOf(a)),
      success: t('accounts.archived'),
      failure: t('snackbar.deleteFailed'),
      reload: list.changed,
    });

  const restore = (a: Account) =>
    run({ action: () => restoreAccount(a.ID, scopeOf(a)), success: t('accounts.restored'), reload: list.changed });

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
      <Box sx={{ height: 4 }}>{list.loadingMore && <LinearProgress aria-label={t('accounts.loadingMore')} />}</Box>
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
        linkTo={linkTo}
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
