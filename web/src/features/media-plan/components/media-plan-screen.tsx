import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth';
import { isStaff } from '../../../lib/authorization';
import { formatCurrency, formatDate } from '../../../lib/format';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { createMix, initChannelTypes, type AccountChannelType } from '../api/media-plan-api';
import { planQueries } from '../api/plan-queries';
import { planAbilities } from '../model/abilities';
import { planColumnsOf } from '../model/plan-figures';
import { PlanEditor } from './plan-editor';
import { usePlanError } from './use-plan-error';
import { VersionsTable } from './versions-table';

const NO_TYPES: readonly AccountChannelType[] = [];

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
  const showError = usePlanError();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('version'));
  const askedId = Number.isInteger(asked) && asked > 0 ? asked : null;

  const qc = useQueryClient();
  const listQuery = useMemo(() => planQueries.list(accountId, activityId), [accountId, activityId]);
  const list = useQuery(listQuery);
  const activity = useQuery(planQueries.activity(accountId, activityId));
  const columns = useQuery(planQueries.columns(accountId));
  const typesQuery = useMemo(() => planQueries.channelTypes(accountId), [accountId]);
  const types = useQuery({ ...typesQuery, enabled: staff });
  const channelTypes = types.data?.Items ?? NO_TYPES;
  const planColumns = useMemo(() => planColumnsOf(columns.data?.Items ?? []), [columns.data]);
  const reloadList = () => void qc.invalidateQueries({ queryKey: listQuery.queryKey, exact: true });

  const versions = useMemo(() => list.data?.Items ?? [], [list.data]);
  const selectedId = askedId ?? versions[0]?.ID ?? null;

  const select = useCallback(
    (id: number) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('version', String(id));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const typesKey = typesQuery.queryKey;
  const ensureChannelTypes = useCallback(async () => {
    if (channelTypes.length > 0) return channelTypes;
    const { Added: _added, ...made } = await initChannelTypes(accountId);
    qc.setQueryData(typesKey, made);
    return made.Items;
  }, [channelTypes, accountId, qc, typesKey]);

  const [creating, setCreating] = useState(false);
  const can = planAbilities(session?.profile, null, versions);
  const createPlan = async () => {
    setCreating(true);
    try {
      const name = activity.data?.Name
        ? t('mediaPlan.defaultName', { activity: activity.data.Name })
        : t('titles.mediaPlan');
      const mix = await createMix(accountId, activityId, name.slice(0, 200));
      await qc.invalidateQueries({ queryKey: listQuery.queryKey, exact: true });
      select(mix.ID);
    } catch (err) {
      showError(err, { reload: reloadList });
    } finally {
      setCreating(false);
    }
  };

  const hrefOf = (id: number) => `?version=${id}`;
  const a = activity.data;
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h5" component="h1" data-testid="activity-name">
            {a?.Name ?? t('titles.mediaPlan')}
          </Typography>
          {a && (
            <Typography variant="body2" color="text.secondary">
              {t('mediaPlan.activityLine', {
                from: formatDate(a.StartDate, locale),
                to: formatDate(a.EndDate, locale),
                budget: formatCurrency(a.Budget, list.data?.Items[0]?.Currency ?? 2, locale),
              })}
            </Typography>
          )}
        </Stack>
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
        {list.isPending && <LinearProgress aria-label={t('common.loading')} />}
        {list.data && versions.length === 0 && (
          <Box sx={{ py: 2, textAlign: 'center' }} data-testid="no-plan">
            <Typography color="text.secondary" sx={{ mb: can.createPlan ? 2 : 0 }}>
              {t(staff ? 'mediaPlan.noPlan' : 'mediaPlan.noApprovedPlan')}
            </Typography>
            {can.createPlan && (
              <Button
                variant="contained"
                startIcon={<Add />}
                onClick={createPlan}
                disabled={creating}
                data-testid="create-plan"
              >
                {t('mediaPlan.actions.createPlan')}
              </Button>
            )}
          </Box>
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
            mixId={selectedId}
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
