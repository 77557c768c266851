import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { useApiError } from '../../../components/ui/use-api-error';
import { allVendorsQuery } from '../../../lib/all-vendors';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatCurrency } from '../../../lib/format';
import { useKeptFrame } from '../../../lib/first-frame/use-kept-frame';
import { PAGE_SIZE } from '../api/first-page';
import { fetchAllPayables, type PayablesFilter, type PayStatus } from '../api/payables-api';
import { useMissingBills, usePayables } from '../api/payables-queries';
import { payablesFrame } from '../first-frame';
import type { BillTarget } from './bill-dialog';
import { MissingBillsTable, PayablesTable } from './payables-table';

/** The bill's dialog, with the route's schema that checks it: loaded when a bill is opened, not with the list. */
const BillDialog = lazy(() => import('./bill-dialog').then((m) => ({ default: m.BillDialog })));

type TabId = 'all' | PayStatus | 'missing';
const NO_FILTER: PayablesFilter = {};
const TABS: TabId[] = ['all', 'open', 'overdue', 'paid', 'missing'];

/** The filters above the list: vendor, service month, due from / to. */
function Filters({ filter, onChange }: { filter: PayablesFilter; onChange: (f: PayablesFilter) => void }) {
  const { t } = useTranslation();
  const vendors = useQuery(allVendorsQuery());
  const set = (k: keyof PayablesFilter, v: string | number | undefined) => onChange({ ...filter, [k]: v || undefined });
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
      <TextField
        select
        size="small"
        label={t('payables.filters.vendor')}
        value={filter.vendorId ?? ''}
        onChange={(e) => set('vendorId', Number(e.target.value))}
        sx={{ minWidth: 180 }}
        slotProps={{ htmlInput: { 'data-testid': 'filter-vendor' } }}
      >
        <MenuItem value="">{t('payables.filters.any')}</MenuItem>
        {(vendors.data ?? []).map((v) => (
          <MenuItem key={v.ID} value={v.ID}>
            {v.Name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('payables.filters.period')}
        placeholder="YYYY-MM"
        value={filter.period ?? ''}
        onChange={(e) => set('period', /^\d{4}-\d{2}$/.test(e.target.value) ? e.target.value : undefined)}
        slotProps={{ htmlInput: { 'data-testid': 'filter-period' }, inputLabel: { shrink: true } }}
      />
      {(['dueFrom', 'dueTo'] as const).map((k) => (
        <TextField
          key={k}
          size="small"
          type="date"
          label={t(`payables.filters.${k}`)}
          value={filter[k] ?? ''}
          onChange={(e) => set(k, e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': `filter-${k}` }, inputLabel: { shrink: true } }}
        />
      ))}
    </Stack>
  );
}

/** Payables: the bills by due date with status tabs, filters, totals and exports; the missing bills. */
export function PayablesScreen() {
  const { t } = useTranslation();
  const { locale, rtl } = useLocaleAndDirection();
  const showError = useApiError();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<TabId>('all');
  const [filter, setFilter] = useState<PayablesFilter>(NO_FILTER);
  const fromOrder = { accountId: Number(params.get('account')), orderId: Number(params.get('order')) };
  const [target, setTarget] = useState<BillTarget | null>(
    fromOrder.accountId > 0 && fromOrder.orderId > 0 ? fromOrder : null,
  );
  const shown = tab === 'all' || tab === 'missing' ? filter : { ...filter, status: tab };
  const list = usePayables(shown);
  // The list as it opens is kept for the next visit's first frame.
  const asOpened = tab === 'all' && filter === NO_FILTER && target === null && !list.loading && list.rows.length > 0;
  useKeptFrame(payablesFrame, asOpened ? { locale, pageSize: PAGE_SIZE } : null);
  const missing = useMissingBills(tab === 'missing');
  const close = () => {
    setTarget(null);
    if (params.has('order')) setParams({}, { replace: true });
  };
  const exportAs = async (kind: 'xlsx' | 'csv') => {
    try {
      const [rows, file] = await Promise.all([fetchAllPayables(shown), import('./payables-export')]);
      const headers = file.EXPORT_COLUMNS.map((c) => t(`payables.export.${c}`));
      file.savePayables(kind, rows, headers, rtl, t('payables.export.fileName'));
    } catch (err) {
      showError(err);
    }
  };
  if (list.error && list.rows.length === 0) return <LoadError error={list.error} onReload={list.reload} />;
  return (
    <Paper sx={{ p: 2 }} data-testid="payables-screen">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('payables.list.intro')}
      </Typography>
      <Tabs value={tab} onChange={(_e, v: TabId) => setTab(v)} sx={{ mb: 2 }}>
        {TABS.map((id) => (
          <Tab key={id} value={id} label={t(`payables.tabs.${id}`)} data-testid={`tab-${id}`} />
        ))}
      </Tabs>
      {tab === 'missing' ? (
        <MissingBillsTable
          rows={missing.data?.Items}
          locale={locale}
          onEnter={(m) => setTarget({ accountId: m.AccountId, orderId: m.OrderId, period: m.Period })}
        />
      ) : (
        <>
          <Filters filter={filter} onChange={setFilter} />
          <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            {list.totals.map((s) => (
              <Typography key={s.Currency} variant="body2" data-testid="payables-total" data-frame-volatile="">
                {t('payables.list.total', {
                  count: s.Count,
                  gross: formatCurrency(s.Gross, s.Currency, locale),
                  balance: formatCurrency(s.Balance, s.Currency, locale),
                })}
              </Typography>
            ))}
            <Button size="small" onClick={() => void exportAs('xlsx')} data-testid="export-xlsx">
              {t('payables.actions.exportXlsx')}
            </Button>
            <Button size="small" onClick={() => void exportAs('csv')} data-testid="export-csv">
              {t('payables.actions.exportCsv')}
            </Button>
          </Stack>
          <PayablesTable
            list={list}
            locale={locale}
            onOpen={(b) => setTarget({ accountId: b.AccountId, billId: b.ID })}
          />
        </>
      )}
      {target && (
        <Suspense fallback={null}>
          <BillDialog key={JSON.stringify(target)} target={target} onClose={close} />
        </Suspense>
      )}
    </Paper>
  );
}
