import Sync from '@mui/icons-material/Sync';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { useSession } from '../../../lib/auth';
import { ACCESS, isAllowed } from '../../../lib/authorization';
import type { ConnectorHealth } from '../api/monitoring-api';
import { useRetrySync } from '../api/monitoring-queries';
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

/** A connection's row (shaded), then one row per linked ad account with its own status, freshness, rows and error. */
export function ConnectorHealthRows({
  c,
  when,
  num,
}: {
  c: ConnectorHealth;
  when: (iso: string | null) => string;
  num: Intl.NumberFormat;
}) {
  const { t } = useTranslation();
  return (
    <Fragment>
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
  );
}
