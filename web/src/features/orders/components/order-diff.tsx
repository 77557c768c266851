import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDate } from '../../../lib/format';
import type { OrderLineDiff, OrderView } from '../api/orders-api';
import { monthName } from './order-months-table';

type Side = OrderLineDiff['Before'];

/** What the activity's latest approved version changes for this vendor's lines, line by line. */
export function OrderDiff({ order, locale }: { order: OrderView; locale: string }) {
  const { t } = useTranslation();
  if (!order.Changed || !order.ChangedIn) return null;
  const money = (v: number) => formatCurrency(v, order.Currency, locale);
  const dates = (s: Side) => (s ? `${formatDate(s.StartDate, locale)} – ${formatDate(s.EndDate, locale)}` : '');
  return (
    <Alert severity="warning" sx={{ my: 2 }} data-testid="order-changed">
      {t('orders.diff.intro', { version: order.ChangedIn.PlanVersion })}
      {order.Diff.length > 0 && (
        <Table size="small" sx={{ mt: 1 }} data-testid="order-diff">
          <TableHead>
            <TableRow>
              <TableCell>{t('orders.columns.line')}</TableCell>
              <TableCell>{t('orders.diff.change')}</TableCell>
              <TableCell>{t('orders.diff.before')}</TableCell>
              <TableCell>{t('orders.diff.after')}</TableCell>
              <TableCell>{t('orders.diff.months')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.Diff.map((d) => (
              <TableRow key={`${d.Change}-${d.LineId}`} data-testid="diff-row" data-change={d.Change}>
                <TableCell>{(d.After ?? d.Before)?.Name}</TableCell>
                <TableCell>{t(`orders.diff.${d.Change}`)}</TableCell>
                <TableCell>{d.Before && `${dates(d.Before)} · ${money(d.Before.Total)}`}</TableCell>
                <TableCell>{d.After && `${dates(d.After)} · ${money(d.After.Total)}`}</TableCell>
                <TableCell>
                  {d.Periods.map((p) => (
                    <div key={p.Month}>
                      {monthName(p.Month, locale)}: {money(p.Before)} → {money(p.After)}
                    </div>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Alert>
  );
}
