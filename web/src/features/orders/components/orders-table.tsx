import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TableStateRows } from '../../../components/ui/table-state-rows';
import { formatCurrency, formatDate } from '../../../lib/format';
import type { PagedList } from '../../../lib/paged-list';
import { orderPath, type OrderStatus, type OrderSummary } from '../api/orders-api';

const COLUMNS = ['vendor', 'account', 'activity', 'planVersion', 'version', 'status', 'lines', 'total', 'approvedAt'];

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={status === 'approved' ? 'success' : 'default'}
      label={t(`orders.status.${status}`)}
      data-testid="order-status"
    />
  );
}

/** Orders as rows: the vendor opens the order. */
export function OrdersTable({ list, locale }: { list: PagedList<OrderSummary>; locale: string }) {
  const { t } = useTranslation();
  return (
    <>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c} align={c === 'total' || c === 'lines' ? 'right' : undefined}>
                  {t(`orders.columns.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStateRows
              colSpan={COLUMNS.length}
              loading={list.loading}
              empty={!list.loading && list.rows.length === 0}
              emptyText={t('orders.list.empty')}
              emptyTestId="orders-empty"
            />
            {list.rows.map((o) => (
              <TableRow key={o.ID} data-testid="order-row" data-order-id={o.ID}>
                <TableCell sx={{ overflowWrap: 'break-word', minWidth: 120 }}>
                  <Link component={RouterLink} to={orderPath(o)}>
                    {o.VendorName}
                  </Link>
                </TableCell>
                <TableCell>{o.AccountName}</TableCell>
                <TableCell sx={{ overflowWrap: 'break-word', minWidth: 120 }}>{o.ActivityName}</TableCell>
                <TableCell>{o.PlanVersion}</TableCell>
                <TableCell>{o.Version}</TableCell>
                <TableCell>
                  <OrderStatusChip status={o.Status} />
                </TableCell>
                <TableCell align="right">{o.LineCount}</TableCell>
                <TableCell align="right">{formatCurrency(o.Total, o.Currency, locale)}</TableCell>
                <TableCell>{formatDate(o.ApprovedAt, locale, true)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {list.hasMore && (
        <Button sx={{ mt: 1 }} onClick={list.more} disabled={list.busy} data-testid="more-orders">
          {t('orders.list.more')}
        </Button>
      )}
    </>
  );
}
