import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate, numberFormat } from '../../../lib/format';
import type { MissingDataRow } from '../api/monitoring-api';
import { monitoringQueries } from '../api/monitoring-queries';
import { ConnectorHealthRows } from './connector-health-rows';

/**
 * Data health: each connection with its linked ad accounts (status, last sync, freshness in hours,
 * rows of the last run, the last error as the sync recorded it), Retry on a connection; then the live
 * activities with no actuals from a platform their account is linked to.
 */
export function DataHealthTab() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const q = useQuery(monitoringQueries.health());
  const reload = () => void q.refetch();
  const connectors = q.data?.Connectors ?? [];
  const missing = q.data?.MissingData ?? [];
  const num = numberFormat(locale, {});
  const when = (iso: string | null) => (iso ? formatDate(iso, locale, true) : '—');
  return (
    <Box>
      <LoadError error={q.error} onReload={reload} />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('monitoring.health.connections')}
      </Typography>
      <Table size="small" aria-label={t('monitoring.health.connections')} data-testid="health-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('monitoring.fields.connection')}</TableCell>
            <TableCell>{t('monitoring.fields.status')}</TableCell>
            <TableCell>{t('monitoring.fields.lastSync')}</TableCell>
            <TableCell>{t('monitoring.fields.freshness')}</TableCell>
            <TableCell align="right">{t('monitoring.fields.rowsLastRun')}</TableCell>
            <TableCell>{t('monitoring.fields.lastError')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={7}
            loading={q.isPending}
            empty={!q.isPending && !q.error && connectors.length === 0}
            emptyText={t('monitoring.health.empty')}
            emptyTestId="health-empty"
          />
          {connectors.map((c) => (
            <ConnectorHealthRows key={c.AgentConnectorId} c={c} when={when} num={num} />
          ))}
        </TableBody>
      </Table>
      <MissingDataTable
        missing={missing}
        days={q.data?.NoDataDays ?? 7}
        loading={q.isPending}
        empty={!q.isPending && !q.error && missing.length === 0}
      />
    </Box>
  );
}

/** The live activities with no actuals from a platform their account is linked to, each linking to its account's activities. */
function MissingDataTable({
  missing,
  days,
  loading,
  empty,
}: {
  missing: MissingDataRow[];
  days: number;
  loading: boolean;
  empty: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {t('monitoring.health.missing', { days })}
      </Typography>
      <Table size="small" aria-label={t('monitoring.health.missing', { days })} data-testid="missing-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('monitoring.fields.activity')}</TableCell>
            <TableCell>{t('monitoring.fields.account')}</TableCell>
            <TableCell>{t('monitoring.fields.platform')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={3}
            loading={loading}
            empty={empty}
            emptyText={t('monitoring.health.noneMissing')}
            emptyTestId="missing-empty"
          />
          {missing.map((m) => (
            <TableRow key={`${m.ActivityId}#${m.ConnectorType ?? ''}`} data-testid="missing-row">
              <TableCell>
                <RouterLink to={`/accounts/${m.AccountId}/activities/list`}>
                  <bdi>{m.ActivityName}</bdi>
                </RouterLink>
              </TableCell>
              <TableCell>
                <bdi>{m.AccountName}</bdi>
              </TableCell>
              <TableCell>
                {m.ConnectorType ? t(`monitoring.types.${m.ConnectorType}`) : t('monitoring.health.noPlatform')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
