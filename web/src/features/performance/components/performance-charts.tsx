import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { CURRENCY_CODES, formatCurrency, formatDate, numberFormat } from '../../../lib/format';
import type { ActivityPerformance, PerformanceDay } from '../api/performance-api';
import { CumulativeTable, DailyTable } from './chart-tables';
import { ChartWithTable } from './chart-with-table';

const HEIGHT = 300;

/** The figures' formats shared by both charts: money, the day axis and the compact money axis. */
function useChartFormats(r: ActivityPerformance) {
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
  const valueFormatter = (v: number | null) => money(v);
  // The axes in short figures (₪1.2M): the exact ones are in the tooltips and the tables.
  const axisFormat = numberFormat(locale, {
    notation: 'compact',
    style: 'currency',
    currency: CURRENCY_CODES[r.Currency],
    maximumFractionDigits: 1,
  });
  const yAxis = [{ valueFormatter: (v: number) => axisFormat.format(v), width: 72 }];

  return { money, labels, dayAxis, valueFormatter, yAxis };
}

type ChartFormats = ReturnType<typeof useChartFormats>;

function CumulativeChart({ r, f }: { r: ActivityPerformance; f: ChartFormats }) {
  const { t } = useTranslation();
  const { labels, valueFormatter } = f;
  // The provisional stretch starts on the day before the first provisional one, so the two lines meet.
  const firstProvisional = r.Days.findIndex((d) => d.Provisional);
  const actual = r.Days.map((d, i) => (firstProvisional >= 0 && i >= firstProvisional ? null : d.CumulativeActual));
  const provisional = r.Days.map((d, i) =>
    firstProvisional >= 0 && i >= firstProvisional - 1 ? d.CumulativeActual : null,
  );
  const provisionalLabel = firstProvisional >= 0 ? labels[firstProvisional] : null;
  return (
    <LineChart
      height={HEIGHT}
      skipAnimation
      // A picture of the table beside it, hidden from screen readers: no tab stop of its own either.
      disableKeyboardNavigation
      xAxis={[{ scaleType: 'point', ...f.dayAxis(labels) }]}
      yAxis={f.yAxis}
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
  );
}

function DailyChart({
  r,
  complete,
  seriesName,
  f,
}: {
  r: ActivityPerformance;
  complete: PerformanceDay[];
  seriesName: (name: string, lineId: number | null) => string;
  f: ChartFormats;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <BarChart
      height={HEIGHT}
      skipAnimation
      // A picture of the table beside it, hidden from screen readers: no tab stop of its own either.
      disableKeyboardNavigation
      xAxis={[{ scaleType: 'band', ...f.dayAxis(complete.map((d) => formatDate(d.Day, locale))) }]}
      yAxis={f.yAxis}
      series={r.SeriesLines.map((s, k) => ({
        id: `line-${k}`,
        label: seriesName(s.Name, s.LineId),
        data: complete.map((d) => d.ByLine[k]),
        stack: 'spend',
        valueFormatter: f.valueFormatter,
      }))}
    >
      {complete.some((d) => d.Provisional) && (
        <ChartsReferenceLine
          x={formatDate(complete.find((d) => d.Provisional)!.Day, locale)}
          label={t('performance.charts.provisionalFrom')}
          lineStyle={{ strokeDasharray: '2 4' }}
        />
      )}
    </BarChart>
  );
}

/**
 * The two charts of activity performance (MUI X Charts, this chunk only): cumulative planned vs
 * actual spend with the projection to the end date, the provisional stretch dashed and marked;
 * daily spend by line, stacked. Each with its table.
 */
export function PerformanceCharts({ r }: { r: ActivityPerformance }) {
  const { t } = useTranslation();
  const f = useChartFormats(r);
  const complete = r.Days.filter((d) => d.Spend !== null);
  const seriesName = (name: string, lineId: number | null) =>
    lineId === null ? t('performance.charts.otherLines') : name;

  return (
    <>
      <ChartWithTable
        title={t('performance.charts.cumulative')}
        testId="cumulative-chart"
        table={<CumulativeTable r={r} money={f.money} />}
        chart={<CumulativeChart r={r} f={f} />}
      />
      <ChartWithTable
        title={t('performance.charts.daily')}
        testId="daily-chart"
        table={<DailyTable r={r} complete={complete} money={f.money} seriesName={seriesName} />}
        chart={<DailyChart r={r} complete={complete} seriesName={seriesName} f={f} />}
      />
    </>
  );
}
