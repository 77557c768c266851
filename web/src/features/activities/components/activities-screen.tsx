import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { useMainAccount } from '../../../lib/account-context';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { ActivitiesFilters } from './activities-filters';
import { ActivitiesSummary, usePacing } from './activities-summary';
import { ActivitiesTable } from './activities-table';
import { emptyActivityForm, formFromActivity, type ActivityForm } from './activity-form';
import { useActivitiesView } from './use-activities-view';
import { useActivityWrites } from './use-activity-writes';
import { ProgressBar } from '../../../components/ui/progress-bar';

const ActivityDialog = lazy(() => import('./activity-dialog').then((m) => ({ default: m.ActivityDialog })));

/**
 * /accounts/{accountId}/activities/list (subAccountId null: the main account's flights and its
 * sub-accounts') and /accounts/{accountId}/subAccounts/{subAccountId}/activities/list. Every call
 * carries x-account-id of the page (the sub-account on its page).
 */
export function ActivitiesScreen({ accountId, subAccountId }: { accountId: number; subAccountId: number | null }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const scopeId = subAccountId ?? accountId;
  const main = useMainAccount(scopeId);
  const canEdit = !!main.data?.AccessPermissions.includes('edit');
  const currency = main.data?.Currency;
  const pacing = usePacing(scopeId);

  const [editing, setEditing] = useState<ActivityForm | null>(null);
  const { filters, changeFilters, list, visible, grid } = useActivitiesView(scopeId);

  const { save, changeStatus, archive, restore } = useActivityWrites(scopeId, list, filters.activityStatus, () =>
    setEditing(null),
  );

  return (
    <Paper sx={{ p: 2 }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}
      >
        <ActivitiesSummary loading={list.loading} visible={visible} currency={currency} />
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
      <ActivitiesFilters value={filters} showArchiveToggle={canEdit} onChange={changeFilters} />
      <LoadError error={list.error} onReload={list.reload} />
      <Box sx={{ height: 4 }}>{list.loadingMore && <ProgressBar label={t('common.loading')} />}</Box>
      <ActivitiesTable
        {...grid}
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
