import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_TIME_ZONE } from '@server/shared/calendar';
import { LoadError } from '../../../components/ui/load-error';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import {
  companyConfigurationQuery,
  deleteSchedule,
  SCHEDULE_READS,
  schedulesQuery,
  type ReportScheduleView,
} from '../api/schedules-api';
import { formFromSchedule, type ScheduleForm } from './schedule-form';
import { SchedulesTable } from './schedules-table';

const ScheduleDialog = lazy(() => import('./schedule-dialog').then((m) => ({ default: m.ScheduleDialog })));

/**
 * /performance/schedules (OperationalReports): the company's scheduled reports — name,
 * when they are sent (in words), the relative period, the next run in the company's time zone and
 * the last send's outcome; edit (the Reports screen's dialog), delete (confirmed; archives), and
 * each schedule's send log. New schedules are made from the Reports screen ("Schedule").
 */
export function SchedulesScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { show } = useSnackbar();
  const run = useConfirmedAction();
  const list = useQuery(schedulesQuery());
  const config = useQuery(companyConfigurationQuery());
  const timeZone = config.data?.TimeZone ?? DEFAULT_TIME_ZONE;
  const [editing, setEditing] = useState<ScheduleForm | null>(null);
  const rows = list.data?.Items ?? [];
  const reload = () => {
    for (const queryKey of SCHEDULE_READS) void qc.invalidateQueries({ queryKey });
  };

  const remove = (s: ReportScheduleView) =>
    run({
      confirm: {
        title: t('reports.schedules.confirmDelete.title'),
        message: t('reports.schedules.confirmDelete.message', { name: s.Name }),
        confirmLabel: t('reports.schedules.delete'),
        destructive: true,
      },
      action: () => deleteSchedule(s),
      success: t('snackbar.deleted'),
      failure: t('snackbar.deleteFailed'),
      reload,
    });

  return (
    <Paper sx={{ p: 2 }}>
      <Stack
        direction="row"
        sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('reports.schedules.intro', { zone: timeZone })}
        </Typography>
        <Button component={RouterLink} to="/performance/list" size="small" data-testid="schedules-reports-link">
          {t('reports.schedules.toReports')}
        </Button>
      </Stack>
      <LoadError error={list.error} onReload={() => void list.refetch()} />
      <SchedulesTable
        rows={rows}
        loading={list.isPending}
        empty={list.isSuccess && rows.length === 0}
        timeZone={timeZone}
        onEdit={(x) => setEditing(formFromSchedule(x))}
        onDelete={(x) => void remove(x)}
      />
      {rows.length > 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('reports.schedules.newHint')}{' '}
          <Link component={RouterLink} to="/performance/list">
            {t('reports.schedules.toReports')}
          </Link>
        </Alert>
      )}
      {editing && (
        <Suspense fallback={null}>
          <ScheduleDialog
            initial={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              show({ message: t('reports.schedule.saved') });
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}
