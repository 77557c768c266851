import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatCurrency, formatPercent } from '../../../lib/format';
import {
  currencyOf,
  reportUrl,
  type DashboardPeriod,
  type ManagerDashboard,
  type SpendSlice,
} from '../api/dashboard-api';

interface SliceRow {
  slice: SpendSlice;
  label: string;
  to: string | null;
}

/** A bar chart of slices with its table beside it (the figures exactly, and what screen readers read). */
function SpendChart({ title, testId, rows, code }: { title: string; testId: string; rows: SliceRow[]; code: string }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const money = (v: number | null) => (v === null ? '' : formatCurrency(v, currencyOf(code), locale));
  // Axis ticks in short form (₪140K): the exact figures are in the table.
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', style: 'currency', currency: code });
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid={testId}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('dashboard.charts.noSpend')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          {/* The chart is a picture of the table beside it. */}
          <Box aria-hidden="true" sx={{ flex: '1 1 360px', minWidth: 0 }}>
            <BarChart
              height={Math.max(160, rows.length * 36 + 60)}
              layout="horizontal"
              yAxis={[{ scaleType: 'band', data: rows.map((r) => r.label), width: 120 }]}
              // Four ticks at most: the chart may be ~300 px wide, and close values (the first days of a
              // month) otherwise get a tick every 2K whose labels overlap.
              xAxis={[{ tickNumber: 4, valueFormatter: (v: number | null) => (v === null ? '' : compact.format(v)) }]}
              series={[
                {
                  data: rows.map((r) => r.slice.Spend),
                  label: t('dashboard.charts.spend'),
                  valueFormatter: (v: number | null) => money(v),
                },
              ]}
              hideLegend
              // A picture of the table beside it, hidden from screen readers: no tab stop of its own either.
              disableKeyboardNavigation
            />
          </Box>
          <Table size="small" sx={{ flex: '1 1 280px', width: 'auto' }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboard.charts.name')}</TableCell>
                <TableCell align="right">{t('dashboard.charts.spend')}</TableCell>
                <TableCell align="right">{t('dashboard.charts.share')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.slice.Key ?? '-'} data-testid={`${testId}-row`}>
                  <TableCell>
                    {r.to ? (
                      <Link component={RouterLink} to={r.to}>
                        {r.label}
                      </Link>
                    ) : (
                      r.label
                    )}
                  </TableCell>
                  <TableCell align="right">
                    <bdi dir="ltr">{money(r.slice.Spend)}</bdi>
                  </TableCell>
                  <TableCell align="right">
                    <bdi dir="ltr">{formatPercent(r.slice.SharePct, locale)}</bdi>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

/** Spend by channel group and by account (MUI X Charts, this chunk only), each row linking to the report that shows it. */
export function SpendCharts({ r, period }: { r: ManagerDashboard; period: DashboardPeriod }) {
  const { t } = useTranslation();
  const groups: SliceRow[] = r.SpendByChannelGroup.map((slice) => ({
    slice,
    label:
      slice.Key === null
        ? t('dashboard.charts.unassigned')
        : t(`dashboard.groups.${slice.Key}`, { defaultValue: slice.Label }),
    to: slice.Key === null ? null : reportUrl({ period, channelGroup: slice.Key, groupBy: 'channelType' }),
  }));
  const accounts: SliceRow[] = r.SpendByAccount.map((slice) => ({
    slice,
    label: slice.Key === null ? t('dashboard.charts.other') : slice.Label,
    to:
      slice.Key === null
        ? reportUrl({ period, groupBy: 'account' })
        : reportUrl({ period, accountId: slice.Key, groupBy: 'activity' }),
  }));
  return (
    <>
      <SpendChart title={t('dashboard.charts.byGroup')} testId="spend-by-group" rows={groups} code={r.Currency} />
      <SpendChart title={t('dashboard.charts.byAccount')} testId="spend-by-account" rows={accounts} code={r.Currency} />
    </>
  );
}
