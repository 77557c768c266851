import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatCurrency, formatDate, formatDayRanges, formatPercent } from '../../../lib/format';
import { activityPerformanceQuery, type ActivityPerformance, type PerformanceAddress } from '../api/performance-api';
import { CustomColumnsTable, KpisTable } from './kpi-tables';
import { LinesTable } from './lines-table';
import { Money, PacingChip } from './pacing-chip';
import { loadPerformanceCharts } from './charts-chunk';

const PerformanceCharts = lazy(() => loadPerformanceCharts().then((m) => ({ default: m.PerformanceCharts })));

function Tile({
  title,
  children,
  hint,
  testId,
}: {
  title: string;
  children: ReactNode;
  hint?: ReactNode;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 180px', minWidth: 180 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {title}
      </Typography>
      <Typography variant="h5" component="div" sx={{ my: 0.5 }} data-testid={`${testId}-value`}>
        {children}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="div">
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

function Tiles({ r }: { r: ActivityPerformance }) {
  const { t } = useTranslation();
  const p = r.Pacing;
  const cur = r.Currency;
  const fxHint =
    r.Fx.Gap === 'NO_PLAN_RATE'
      ? t('performance.tiles.fxNoPlanRate')
      : r.Fx.Gap === 'CURRENCY_NOT_IN_PLAN_RATE'
        ? t('performance.tiles.fxNotInRate')
        : r.Fx.ForeignCurrencies.length
          ? t('performance.tiles.fxHint', { currencies: r.Fx.ForeignCurrencies.join(', ') })
          : t('performance.tiles.fxNone');
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }} data-testid="performance-tiles">
      <Tile title={t('performance.tiles.planned')} testId="tile-planned">
        <Money value={p.PlannedBudget} currency={cur} />
      </Tile>
      <Tile
        title={t('performance.tiles.actual')}
        testId="tile-actual"
        hint={t('performance.tiles.plannedToDate', { amount: formatCurrency(p.PlannedToDate, cur) })}
      >
        <Money value={p.ActualToDate} currency={cur} />
      </Tile>
      <Tile title={t('performance.tiles.pacing')} testId="tile-pacing" hint={t(`performance.phase.${p.Phase}`)}>
        <PacingChip pacing={p} size="medium" />
      </Tile>
      <Tile
        title={t('performance.tiles.projected')}
        testId="tile-projected"
        hint={t('performance.tiles.projectedHint', { days: p.DaysLeft })}
      >
        <Money value={p.ProjectedEndSpend} currency={cur} />
      </Tile>
      <Tile
        title={t('performance.tiles.dailyNeeded')}
        testId="tile-daily-needed"
        hint={
          p.DailySpendNeeded === null
            ? undefined
            : t('performance.tiles.dailyNeededHint', { amount: formatCurrency(p.AmountLeft, cur), days: p.DaysLeft })
        }
      >
        {p.DailySpendNeeded === null ? (
          t('performance.tiles.ended')
        ) : (
          <Money value={p.DailySpendNeeded} currency={cur} />
        )}
      </Tile>
      <Tile title={t('performance.tiles.fx')} testId="tile-fx" hint={fxHint}>
        <Money value={r.Fx.Effect} currency={cur} />
      </Tile>
    </Stack>
  );
}

/** The plan's alert and its basis, and the lines alerting. */
function Alerts({ r }: { r: ActivityPerformance }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const p = r.Pacing;
  const alerting = r.Lines.filter((l) => l.Pacing.Alert);
  const b = p.Basis;
  const missing = b.ElapsedDays - b.DaysOfData;
  const notes = b.Notes.map((n) =>
    n === 'MISSING_DAYS' && b.MissingDays.length
      ? t('performance.basis.missingDays', { count: missing, days: formatDayRanges(b.MissingDays, locale) }) +
        (missing > b.MissingDays.length
          ? ` ${t('performance.basis.missingMore', { count: missing - b.MissingDays.length })}`
          : '')
      : t(`performance.basis.${n}`, { names: b.UnhealthyConnectors.join(', ') }),
  );
  if (!p.Alert && !alerting.length && !notes.length) return null;
  return (
    <Alert severity={p.Alert || alerting.length ? 'warning' : 'info'} sx={{ mb: 2 }} data-testid="pacing-alert">
      {p.Alert && (
        <div>
          {t(`performance.alert.${p.Alert}`, {
            pct: formatPercent(p.PacingPct, locale),
            low: r.PacingLow,
            high: r.PacingHigh,
          })}
        </div>
      )}
      {alerting.length > 0 && (
        <div>
          {t('performance.alert.lines', {
            names: alerting.map((l) => `${l.Name} (${t(`performance.status.${l.Pacing.Alert}`)})`).join(', '),
          })}
        </div>
      )}
      <div>
        {t('performance.basis.title', { data: b.DaysOfData, elapsed: b.ElapsedDays, provisional: b.ProvisionalDays })}
      </div>
      {notes.map((n) => (
        <div key={n}>{n}</div>
      ))}
    </Alert>
  );
}

function Connectors({ r }: { r: ActivityPerformance }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <Box sx={{ mb: 3 }} data-testid="feeding-connectors">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('performance.connectors.title')}
      </Typography>
      {r.Connectors.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('performance.connectors.none')}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {r.Connectors.map((c) => (
            <Chip
              key={c.ID}
              variant="outlined"
              color={c.Status === 'OK' ? 'success' : c.Status === 'Untested' ? 'default' : 'error'}
              data-testid="connector-chip"
              title={c.LastError || undefined}
              label={`${c.Name} · ${t(`performance.connectorStatus.${c.Status}`)} · ${c.LastSyncAt ? t('performance.connectors.lastSync', { date: formatDate(c.LastSyncAt, locale, true) }) : t('performance.connectors.never')}`}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * Activity performance: one version of an activity's plan against its actuals —
 * tiles, the pacing alert with its basis, the charts (each with its table), the lines and the KPIs.
 */
export function ActivityPerformanceScreen(props: PerformanceAddress) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const { search } = useLocation();
  const q = useQuery(activityPerformanceQuery(props));
  if (q.error) return <LoadError error={q.error} onReload={() => void q.refetch()} />;
  const r = q.data;
  if (!r) return <Loader />;
  const planUrl = `/accounts/${props.accountId}/activities/${props.activityId}/mediaMix/list?version=${props.mediaMixId}`;
  return (
    <Box data-testid="activity-performance">
      <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', gap: 2, mb: 1 }}>
        <Typography variant="h5" component="h2" data-testid="performance-activity">
          {r.ActivityName}
        </Typography>
        <Typography color="text.secondary">
          {t('performance.version', { version: r.Version, status: t(`performance.versionStatus.${r.VersionStatus}`) })}
        </Typography>
        {!new URLSearchParams(search).get('from') && (
          <Button component={RouterLink} to={planUrl} size="small">
            {t('performance.mediaPlan')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="as-of">
        {t('performance.asOf', { date: formatDate(r.AsOf, locale), from: formatDate(r.ProvisionalFrom, locale) })}
      </Typography>
      {r.ActualsAlsoFrom && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="actuals-also-from">
          {t('performance.actualsAlsoFrom', {
            version: r.ActualsAlsoFrom.Version,
            status: t(`performance.versionStatus.${r.ActualsAlsoFrom.Status}`),
          })}
        </Alert>
      )}
      {r.Lines.length === 0 ? (
        <Alert severity="info">{t('performance.noLines')}</Alert>
      ) : (
        <>
          <Tiles r={r} />
          <Alerts r={r} />
          <Suspense
            fallback={
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('performance.charts.loading')}
              </Typography>
            }
          >
            <PerformanceCharts r={r} />
          </Suspense>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('performance.linesTitle')}
          </Typography>
          <LinesTable r={r} />
          <Typography variant="h6" component="h2" gutterBottom>
            {t('performance.kpisTitle')}
          </Typography>
          <KpisTable r={r} />
          {r.CustomColumns.length > 0 && (
            <>
              <Typography variant="h6" component="h2" gutterBottom>
                {t('performance.customTitle')}
              </Typography>
              <CustomColumnsTable r={r} />
            </>
          )}
        </>
      )}
      <Connectors r={r} />
    </Box>
  );
}
