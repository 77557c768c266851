import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import type { OrderStatus } from '../api/orders-api';
import { useOrdersList } from '../api/orders-queries';
import { OrdersTable } from './orders-table';

/** Every order of the accounts the user may open, newest first, by status. */
export function OrdersListScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const list = useOrdersList(status ? { status } : {});
  if (list.error && list.rows.length === 0) return <LoadError error={list.error} onReload={list.reload} />;
  return (
    <Paper sx={{ p: 2 }} data-testid="orders-list">
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('orders.list.intro')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('orders.columns.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value as OrderStatus | '')}
        sx={{ minWidth: 180, mb: 2 }}
        data-testid="orders-status-filter"
      >
        <MenuItem value="">{t('orders.status.all')}</MenuItem>
        <MenuItem value="draft">{t('orders.status.draft')}</MenuItem>
        <MenuItem value="approved">{t('orders.status.approved')}</MenuItem>
      </TextField>
      <OrdersTable list={list} locale={locale} />
    </Paper>
  );
}
