import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatCurrency, formatPercent } from '../../../lib/format';
import type { AccountMarginView, MarginMonthView } from '../api/margin-api';
import { monthNameIn } from './margin-months';

type Figures = Omit<MarginMonthView, 'Month'>;

/** One row's figures: money in the account's currency, the margin %, and how many of the costs are bills. */
function Cells({ f, currency }: { f: Figures; currency: 1 | 2 }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const money = (v: number) => <bdi dir="ltr">{formatCurrency(v, currency, locale)}</bdi>;
  return (
    <>
      <TableCell align="right">{money(f.Billable)}</TableCell>
      <TableCell align="right">{money(f.Cost)}</TableCell>
      <TableCell align="right" sx={{ color: f.Margin < 0 ? 'error.main' : undefined }}>
        {money(f.Margin)}
      </TableCell>
      <TableCell align="right">
        {f.MarginPct === null ? '—' : <bdi dir="ltr">{formatPercent(f.MarginPct, locale)}</bdi>}
      </TableCell>
      <TableCell align="right">
        {t('reports.margin.billedOf', { billed: f.Billed, count: f.Billed + f.Expected })}
      </TableCell>
    </>
  );
}

/** The months of the range, oldest first, and their totals. */
export function MarginTable({ m }: { m: AccountMarginView }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  return (
    <TableContainer>
      <Table size="small" data-testid="margin-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('reports.margin.month')}</TableCell>
            <TableCell align="right">{t('reports.margin.billable')}</TableCell>
            <TableCell align="right">{t('reports.margin.cost')}</TableCell>
            <TableCell align="right">{t('reports.margin.margin')}</TableCell>
            <TableCell align="right">{t('reports.margin.marginPct')}</TableCell>
            <TableCell align="right">{t('reports.margin.bills')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {m.Months.map((row) => (
            <TableRow key={row.Month} data-testid="margin-row" data-month={row.Month}>
              <TableCell>{monthNameIn(row.Month, locale)}</TableCell>
              <Cells f={row} currency={m.Currency} />
            </TableRow>
          ))}
          <TableRow data-testid="margin-total" sx={{ '& td': { fontWeight: 600 } }}>
            <TableCell>{t('reports.margin.total')}</TableCell>
            <Cells f={m.Totals} currency={m.Currency} />
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
