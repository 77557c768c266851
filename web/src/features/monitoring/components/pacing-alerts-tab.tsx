import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
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
import { formatPercent, numberFormat } from '../../../lib/format';
import type { PacingAlert } from '../api/monitoring-api';
import { monitoringQueries } from '../api/monitoring-queries';

/** The activity performance page of an alert, with the way back to this tab. */
export const alertPerformanceUrl = (a: Pick<PacingAlert, 'AccountId' | 'ActivityId' | 'MediaMixId'>) =>
  `/accounts/${a.AccountId}/activities/${a.ActivityId}/mediaMix/${a.MediaMixId}/stats?from=monitoring&tab=alerts`;

const ALERT_COLOR = { under: 'warning', over: 'error' } as const;

/** The basis of an alert in words: days of data, provisional share, and what to be wary of. */
function basisText(a: PacingAlert, t: (key: string, o?: Record<string, unknown>) => string): string[] {
  const b = a.Pacing.Basis;
  return [
    t('monitoring.alerts.basis', { data: b.DaysOfData, elapsed: b.ElapsedDays, share: b.ProvisionalSharePct }),
    ...b.Notes.map((n) => t(`monitoring.alerts.notes.${n}`, { names: b.UnhealthyConnectors.join(', ') })),
  ];
}

/**
 * Pacing alerts: the under- and over-pacing live plans and lines the caller sees, plans
 * first, each with its pacing % in words and colour, the projection, the basis and a link to its
 * activity performance page.
 */
export function PacingAlertsTab() {
  const { t } = useTranslation();
  const q = useQuery(monitoringQueries.alerts());
  const items = q.data?.Alerts ?? [];
  return (
    <Box>
      {q.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="alerts-rules">
          {t('monitoring.alerts.rules', {
            low: q.data.PacingLow,
            high: q.data.PacingHigh,
            count: q.data.ActivitiesRead,
          })}
        </Typography>
      )}
      {q.data?.Truncated && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="alerts-truncated">
          {t('monitoring.alerts.truncated', { read: q.data.ActivitiesRead, live: q.data.LiveActivities })}
        </Alert>
      )}
      <LoadError error={q.error} onReload={() => void q.refetch()} />
      <Table size="small" aria-label={t('monitoring.tabs.alerts')} data-testid="alerts-grid">
        <TableHead>
          <TableRow>
            <TableCell>{t('monitoring.fields.activity')}</TableCell>
            <TableCell>{t('monitoring.alerts.line')}</TableCell>
            <TableCell>{t('monitoring.fields.account')}</TableCell>
            <TableCell>{t('monitoring.alerts.pacing')}</TableCell>
            <TableCell align="right">{t('monitoring.alerts.actualToDate')}</TableCell>
            <TableCell align="right">{t('monitoring.alerts.plannedToDate')}</TableCell>
            <TableCell align="right">{t('monitoring.alerts.projection')}</TableCell>
            <TableCell>{t('monitoring.alerts.basisTitle')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableStateRows
            colSpan={8}
            loading={q.isPending}
            empty={!q.isPending && !q.error && items.length === 0}
            emptyText={t('monitoring.alerts.empty')}
            emptyTestId="alerts-empty"
          />
          {items.map((a) => (
            <PacingAlertRow key={`${a.ActivityId}#${a.LineId ?? 'plan'}`} a={a} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** An alert: its activity (linking to its performance page), line or whole plan, account, pacing, spend to date, projection, basis. */
function PacingAlertRow({ a }: { a: PacingAlert }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const money = (a: PacingAlert, v: number) =>
    numberFormat(locale, {
      style: 'currency',
      currency: a.CurrencyCode,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(v);
  const alert = a.Pacing.Alert ?? 'under';
  return (
    <TableRow data-testid="alert-row">
      <TableCell>
        <Link component={RouterLink} to={alertPerformanceUrl(a)} data-testid="alert-link">
          <bdi>{a.ActivityName}</bdi>
        </Link>
      </TableCell>
      <TableCell>
        {a.LineName === null ? <em>{t('monitoring.alerts.wholePlan')}</em> : <bdi>{a.LineName}</bdi>}
      </TableCell>
      <TableCell>
        <bdi>{a.AccountName}</bdi>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={ALERT_COLOR[alert]}
          data-testid="alert-chip"
          data-status={alert}
          label={
            <>
              <bdi dir="ltr">{formatPercent(a.Pacing.PacingPct, locale)}</bdi> ·{' '}
              {t(`monitoring.alerts.status.${alert}`)}
            </>
          }
        />
      </TableCell>
      <TableCell align="right">
        <bdi dir="ltr">{money(a, a.Pacing.ActualToDate)}</bdi>
      </TableCell>
      <TableCell align="right">
        <bdi dir="ltr">{money(a, a.Pacing.PlannedToDate)}</bdi>
      </TableCell>
      <TableCell align="right" data-testid="alert-projection">
        <bdi dir="ltr">{money(a, a.Pacing.ProjectedEndSpend)}</bdi>
        <Typography component="div" variant="caption" color="text.secondary">
          {t('monitoring.alerts.ofBudget', { budget: money(a, a.Pacing.PlannedBudget) })}
        </Typography>
      </TableCell>
      <TableCell sx={{ maxWidth: 360 }} data-testid="alert-basis">
        {basisText(a, t).map((line) => (
          <Typography key={line} variant="caption" component="div">
            {line}
          </Typography>
        ))}
      </TableCell>
    </TableRow>
  );
}
