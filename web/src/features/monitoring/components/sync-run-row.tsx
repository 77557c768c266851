import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate, numberFormat } from '../../../lib/format';
import type { SyncRunView } from '../api/monitoring-api';
import { SyncStatus } from './sync-status';

/** "42 s", "3 min 5 s" (null while it runs). */
function useDuration() {
  const { t } = useTranslation();
  return (seconds: number | null) => {
    if (seconds === null) return '—';
    const m = Math.floor(seconds / 60);
    const s = seconds % 60;
    return m ? t('monitoring.duration.minutes', { m, s }) : t('monitoring.duration.seconds', { s });
  };
}

/** A sync run: when, which connection and ad account, outcome, duration, days, rows read and written, error. */
export function SyncRunRow({ r }: { r: SyncRunView }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const duration = useDuration();
  const num = numberFormat(locale, {});
  return (
    <TableRow data-testid="run-row">
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.StartedAt, locale, true)}</TableCell>
      <TableCell>
        {r.AgentConnectorName || '—'}
        <Box component="div" sx={{ typography: 'caption', color: 'text.secondary' }}>
          {t(`monitoring.types.${r.ConnectorType}`)}
        </Box>
      </TableCell>
      <TableCell>
        <bdi dir="ltr">{r.ExternalAccountId}</bdi>
      </TableCell>
      <TableCell>
        <SyncStatus status={r.Status} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="run-duration">
        {duration(r.DurationSeconds)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <bdi>
          {formatDate(r.From, locale)} – {formatDate(r.To, locale)}
        </bdi>
      </TableCell>
      <TableCell align="right">{num.format(r.RowsRead)}</TableCell>
      <TableCell align="right">{num.format(r.RowsWritten)}</TableCell>
      <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }} data-testid="run-error">
        {r.Error}
      </TableCell>
    </TableRow>
  );
}
