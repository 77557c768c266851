import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { Pill } from '../../../components/ui/pill';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import { scheduleLogQuery } from '../api/schedules-api';
import { instantText, SEND_STATUS_KEYS } from './schedule-form';

/** A calendar day (YYYY-MM-DD) in the UI's format, the same day everywhere. */
const dayText = (ymd: string, locale: string) => formatDate(ymd, locale);

/** One schedule's send log: each attempt, newest first (status, reason, recipients, period, attempt). */
export function SendLog({ scheduleId, timeZone }: { scheduleId: number; timeZone: string }) {
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
