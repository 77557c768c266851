import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth';
import { isStaff } from '../../../lib/authorization';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { planQueries } from '../api/plan-queries';
import { planAbilities } from '../model/abilities';
import { planColumnsOf } from '../model/plan-figures';
import { ActivityHeading, NoPlan } from './media-plan-heading';
import { PlanEditor } from './plan-editor';
import { useCreatePlan } from './use-create-plan';
import { usePlanChannelTypes } from './use-plan-channel-types';
import { useVersionParam } from './use-version-param';
import { VersionsTable } from './versions-table';
import { ProgressBar } from '../../../components/ui/progress-bar';

/**
 * /accounts/{accountId}/activities/{activityId}/mediaMix/list: the versions of the activity's media
 * plan and, below, the plan editor of the selected version (`?version=<mediaMixId>`; default: the
 * newest version the user may see). Everything the editor needs is asked for in parallel, through
 * the plan's queries (api/plan-queries.ts), whose cache the editor's writes keep up to date.
 */
export function MediaPlanScreen({ accountId, activityId }: { accountId: number; activityId: number }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const session = useSession();
  const staff = isStaff(session?.profile);
  const { askedId, select } = useVersionParam();

  const qc = useQueryClient();
  const listQuery = useMemo(() => planQueries.list(accountId, activityId), [accountId, activityId]);
  const list = useQuery(listQuery);
  const activity = useQuery(planQueries.activity(accountId, activityId));
  const columns = useQuery(planQueries.columns(accountId));
  const { channelTypes, ensureChannelTypes } = usePlanChannelTypes(accountId, staff);
  const planColumns = useMemo(() => planColumnsOf(columns.data?.Items ?? []), [columns.data]);
  const reloadList = () => void qc.invalidateQueries({ queryKey: listQuery.queryKey, exact: true });

  const versions = useMemo(() => list.data?.Items ?? [], [list.data]);
  const selectedId = askedId ?? versions[0]?.ID ?? null;

  const can = planAbilities(session?.profile, null, versions);
  const { creating, createPlan } = useCreatePlan(accountId, activityId, activity.data?.Name, select, reloadList);

  const hrefOf = (id: number) => `?version=${id}`;
  const a = activity.data;
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }} data-frame-blank="">
        <ActivityHeading a={a} currency={list.data?.Items[0]?.Currency ?? 2} locale={locale} />
        {list.error != null && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={reloadList}>
                {t('common.reload')}
              </Button>
            }
          >
            {(list.error as Error).message || t('errors.loadFailed')}
          </Alert>
        )}
        {list.isPending && <ProgressBar label={t('common.loading')} />}
        {list.data && versions.length === 0 && (
          <NoPlan staff={staff} canCreate={can.createPlan} creating={creating} onCreate={createPlan} />
        )}
        {versions.length > 0 && (
          <VersionsTable items={versions} selectedId={selectedId} hrefOf={hrefOf} locale={locale} />
        )}
      </Paper>
      {selectedId !== null && (
        <Paper sx={{ p: 2 }}>
          <PlanEditor
            key={selectedId}
            scope={accountId}
            versionId={selectedId}
            versions={versions}
            activity={a}
            channelTypes={channelTypes}
            ensureChannelTypes={ensureChannelTypes}
            columns={planColumns}
            locale={locale}
            onSelect={select}
          />
        </Paper>
      )}
    </Stack>
  );
}
