import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../../../components/ui/use-api-error';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { generateOrders, type GenerateOrdersReply } from '../api/orders-api';
import { ordersChanged, useOrdersList } from '../api/orders-queries';
import { OrdersTable } from './orders-table';

/**
 * The orders of one approved plan version (reached from the plan editor): "Generate orders" makes
 * or refreshes them (idempotent); lines without a vendor are named, not ordered.
 */
export function PlanOrdersScreen({ accountId, mediaMixId }: { accountId: number; mediaMixId: number }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const list = useOrdersList({ mediaMixId }, accountId);
  const showError = useApiError();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<GenerateOrdersReply | null>(null);
  const generate = async () => {
    setBusy(true);
    try {
      setResult(await generateOrders(accountId, mediaMixId));
      await ordersChanged();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ p: 2 }} data-testid="plan-orders">
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t('orders.plan.title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          {t('orders.plan.intro')}
        </Typography>
        <Button variant="contained" onClick={() => void generate()} disabled={busy} data-testid="generate-orders">
          {t('orders.actions.generate')}
        </Button>
      </Stack>
      {result && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="generate-result">
          {t('orders.plan.generated', { count: result.Orders.length })}
          {result.NoVendor.length > 0 && (
            <div data-testid="no-vendor">
              {t('orders.plan.noVendor', { lines: result.NoVendor.map((l) => l.Name).join(', ') })}
            </div>
          )}
        </Alert>
      )}
      <OrdersTable list={list} locale={locale} />
    </Paper>
  );
}
