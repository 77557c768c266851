import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import type { ActivityPerformance, PerformanceDay } from '../api/performance-api';

function ProvisionalMark({ day }: { day: PerformanceDay }) {
  const { t } = useTranslation();
  return day.Provisional ? (
    <Typography component="span" variant="caption" color="warning.main">
      {' '}
      ({t('performance.charts.provisionalFrom')})
    </Typography>
  ) : null;
}

/** The cumulative chart's figures: planned, actual and projected spend by day. */
export function CumulativeTable({ r, money }: { r: ActivityPerformance; money: (v: number | null) => string }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    // It scrolls (400 px high), so it takes the keyboard's focus as a region named as its table.
    <TableContainer sx={{ maxHeight: 400 }} tabIndex={0} role="region" aria-label={t('performance.charts.cumulative')}>
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
}

/** The daily chart's figures: each complete day's spend by line and in all. */
export function DailyTable({
  r,
  complete,
  money,
  seriesName,
}: {
  r: ActivityPerformance;
  complete: PerformanceDay[];
  money: (v: number | null) => string;
  seriesName: (name: string, lineId: number | null) => string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <TableContainer sx={{ maxHeight: 400 }} tabIndex={0} role="region" aria-label={t('performance.charts.daily')}>
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
}
