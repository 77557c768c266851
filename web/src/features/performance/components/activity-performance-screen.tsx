import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatCurrency, formatDate, formatDayRanges, formatNumber, formatPercent } from '../../../lib/format';
import {
  activityPerformanceQuery,
  type ActivityPerformance,
  type CustomColumnHead,
  type CustomValues,
  type KpiSetView,
  type PacingView,
  type PerformanceAddress,
} from '../api/performance-api';

// MUI X Charts is a chunk of its own: the figures and tables show while it loads. The route chunk
// starts loading it (loadPerformanceCharts) while the API call is in flight, and lazy takes the
// same promise, so the charts do not wait for the reply to be asked for.
let chartsChunk: Promise<typeof import('./performance-charts')> | null = null;
export const loadPerformanceCharts = () => (chartsChunk ??= import('./performance-charts'));
const PerformanceCharts = lazy(() => loadPerformanceCharts().then((m) => ({ default: m.PerformanceCharts })));

/** A figure in the plan's currency, left to right inside right-to-left text. */
export function Money({ value, currency }: { value: number | null; currency: 1 | 2 }) {
  const { locale } = useLocaleAndDirection();
  return <bdi dir="ltr">{value === null ? '—' : formatCurrency(value, currency, locale)}</bdi>;
}

const STATUS_COLOR = { under: 'warning', on_pace: 'success', over: 'error' } as const;

/** The chip of a table cell: two lines where the column is narrow (the % then the status), so the lines table fits 1440 px with the menu open. */
const WRAPPING_CHIP = { height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } } as const;

/** Pacing % and status, in words and colour (never colour alone); `wrap`: may break after the %. */
export function PacingChip({
  pacing,
  size = 'small',
  wrap = false,
}: {
  pacing: PacingView;
  size?: 'small' | 'medium';
  wrap?: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  if (pacing.PacingPct === null || pacing.Status === null) {
    return (
      <Chip
        size={size}
        variant="outlined"
        label={t(`performance.nullReason.${pacing.PacingNullReason ?? 'NOT_STARTED'}`)}
        data-testid="pacing-chip"
        data-status="none"
      />
    );
  }
  return (
    <Chip
      size={size}
      color={STATUS_COLOR[pacing.Status]}
      variant={pacing.Alert ? 'filled' : 'outlined'}
      data-testid="pacing-chip"
      data-status={pacing.Status}
      sx={wrap ? WRAPPING_CHIP : undefined}
      label={
        <>
          <span style={{ whiteSpace: 'nowrap' }}>
            <bdi dir="ltr">{formatPercent(pacing.PacingPct, locale)}</bdi> ·
          </span>{' '}
          <span style={{ whiteSpace: 'nowrap' }}>{t(`performance.status.${pacing.Status}`)}</span>
        </>
      }
    />
  );
}

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

function LinesTable({ r }: { r: ActivityPerformance }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const cur = r.Currency;
  const row = (
    key: string,
    name: ReactNode,
    p: PacingView,
    fx: number | null,
    rest: { channel?: string; dates?: ReactNode; testId: string },
  ) => (
    <TableRow key={key} data-testid={rest.testId}>
      {/* Names wrap between words (a word longer than the column breaks), never narrower than a word or two. */}
      <TableCell component="th" scope="row" sx={{ minWidth: 96, overflowWrap: 'break-word' }}>
        {name}
      </TableCell>
      <TableCell sx={{ minWidth: 72, overflowWrap: 'break-word' }}>{rest.channel ?? ''}</TableCell>
      <TableCell data-testid="line-dates">{rest.dates ?? ''}</TableCell>
      <TableCell align="right">
        <Money value={p.PlannedBudget} currency={cur} />
      </TableCell>
      <TableCell align="right">
        <Money value={p.PlannedToDate} currency={cur} />
      </TableCell>
      <TableCell align="right">
        <Money value={p.ActualToDate} currency={cur} />
      </TableCell>
      <TableCell>
        <PacingChip pacing={p} wrap />
      </TableCell>
      <TableCell align="right">
        <Money value={p.ProjectedEndSpend} currency={cur} />
      </TableCell>
      <TableCell align="right">
        <Money value={p.AmountLeft} currency={cur} />
      </TableCell>
      <TableCell align="right">
        {p.DailySpendNeeded === null ? (
          t('performance.tiles.ended')
        ) : (
          <Money value={p.DailySpendNeeded} currency={cur} />
        )}
      </TableCell>
      <TableCell align="right" data-testid="provisional-days">
        {/* The mark under the count: the column is as wide as the word, not both. */}
        {p.Basis.ProvisionalDays > 0 ? (
          <>
            {p.Basis.ProvisionalDays}{' '}
            <Typography component="span" variant="caption" color="warning.main" sx={{ display: 'block' }}>
              ({t('performance.provisionalMark')})
            </Typography>
          </>
        ) : (
          0
        )}
      </TableCell>
      <TableCell align="right">
        <Money value={fx} currency={cur} />
      </TableCell>
    </TableRow>
  );
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ mb: 3 }}>
      <Table
        size="small"
        aria-label={t('performance.linesTitle')}
        data-testid="lines-table"
        sx={{ '& td, & th': { px: 1 }, '& td[align="right"]': { whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            {(
              [
                'line',
                'channel',
                'dates',
                'budget',
                'plannedToDate',
                'actual',
                'pacing',
                'projected',
                'amountLeft',
                'dailyNeeded',
                'provisionalDays',
                'fx',
              ] as const
            ).map((c) => (
              <TableCell key={c}>{t(`performance.columns.${c}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {r.Lines.map((l) =>
            row(String(l.LineId), l.Name, l.Pacing, l.Fx.Effect, {
              // "start –" and "end" unbroken: the cell wraps after the dash only, two lines at most.
              channel: l.ChannelTypeName,
              dates: (
                <>
                  <bdi style={{ whiteSpace: 'nowrap' }}>{formatDate(l.StartDate, locale)} –</bdi>{' '}
                  <bdi style={{ whiteSpace: 'nowrap' }}>{formatDate(l.EndDate, locale)}</bdi>
                </>
              ),
              testId: 'line-row',
            }),
          )}
          {row('total', <strong>{t('performance.columns.total')}</strong>, r.Pacing, r.Fx.Effect, {
            testId: 'total-row',
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const KPIS = ['Impressions', 'Clicks', 'Conversions', 'Spend', 'Ctr', 'Cpc', 'Cpm', 'Cpa', 'Cvr', 'Roas'] as const;
type Kpi = (typeof KPIS)[number];

function kpiText(k: Kpi, v: number | null, currency: 1 | 2, locale: string, none: string): string {
  if (v === null) return none;
  switch (k) {
    case 'Impressions':
    case 'Clicks':
      return formatNumber(v, locale, { decimals: 0 });
    case 'Conversions':
    case 'Roas':
      return formatNumber(v, locale);
    case 'Ctr':
    case 'Cvr':
      return formatPercent(v, locale);
    default:
      return formatCurrency(v, currency, locale);
  }
}

/** Planned (whole flight), planned to date and actual (to date) KPIs per line and for the plan; what the buy type does not plan reads "—". */
function KpisTable({ r }: { r: ActivityPerformance }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const rows: { key: string; name: ReactNode; planned: KpiSetView; toDate: KpiSetView; actual: KpiSetView }[] = [
    ...r.Lines.map((l) => ({
      key: String(l.LineId),
      name: l.Name,
      planned: l.Kpis.Planned,
      toDate: l.Kpis.PlannedToDate,
      actual: l.Kpis.Actual,
    })),
    {
      key: 'total',
      name: <strong>{t('performance.columns.total')}</strong>,
      planned: r.Kpis.Planned,
      toDate: r.Kpis.PlannedToDate,
      actual: r.Kpis.Actual,
    },
  ];
  const cell = (k: Kpi, v: number | null) => (
    <bdi dir="ltr">{kpiText(k, v, r.Currency, locale, t('performance.notPlanned'))}</bdi>
  );
  // A line is three rows (planned, planned to date, actual) under one column per KPI: 12 columns fit
  // a 1440 px screen with the menu open, where a column per KPI and side (31) scrolled sideways.
  const sides = [
    {
      key: 'planned',
      label: t('performance.columns.planned'),
      of: (x: (typeof rows)[number]) => x.planned,
      attr: (): Record<string, string> => ({}),
    },
    {
      key: 'toDate',
      label: t('performance.columns.plannedToDateKpi'),
      of: (x: (typeof rows)[number]) => x.toDate,
      attr: (k: Kpi) => ({ 'data-kpi-to-date': k }),
    },
    {
      key: 'actual',
      label: t('performance.columns.actualKpi'),
      of: (x: (typeof rows)[number]) => x.actual,
      attr: (k: Kpi) => ({ 'data-kpi': k }),
    },
  ];
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ mb: 3 }} data-testid="kpis-container">
      <Table
        size="small"
        aria-label={t('performance.kpisTitle')}
        data-testid="kpis-table"
        sx={{ '& td, & th': { px: 1 }, '& td[align="right"]': { whiteSpace: 'nowrap' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('performance.columns.line')}</TableCell>
            <TableCell />
            {KPIS.map((k) => (
              <TableCell key={k} align="right">
                {t(`performance.kpis.${k}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {rows.map((x) => (
          <TableBody key={x.key} data-testid="kpi-row">
            {sides.map((side, i) => (
              <TableRow key={side.key}>
                {i === 0 && (
                  <TableCell component="th" scope="rowgroup" rowSpan={3} sx={{ maxWidth: 180, verticalAlign: 'top' }}>
                    {x.name}
                  </TableCell>
                )}
                <TableCell sx={{ color: 'text.secondary' }}>{side.label}</TableCell>
                {KPIS.map((k) => (
                  <TableCell key={k} align="right" {...side.attr(k)}>
                    {cell(k, side.of(x)[k])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        ))}
      </Table>
    </TableContainer>
  );
}

/** A custom column's value in its format (percent: a ratio shown × 100); null (not a finite number) reads "—". */
function customText(head: CustomColumnHead, v: number | null | undefined, currency: 1 | 2, locale: string): string {
  if (v === null || v === undefined) return '—';
  switch (head.Format) {
    case 'currency':
      return formatCurrency(v, currency, locale);
    case 'percent':
      return formatPercent(v * 100, locale);
    default:
      return formatNumber(v, locale);
  }
}

/** The company's performance custom columns over each line's and the plan's actuals to date. */
function CustomColumnsTable({ r }: { r: ActivityPerformance }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const rows: { key: string; name: ReactNode; values: CustomValues }[] = [
    ...r.Lines.map((l) => ({ key: String(l.LineId), name: l.Name, values: l.Custom })),
    { key: 'total', name: <strong>{t('performance.columns.total')}</strong>, values: r.Custom },
  ];
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ mb: 3 }}>
      <Table size="small" aria-label={t('performance.customTitle')} data-testid="custom-columns-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('performance.columns.line')}</TableCell>
            {r.CustomColumns.map((c) => (
              <TableCell key={c.Id} align="right">
                {c.Name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((x) => (
            <TableRow key={x.key} data-testid="custom-row">
              <TableCell component="th" scope="row">
                {x.name}
              </TableCell>
              {r.CustomColumns.map((c) => (
                <TableCell key={c.Id} align="right" data-column={c.Id}>
                  <bdi dir="ltr">{customText(c, x.values[String(c.Id)], r.Currency, locale)}</bdi>
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
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
