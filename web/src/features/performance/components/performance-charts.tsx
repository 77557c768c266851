import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { CURRENCY_CODES, formatCurrency, formatDate, numberFormat } from '../../../lib/format';
import type { ActivityPerformance, PerformanceDay } from '../api/performance-api';

const HEIGHT = 300;

/** A chart with its table beside it (for screen readers and exact figures), behind a visible "Show table". */
function ChartWithTable({
  title,
  testId,
  chart,
  table,
}: {
  title: string;
  testId: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Button
          size="small"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={tableId}
          data-testid={`${testId}-toggle`}
        >
          {open ? t('performance.charts.hideTable') : t('performance.charts.showTable')}
        </Button>
      </Box>
      {/* The chart is a picture of the table: screen readers read the table. */}
      <Box aria-hidden="true">{chart}</Box>
      <Box id={tableId} hidden={!open}>
        {open && table}
      </Box>
    </Paper>
  );
}

function ProvisionalMark({ day }: { day: PerformanceDay }) {
  const { t } = useTranslation();
  return day.Provisional ? (
    <Typography component="span" variant="caption" color="warning.main">
      {' '}
      ({t('performance.charts.provisionalFrom')})
    </Typography>
  ) : null;
}

/**
 * The two charts of activity performance (MUI X Charts, this chunk only): cumulative planned vs
 * actual spend with the projection to the end date, the provisional stretch dashed and marked;
 * daily spend by line, stacked. Each with its table.
 */
export function PerformanceCharts({ r }: { r: ActivityPerformance }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const money = (v: number | null) => (v === null ? '' : formatCurrency(v, r.Currency, locale));
  const labels = r.Days.map((d) => formatDate(d.Day, locale));
  // Tick labels without the year, kept apart (a Hebrew date is long: they collided at 1440 px); the
  // tooltips keep the whole date.
  const dayMonth = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const tickOf = new Map(
    r.Days.map((d) => [formatDate(d.Day, locale), dayMonth.format(new Date(`${d.Day}T00:00:00Z`))]),
  );
  const dayAxis = (data: string[]) => ({
    data,
    tickLabelMinGap: 24,
    valueFormatter: (v: string, ctx: { location: string }) => (ctx.location === 'tick' ? (tickOf.get(v) ?? v) : v),
  });
  // The provisional stretch starts on the day before the first provisional one, so the two lines meet.
  const firstProvisional = r.Days.findIndex((d) => d.Provisional);
  const actual = r.Days.map((d, i) => (firstProvisional >= 0 && i >= firstProvisional ? null : d.CumulativeActual));
  const provisional = r.Days.map((d, i) =>
    firstProvisional >= 0 && i >= firstProvisional - 1 ? d.CumulativeActual : null,
  );
  const complete = r.Days.filter((d) => d.Spend !== null);
  const seriesName = (name: string, lineId: number | null) =>
    lineId === null ? t('performance.charts.otherLines') : name;
  const valueFormatter = (v: number | null) => money(v);
  // The axes in short figures (₪1.2M): the exact ones are in the tooltips and the tables.
  const axisFormat = numberFormat(locale, {
    notation: 'compact',
    style: 'currency',
    currency: CURRENCY_CODES[r.Currency],
    maximumFractionDigits: 1,
  });
  const yAxis = [{ valueFormatter: (v: number) => axisFormat.format(v), width: 72 }];

  const cumulativeTable = (
    <TableContainer sx={{ maxHeight: 400 }}>
      <Table size="small" stickyHeader aria-label={t('performance.charts.cumulative')} data-testid="cumulative-table">
        <TableHead>
          <TableRow>
            {(['day', 'cumulativePlanned', 'cumulativeActual', 'projection'] as const).map((c) => (
              <TableCell key={c}>{t(`performance.columns.${c}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {r.Days.map((d) => (
            <TableRow key={d.Day} data-provisional={d.Provisional || undefined}>
              <TableCell component="th" scope="row">
                {formatDate(d.Day, locale)}
                <ProvisionalMark day={d} />
              </TableCell>
              <TableCell align="right">
                <bdi dir="ltr">{money(d.CumulativePlanned)}</bdi>
              </TableCell>
              <TableCell align="right">
                <bdi dir="ltr">{money(d.CumulativeActual)}</bdi>
              </TableCell>
              <TableCell align="right">
                <bdi dir="ltr">{money(d.Projection)}</bdi>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const dailyTable = (
    <TableContainer sx={{ maxHeight: 400 }}>
      <Table size="small" stickyHeader aria-label={t('performance.charts.daily')} data-testid="daily-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('performance.columns.day')}</TableCell>
            {r.SeriesLines.map((s, k) => (
              <TableCell key={k} align="right">
                {seriesName(s.Name, s.LineId)}
              </TableCell>
            ))}
            <TableCell align="right">{t('performance.columns.spend')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {complete.map((d) => (
            <TableRow key={d.Day} data-provisional={d.Provisional || undefined}>
              <TableCell component="th" scope="row">
                {formatDate(d.Day, locale)}
                <ProvisionalMark day={d} />
              </TableCell>
              {d.ByLine.map((v, k) => (
                <TableCell key={k} align="right">
                  <bdi dir="ltr">{money(v)}</bdi>
                </TableCell>
              ))}
              <TableCell align="right">
                <bdi dir="ltr">{money(d.Spend)}</bdi>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const provisionalLabel = firstProvisional >= 0 ? labels[firstProvisional] : null;
  return (
    <>
      <ChartWithTable
        title={t('performance.charts.cumulative')}
        testId="cumulative-chart"
        table={cumulativeTable}
        chart={
          <LineChart
            height={HEIGHT}
            skipAnimation
            xAxis={[{ scaleType: 'point', ...dayAxis(labels) }]}
            yAxis={yAxis}
            series={[
              {
                id: 'planned',
                label: t('performance.charts.planned'),
                data: r.Days.map((d) => d.CumulativePlanned),
                showMark: false,
                valueFormatter,
              },
              { id: 'actual', label: t('performance.charts.actual'), data: actual, showMark: false, valueFormatter },
              {
                id: 'provisional',
                label: t('performance.charts.provisional'),
                data: provisional,
                showMark: false,
                valueFormatter,
              },
              {
                id: 'projection',
                label: t('performance.charts.projection'),
                data: r.Days.map((d) => d.Projection),
                showMark: false,
                valueFormatter,
              },
            ]}
            sx={{
              '& [data-series="provisional"]': { strokeDasharray: '3 3' },
              '& [data-series="projection"]': { strokeDasharray: '8 5' },
            }}
          >
            {provisionalLabel && (
              <ChartsReferenceLine
                x={provisionalLabel}
                label={t('performance.charts.provisionalFrom')}
                lineStyle={{ strokeDasharray: '2 4' }}
              />
            )}
          </LineChart>
        }
      />
      <ChartWithTable
        title={t('performance.charts.daily')}
        testId="daily-chart"
        table={dailyTable}
        chart={
          <BarChart
            height={HEIGHT}
            skipAnimation
            xAxis={[{ scaleType: 'band', ...dayAxis(complete.map((d) => formatDate(d.Day, locale))) }]}
            yAxis={yAxis}
            series={r.SeriesLines.map((s, k) => ({
              id: `line-${k}`,
              label: seriesName(s.Name, s.LineId),
              data: complete.map((d) => d.ByLine[k]),
              stack: 'spend',
              valueFormatter,
            }))}
          >
            {provisionalLabel && complete.some((d) => d.Provisional) && (
              <ChartsReferenceLine
                x={formatDate(complete.find((d) => d.Provisional)!.Day, locale)}
                label={t('performance.charts.provisionalFrom')}
                lineStyle={{ strokeDasharray: '2 4' }}
              />
            )}
          </BarChart>
        }
      />
    </>
  );
}
