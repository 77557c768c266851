import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate, formatPercent } from '../../../lib/format';
import {
  managerDashboardQuery,
  performanceUrl,
  reportUrl,
  type DashboardActivity,
  type DashboardPeriod,
  type ManagerDashboard,
} from '../api/dashboard-api';
import { Money, PacingChip, Tile } from './dashboard-parts';
import { MarginAccountChooser, MarginTile, useMarginAccount, useMaySeeMargin } from './margin-tile';

// MUI X Charts load with the charts only (this screen's own chunk), never with the shell.
const SpendCharts = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.SpendCharts })));
/** The money tiles: planned against actual to date, the projected spend, the fees earned. */
function SpendTiles({
  r,
  report,
  noDay,
}: {
  r: ManagerDashboard;
  report: (more: Record<string, string>) => string;
  noDay: ReactNode;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const link = t('dashboard.tiles.explain');
  const none = r.CompleteDays === 0 ? noDay : null;
  return (
    <>
      <Tile
        id="spend"
        title={t('dashboard.tiles.plannedVsActual')}
        to={report({ groupBy: 'activity' })}
        linkLabel={link}
        hint={
          <>
            {t('dashboard.tiles.plannedToDate', { date: formatDate(r.AsOf, locale) })} ·{' '}
            {t('dashboard.tiles.withToday')}: <Money value={r.ActualSpend} code={r.Currency} />
          </>
        }
      >
        {none ?? (
          <>
            <Money value={r.ActualToDate} code={r.Currency} /> / <Money value={r.PlannedToDate} code={r.Currency} />
          </>
        )}
      </Tile>
      <Tile
        id="projected"
        title={t('dashboard.tiles.projected')}
        to={report({ groupBy: 'day' })}
        linkLabel={link}
        hint={
          r.ProjectedTo ? t('dashboard.tiles.projectedHint', { date: formatDate(r.ProjectedTo, locale) }) : undefined
        }
      >
        {r.ProjectedSpend === null ? noDay : <Money value={r.ProjectedSpend} code={r.Currency} />}
      </Tile>
      <Tile
        id="fees"
        title={t('dashboard.tiles.fees')}
        to={report({ groupBy: 'account' })}
        linkLabel={link}
        hint={
          <>
            {t('dashboard.tiles.managementFees')}: <Money value={r.ManagementFees} code={r.Currency} /> ·{' '}
            {t('dashboard.tiles.systemFees')}: <Money value={r.SystemFees} code={r.Currency} />
          </>
        }
      >
        <Money value={r.FeesEarned} code={r.Currency} />
      </Tile>
    </>
  );
}

function Tiles({ r, period }: { r: ManagerDashboard; period: DashboardPeriod }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const report = (more: Record<string, string>) => reportUrl({ period, ...more });
  const link = t('dashboard.tiles.explain');
  const pct = (v: number) => <bdi dir="ltr">{formatPercent(v, locale)}</bdi>;
  const health = r.DataHealth;
  // The period has no complete day yet (the 1st of this month): nothing to compare or pace yet.
  const noDay = <span data-testid="no-complete-day">{t('dashboard.tiles.noCompleteDay')}</span>;
  const none = r.CompleteDays === 0 ? noDay : null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 3 }}>
      <SpendTiles r={r} report={report} noDay={noDay} />
      <Tile
        id="live"
        title={t('dashboard.tiles.live')}
        to={reportUrl({ period: '3', groupBy: 'activity' })}
        linkLabel={link}
      >
        <bdi dir="ltr">{r.LiveActivities}</bdi>
      </Tile>
      <Tile
        id="pace"
        title={t('dashboard.tiles.paceShare')}
        to={report({ groupBy: 'activity', sort: 'Spend:desc' })}
        linkLabel={link}
        hint={
          none ? undefined : (
            <>
              {t('dashboard.status.under')} {pct(r.PaceShare.UnderPct)} · {t('dashboard.status.over')}{' '}
              {pct(r.PaceShare.OverPct)} · {t('dashboard.status.none')} {pct(r.PaceShare.NotPacedPct)}
            </>
          )
        }
      >
        {none ?? (
          <>
            {pct(r.PaceShare.OnPacePct)} {t('dashboard.status.on_pace')}
          </>
        )}
      </Tile>
      <Tile
        id="health"
        title={t('dashboard.tiles.dataHealth')}
        to="/systemMonitoring"
        linkLabel={t('dashboard.tiles.openMonitoring')}
        hint={t('dashboard.tiles.healthHint', { stale: health.Stale, error: health.Error })}
      >
        {t('dashboard.tiles.healthOk', { ok: health.Ok, total: health.Ok + health.Stale + health.Error })}
      </Tile>
    </Stack>
  );
}

/**
 * The two lists sit side by side only where each card is wide enough for its five columns (~550 px of
 * table in English and Hebrew): at 1440 px with the menu open they stack rather than hide the budget
 * column behind a sideways scroll.
 */
function TopList({ title, rows, testId }: { title: string; rows: DashboardActivity[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 600px', minWidth: 0 }} data-testid={testId}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('dashboard.top.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" data-testid={`${testId}-table`}>
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboard.top.activity')}</TableCell>
                <TableCell>{t('dashboard.top.account')}</TableCell>
                <TableCell>{t('dashboard.top.pacing')}</TableCell>
                <TableCell align="right">{t('dashboard.top.projected')}</TableCell>
                <TableCell align="right">{t('dashboard.top.budget')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((a) => (
                <TableRow key={a.ActivityId} data-testid="top-activity">
                  <TableCell>
                    <Link component={RouterLink} to={performanceUrl(a)}>
                      {a.ActivityName}
                    </Link>
                  </TableCell>
                  <TableCell>{a.AccountName}</TableCell>
                  <TableCell>
                    <PacingChip a={a} />
                  </TableCell>
                  <TableCell align="right">
                    <Money value={a.ProjectedEndSpend} code={a.CurrencyCode} />
                  </TableCell>
                  <TableCell align="right">
                    <Money value={a.PlannedBudget} code={a.CurrencyCode} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

/**
 * The manager dashboard: the period's tiles, each linking to the report (or the
 * monitoring screen) that explains it; the top 10 over- and under-pacing activities; spend by
 * channel group and by account (charts, each with its table).
 */
export function ManagerDashboardScreen({
  period,
  onPeriod,
}: {
  period: DashboardPeriod;
  onPeriod: (p: DashboardPeriod) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const q = useQuery(managerDashboardQuery(period));
  const r = q.data;
  const mayMargin = useMaySeeMargin();
  const [marginAccount] = useMarginAccount();
  return (
    <Box data-testid="manager-dashboard">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          onChange={(_, v: DashboardPeriod | null) => v && onPeriod(v)}
          aria-label={t('dashboard.period.label')}
        >
          <ToggleButton value="3" data-testid="period-3">
            {t('dashboard.period.thisMonth')}
          </ToggleButton>
          <ToggleButton value="4" data-testid="period-4">
            {t('dashboard.period.lastMonth')}
          </ToggleButton>
        </ToggleButtonGroup>
        {r && (
          <Typography variant="body2" color="text.secondary" data-testid="dashboard-range">
            {t('dashboard.range', {
              from: formatDate(r.From, locale),
              to: formatDate(r.To, locale),
              currency: r.Currency,
            })}
          </Typography>
        )}
        {mayMargin && <MarginAccountChooser />}
      </Stack>
      {mayMargin && marginAccount !== undefined && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
          <MarginTile accountId={marginAccount} />
        </Stack>
      )}
      {q.error ? (
        <LoadError error={q.error} onReload={() => void q.refetch()} />
      ) : !r ? (
        <Loader />
      ) : (
        <>
          {r.Truncated && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="dashboard-truncated">
              {t('dashboard.truncated', { count: r.ActivitiesRead })}
            </Alert>
          )}
          <Tiles r={r} period={period} />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 3 }}>
            <TopList title={t('dashboard.top.over')} rows={r.TopOver} testId="top-over" />
            <TopList title={t('dashboard.top.under')} rows={r.TopUnder} testId="top-under" />
          </Stack>
          <Suspense fallback={<Typography color="text.secondary">{t('dashboard.charts.loading')}</Typography>}>
            <SpendCharts r={r} period={period} />
          </Suspense>
        </>
      )}
    </Box>
  );
}
