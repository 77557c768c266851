import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minorToNumber, toMinor } from '@server/shared/money';
import { LoadError } from '../../../components/ui/load-error';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { useMainAccount } from '../../../lib/account-context';
import { useSession } from '../../../lib/auth';
import { hasPermission, Permission } from '../../../lib/authorization';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { nextSort, pageOf, sortByKey, type SortState } from '../../../lib/table-rows';
import { updateSettings, useSettings } from '../../../lib/display/settings-store';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import {
  deleteActivity,
  restoreActivity,
  saveActivity,
  setActivityStatus,
  type ActivityView,
} from '../api/activities-api';
import { activityQueries } from '../api/activities-queries';
import { useActivitiesList } from '../api/use-activities-list';
import { FINAL_STATUSES, type ActivityStatusCode } from '../activity-status';
import { ActivitiesFilters, DEFAULT_ACTIVITY_FILTERS, type ActivitiesFilterValues } from './activities-filters';
import { ActivitiesTable, pacingByActivity, type ActivitySortKey } from './activities-table';
import { emptyActivityForm, formFromActivity, toPayload, type ActivityForm } from './activity-form';

const ActivityDialog = lazy(() => import('./activity-dialog').then((m) => ({ default: m.ActivityDialog })));

/** Planned budget of the rows shown, summed in minor units (cancelled flights plan nothing, as the server counts). */
function plannedBudget(rows: readonly ActivityView[]): number {
  let minor = 0;
  for (const a of rows) {
    if (a.Status === 5) continue;
    try {
      minor += toMinor(a.Budget);
    } catch {
      /* a budget the money module refuses is not summed */
    }
  }
  return minorToNumber(minor);
}

/**
 * /accounts/{accountId}/activities/list (subAccountId null: the main account's flights and its
 * sub-accounts') and /accounts/{accountId}/subAccounts/{subAccountId}/activities/list. Every call
 * carries x-account-id of the page (the sub-account on its page).
 */
export function ActivitiesScreen({ accountId, subAccountId }: { accountId: number; subAccountId: number | null }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const settings = useSettings();
  const run = useConfirmedAction();
  const scopeId = subAccountId ?? accountId;
  const main = useMainAccount(scopeId);
  const canEdit = !!main.data?.AccessPermissions.includes('edit');
  const currency = main.data?.Currency;
  // The rows' pacing chips: the live activities' alerts, for callers who may read them (OperationalReports).
  const session = useSession();
  const readsAlerts = hasPermission(session?.profile, Permission.OperationalReports);
  const alerts = useQuery({ ...activityQueries.pacingAlerts(scopeId), enabled: readsAlerts });
  const pacing = useMemo(() => (alerts.data ? pacingByActivity(alerts.data.Alerts) : undefined), [alerts.data]);

  const [filters, setFilters] = useState<ActivitiesFilterValues>(DEFAULT_ACTIVITY_FILTERS);
  const [sort, setSort] = useState<SortState<ActivitySortKey>>({ key: 'StartDate', dir: 'desc' });
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<ActivityForm | null>(null);
  const quick = useDeferredValue(filters.quick);
  const rangeOk = !(filters.fromDate && filters.toDate && filters.fromDate > filters.toDate);

  const list = useActivitiesList(
    {
      accountId: scopeId,
      fromDate: rangeOk && filters.fromDate ? filters.fromDate : null,
      toDate: rangeOk && filters.toDate ? filters.toDate : null,
      activityStatus: filters.activityStatus,
      archived: filters.archived,
    },
    scopeId,
  );

  const visible = useMemo(() => {
    const q = quick.trim().toLocaleLowerCase();
    const rows = q
      ? list.rows.filter((a) =>
          [a.Name, a.Objective, a.SubAccountName ?? ''].some((v) => (v ?? '').toLocaleLowerCase().includes(q)),
        )
      : list.rows.slice();
    return sortByKey(rows, sort.key, sort.dir, locale, 'desc'); // equal rows: newest (highest ID) first
  }, [list.rows, quick, sort, locale]);
  const pageSize = settings.gridPageSize;
  const shown = pageOf(visible, page, pageSize);
  const total = plannedBudget(visible);

  // A write changes what every activity list shows: they are read again (this one at once).
  const closeAndReload = () => {
    setEditing(null);
    list.changed();
  };
  const save = (form: ActivityForm) =>
    run({
      action: () => saveActivity(toPayload(form), scopeId),
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload: closeAndReload,
      rethrow: true,
    });

  const changeStatus = (a: ActivityView, to: ActivityStatusCode) =>
    run({
      confirm: FINAL_STATUSES.includes(to)
        ? {
            title: t(`activities.moveTo.${to}`),
            message: t('activities.confirmFinal', { name: a.Name, status: t(`activityStatus.${to}`) }),
            confirmLabel: t(`activities.moveTo.${to}`),
            destructive: to === 5,
          }
        : null,
      action: () => setActivityStatus(a.ID, to, a.version, scopeId),
      success: t('activities.statusChanged', { status: t(`activityStatus.${to}`) }),
      reload: list.changed,
      // The row the server answered goes in place; a list filtered by status is read again (the row may leave it).
      done: (updated) => (filters.activityStatus === -1 ? list.replace(updated) : list.changed()),
    });

  const archive = (a: ActivityView) =>
    run({
      confirm: {
        title: t('activities.confirmArchive.title'),
        message: t('activities.confirmArchive.message', { name: a.Name }),
        confirmLabel: t('accounts.actions.archive'),
        destructive: true,
      },
      action: () => deleteActivity(a.ID, scopeId),
      success: t('activities.archived'),
      failure: t('snackbar.deleteFailed'),
      reload: list.changed,
    });

  const restore = (a: ActivityView) =>
    run({ action: () => restoreActivity(a.ID, scopeId), success: t('activities.restored'), reload: list.changed });

  return (
    <Paper sx={{ p: 2 }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="body2" color="text.secondary" data-testid="activities-summary">
          {list.loading
            ? '\u00a0'
            : t('activities.summary', {
                n: formatNumber(visible.length, locale, { decimals: 0 }),
                budget: currency ? formatCurrency(total, currency, locale) : formatNumber(total, locale),
              })}
        </Typography>
        {canEdit && !filters.archived && (
          <Button
            variant="contained"
            startIcon={<Add />}
            data-testid="create-activity"
            onClick={() => setEditing(emptyActivityForm(accountId, subAccountId))}
          >
            {t('activities.actions.create')}
          </Button>
        )}
      </Stack>
      <ActivitiesFilters
        value={filters}
        showArchiveToggle={canEdit}
        onChange={(v) => {
          setFilters(v);
          setPage(0);
        }}
      />
      <LoadError error={list.error} onReload={list.reload} />
      <Box sx={{ height: 4 }}>{list.loadingMore && <LinearProgress aria-label={t('common.loading')} />}</Box>
      <ActivitiesTable
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
        currency={currency}
        showSubAccount={subAccountId === null}
        linkTo={(a) => `/accounts/${a.AccountId}/activities/${a.ID}/mediaMix/list`}
        canEdit={canEdit}
        scopeId={scopeId}
        onEdit={(a) => setEditing(formFromActivity(a))}
        onStatus={changeStatus}
        onArchive={archive}
        onRestore={restore}
        pacing={pacing}
      />
      {editing && (
        <Suspense fallback={null}>
          <ActivityDialog
            initial={editing}
            currency={currency}
            onSave={save}
            onClose={() => setEditing(null)}
            mainAccountName={subAccountId === null ? (main.data?.Name ?? `#${accountId}`) : null}
          />
        </Suspense>
      )}
    </Paper>
  );
}
