import Sync from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { useSession } from '../../../lib/auth';
import { ACCESS, isAllowed } from '../../../lib/authorization';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate, numberFormat } from '../../../lib/format';
import type { ConnectorHealth } from '../api/monitoring-api';
import { monitoringQueries, useRetrySync } from '../api/monitoring-queries';
import { Freshness } from './freshness';
import { SyncStatus } from './sync-status';

/** Retry = the connection's Sync now (GeneralSettings); a CSV upload connection is imported from files, never synced. */
function RetryButton({ connector }: { connector: ConnectorHealth }) {
  const { t } = useTranslation();
  const run = useConfirmedAction();
  const retry = useRetrySync();
  const allowed = isAllowed(useSession()?.profile, ACCESS.generalSettings);
  if (!allowed || connector.ConnectorType === 'csv_upload' || !connector.ExternalAccounts.length) return null;
  const click = () =>
    run({
      action: () => retry.mutateAsync(connector.AgentConnectorId),
      success: (r) =>
        r.Jobs === 1 ? t('monitoring.retry.startedOne') : t('monitoring.retry.started', { count: r.Jobs }),
      failure: t('monitoring.retry.failed'),
    });
  return (
    <Button
      size="small"
      startIcon={<Sync fontSize="small" />}
      onClick={click}
      disabled={retry.isPending}
      data-testid="retry-sync"
      aria-label={`${t('monitoring.retry.action')} ${connector.Name}`}
    >
      {t('monitoring.retry.action')}
    </Button>
  );
}

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
            <Fragment key={c.AgentConnectorId}>
              <TableRow data-testid="connector-row" data-id={c.AgentConnectorId} sx={{ bgcolor: 'action.hover' }}>
                <TableCell>
                  <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                    {c.Name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t(`monitoring.types.${c.ConnectorType}`)}
                  </Typography>
                </TableCell>
                <TableCell>
                  <SyncStatus status={c.Status} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(c.LastSyncAt)}</TableCell>
                <TableCell>
                  <Freshness hours={c.FreshnessHours} />
                </TableCell>
                <TableCell />
                <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }} data-testid="connector-error">
                  {c.LastError}
                </TableCell>
                <TableCell align="right">
                  <RetryButton connector={c} />
                </TableCell>
              </TableRow>
              {c.ExternalAccounts.map((e) => (
                <TableRow key={e.ExternalAccountId} data-testid="ad-account-row">
                  <TableCell sx={{ paddingInlineStart: 4 }}>
                    <bdi dir="ltr">{e.ExternalAccountId}</bdi>
                    {e.Name && (
                      <>
                        {' '}
                        — <bdi>{e.Name}</bdi>
                      </>
                    )}
                    <Typography variant="caption" color="text.secondary" component="div">
                      <bdi>{e.AccountName}</bdi>
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <SyncStatus status={e.Status} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(e.LastSyncAt)}</TableCell>
                  <TableCell>
                    <Freshness hours={e.FreshnessHours} />
                  </TableCell>
                  <TableCell align="right">{e.RowsLastRun === null ? '—' : num.format(e.RowsLastRun)}</TableCell>
                  <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }} data-testid="ad-account-error">
                    {e.LastError}
                  </TableCell>
                  <TableCell />
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>

      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {t('monitoring.health.missing', { days: q.data?.NoDataDays ?? 7 })}
      </Typography>
      <Table
        size="small"
        aria-label={t('monitoring.health.missing', { days: q.data?.NoDataDays ?? 7 })}
        data-testid="missing-grid"
      >
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
            loading={q.isPending}
            empty={!q.isPending && !q.error && missing.length === 0}
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
    </Box>
  );
}
