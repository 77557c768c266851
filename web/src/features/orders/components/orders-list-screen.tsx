import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { allVendorsQuery } from '../../../lib/all-vendors';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import type { OrdersFilter, OrderStatus } from '../api/orders-api';
import { useOrdersList } from '../api/orders-queries';
import { OrdersTable } from './orders-table';

/**
 * Every order of the accounts the user may open, newest first, by status and vendor. The vendor is
 * in the URL (?vendor=), so a vendor's orders have an address of their own.
 */
export function OrdersListScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const vendorId = Number(params.get('vendor')) || 0;
  const vendors = useQuery(allVendorsQuery());
  const filter: OrdersFilter = { ...(status ? { status } : {}), ...(vendorId > 0 ? { vendorId } : {}) };
  const list = useOrdersList(filter);
  const chooseVendor = (id: number) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id > 0) next.set('vendor', String(id));
        else next.delete('vendor');
        return next;
      },
      { replace: true },
    );
  if (list.error && list.rows.length === 0) return <LoadError error={list.error} onReload={list.reload} />;
  const options = [...(vendors.data ?? [])].sort((a, b) => a.Name.localeCompare(b.Name, locale));
  return (
    <Paper sx={{ p: 2 }} data-testid="orders-list">
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('orders.list.intro')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <TextField
          select
          size="small"
          label={t('orders.columns.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value as OrderStatus | '')}
          sx={{ minWidth: 180 }}
          data-testid="orders-status-filter"
        >
          <MenuItem value="">{t('orders.status.all')}</MenuItem>
          <MenuItem value="draft">{t('orders.status.draft')}</MenuItem>
          <MenuItem value="approved">{t('orders.status.approved')}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={t('orders.columns.vendor')}
          // Until the names are in, the URL's vendor is kept (an option of its own keeps MUI quiet).
          value={vendorId > 0 ? String(vendorId) : ''}
          onChange={(e) => chooseVendor(Number(e.target.value))}
          sx={{ minWidth: 220 }}
          data-testid="orders-vendor-filter"
        >
          <MenuItem value="">{t('orders.list.allVendors')}</MenuItem>
          {vendorId > 0 && !options.some((v) => v.ID === vendorId) && (
            <MenuItem value={String(vendorId)}>{`#${vendorId}`}</MenuItem>
          )}
          {options.map((v) => (
            <MenuItem key={v.ID} value={String(v.ID)}>
              {v.Name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <OrdersTable list={list} locale={locale} />
    </Paper>
  );
}
