import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDate } from '../../../lib/format';
import type { OrderView } from '../api/orders-api';

/** 'YYYY-MM' as the locale names a month ("Jan 2026"). */
export const monthName = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** The order's lines × its months, each line's total, and the months' totals under them. */
export function OrderMonthsTable({ order, locale }: { order: OrderView; locale: string }) {
  const { t } = useTranslation();
  const months = order.Periods.map((p) => p.Month);
  const money = (v: number) => formatCurrency(v, order.Currency, locale);
  return (
    <TableContainer>
      <Table size="small" data-testid="order-months">
        <TableHead>
          <TableRow>
            <TableCell>{t('orders.columns.line')}</TableCell>
            <TableCell>{t('orders.columns.channelType')}</TableCell>
            <TableCell>{t('orders.columns.dates')}</TableCell>
            {months.map((m) => (
              <TableCell key={m} align="right">
                {monthName(m, locale)}
              </TableCell>
            ))}
            <TableCell align="right">{t('orders.columns.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.Lines.map((l) => {
            const byMonth = new Map(l.Months.map((m) => [m.Month, m.Amount]));
            return (
              <TableRow key={l.LineId} data-testid="order-line" data-line-id={l.LineId}>
                <TableCell sx={{ overflowWrap: 'break-word', minWidth: 120 }}>{l.Name}</TableCell>
                <TableCell>{l.ChannelTypeName}</TableCell>
                <TableCell>
                  {formatDate(l.StartDate, locale)} – {formatDate(l.EndDate, locale)}
                </TableCell>
                {months.map((m) => (
                  <TableCell key={m} align="right">
                    {byMonth.has(m) ? money(byMonth.get(m)!) : ''}
                  </TableCell>
                ))}
                <TableCell align="right">{money(l.Total)}</TableCell>
              </TableRow>
            );
          })}
          <TableRow data-testid="order-periods">
            <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
              {t('orders.columns.periodTotal')}
            </TableCell>
            {order.Periods.map((p) => (
              <TableCell key={p.Month} align="right" sx={{ fontWeight: 600 }}>
                {money(p.Amount)}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="order-total">
              {money(order.Total)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
