import Delete from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import History from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_TIME_ZONE } from '@server/shared/calendar';
import { LoadError } from '../../../components/ui/load-error';
import { Pill } from '../../../components/ui/pill';
import { useSnackbar } from '../../../components/ui/snackbar';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import {
  companyConfigurationQuery,
  deleteSchedule,
  SCHEDULE_READS,
  scheduleLogQuery,
  schedulesQuery,
  type ReportScheduleView,
} from '../api/schedules-api';
import {
  formFromSchedule,
  frequencyText,
  instantText,
  OUTSIDE_STATE_KEYS,
  PERIOD_KEYS,
  SEND_STATUS_KEYS,
  type ScheduleForm,
} from './schedule-form';

const ScheduleDialog = lazy(() => import('./schedule-dialog').then((m) => ({ default: m.ScheduleDialog })));

/** A calendar day (YYYY-MM-DD) in the UI's format, the same day everywhere. */
const dayText = (ymd: string, locale: string) => formatDate(ymd, locale);

/** One schedule's send log: each attempt, newest first (status, reason, recipients, period, attempt). */
function SendLog({ scheduleId, timeZone }: { scheduleId: number; timeZone: string }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const log = useQuery(scheduleLogQuery(scheduleId));
  const rows = log.data?.Items ?? [];
  return (
    <Box sx={{ py: 1 }} data-testid="schedule-send-log">
      <LoadError error={log.error} onReload={() => void log.refetch()} />
      <Table size="small" aria-label={t('reports.schedules.log')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('reports.schedules.columns.at')}</TableCell>
            <TableCell>{t('reports.schedules.columns.status')}</TableCell>
            <TableCell>{t('reports.schedules.columns.reason')}</TableCell>
            <TableCell align="right">{t('reports.schedules.columns.recipients')}</TableCell>
            <TableCell>{t('reports.schedules.columns.period')}</TableCell>
            <TableCell align="right">{t('reports.schedules.columns.attempt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={6}
            loading={log.isPending}
            empty={log.isSuccess && rows.length === 0}
            emptyText={t('reports.schedules.noSends')}
            emptyTestId="schedule-send-empty"
          />
          {rows.map((s, i) => (
            <TableRow key={`${s.At}-${i}`} data-testid="schedule-send-row" data-status={s.Status}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <bdi>{instantText(s.At, timeZone, locale)}</bdi>
              </TableCell>
              <TableCell data-column="status">
                <Pill
                  label={t(SEND_STATUS_KEYS[s.Status])}
                  color={s.Status === 'failed' ? 'error' : s.Status === 'sent' ? 'primary' : 'default'}
                />
              </TableCell>
              <TableCell data-column="reason">{s.Reason ?? '—'}</TableCell>
              <TableCell align="right">{s.Recipients}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} data-column="period">
                <bdi>
                  {t('reports.period', { from: dayText(s.PeriodFrom, locale), to: dayText(s.PeriodTo, locale) })}
                </bdi>
              </TableCell>
              <TableCell align="right">{s.Attempt}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * /performance/schedules (OperationalReports): the company's scheduled reports — name,
 * when they are sent (in words), the relative period, the next run in the company's time zone and
 * the last send's outcome; edit (the Reports screen's dialog), delete (confirmed; archives), and
 * each schedule's send log. New schedules are made from the Reports screen ("Schedule").
 */
export function SchedulesScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const qc = useQueryClient();
  const { show } = useSnackbar();
  const run = useConfirmedAction();
  const list = useQuery(schedulesQuery());
  const config = useQuery(companyConfigurationQuery());
  const timeZone = config.data?.TimeZone ?? DEFAULT_TIME_ZONE;
  const [editing, setEditing] = useState<ScheduleForm | null>(null);
  const [open, setOpen] = useState<number | null>(null);
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
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('titles.reportSchedules')} data-testid="report-schedules">
          <TableHead>
            <TableRow>
              <TableCell>{t('reports.schedules.columns.name')}</TableCell>
              <TableCell>{t('reports.schedules.columns.when')}</TableCell>
              <TableCell>{t('reports.schedules.columns.period')}</TableCell>
              <TableCell align="right">{t('reports.schedules.columns.recipients')}</TableCell>
              <TableCell>{t('reports.schedules.columns.nextRun')}</TableCell>
              <TableCell>{t('reports.schedules.columns.lastSend')}</TableCell>
              <TableCell align="right">{t('reports.schedules.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows
              colSpan={7}
              loading={list.isPending}
              empty={list.isSuccess && rows.length === 0}
              emptyText={t('reports.schedules.empty')}
              emptyTestId="report-schedules-empty"
            />
            {rows.map((s) => (
              <Fragment key={s.Id}>
                <TableRow data-testid="report-schedule-row" data-id={s.Id} data-name={s.Name}>
                  <TableCell component="th" scope="row" data-column="name">
                    {s.Name}
                    {!s.Active && (
                      <Box component="span" sx={{ ms: 1 }}>
                        <Pill label={t('reports.schedules.paused')} data-testid="schedule-paused" />
                      </Box>
                    )}
                  </TableCell>
                  <TableCell data-column="when">{frequencyText(s, t, locale)}</TableCell>
                  <TableCell data-column="period">{t(PERIOD_KEYS[s.Period])}</TableCell>
                  <TableCell align="right" title={s.Recipients.join(', ')} data-column="recipients">
                    {s.Recipients.length}
                    {s.OutsideRecipients.map((o) => (
                      <Box
                        key={o.Address}
                        data-testid="schedule-outside-recipient"
                        data-state={o.State}
                        sx={{
                          fontSize: 'caption.fontSize',
                          color: o.State === 'pending' ? 'warning.main' : 'text.secondary',
                        }}
                      >
                        {t('reports.schedules.outsideState', {
                          address: o.Address,
                          state: t(OUTSIDE_STATE_KEYS[o.State]),
                        })}
                      </Box>
                    ))}
                  </TableCell>
                  <TableCell data-column="nextRun" sx={{ whiteSpace: 'nowrap' }}>
                    <bdi>{instantText(s.NextRunAt, timeZone, locale)}</bdi>
                  </TableCell>
                  <TableCell data-column="lastSend" data-status={s.LastSend?.Status ?? 'none'}>
                    {s.LastSend ? (
                      <>
                        <Pill
                          label={t(SEND_STATUS_KEYS[s.LastSend.Status])}
                          color={s.LastSend.Status === 'failed' ? 'error' : 'primary'}
                        />{' '}
                        <bdi>{instantText(s.LastSend.At, timeZone, locale)}</bdi>
                      </>
                    ) : (
                      t('reports.schedules.neverSent')
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      size="small"
                      title={t('reports.schedules.showLog')}
                      aria-label={t('reports.schedules.showLog')}
                      aria-expanded={open === s.Id}
                      onClick={() => setOpen(open === s.Id ? null : s.Id)}
                      data-testid="schedule-log-toggle"
                    >
                      <History fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      title={t('reports.schedules.edit')}
                      aria-label={t('reports.schedules.edit')}
                      onClick={() => setEditing(formFromSchedule(s))}
                      data-testid="schedule-edit"
                    >
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      title={t('reports.schedules.delete')}
                      aria-label={t('reports.schedules.delete')}
                      onClick={() => void remove(s)}
                      data-testid="schedule-delete"
                    >
                      <Delete fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
                {open === s.Id && (
                  <TableRow>
                    <TableCell colSpan={7} sx={{ bgcolor: 'action.hover' }}>
                      <SendLog scheduleId={s.Id} timeZone={timeZone} />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
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
