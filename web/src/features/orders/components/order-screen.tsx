import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REQUIRES } from '@server/shared/policy';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { useApiError } from '../../../components/ui/use-api-error';
import { useSession } from '../../../lib/auth';
import { isAllowed } from '../../../lib/authorization';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatDate } from '../../../lib/format';
import { approveOrder, revokeOrder, sendOrder, type OrderView, type SendOrderInput } from '../api/orders-api';
import { ordersChanged, useOrder } from '../api/orders-queries';
import { OrderDiff } from './order-diff';
import { OrderMonthsTable } from './order-months-table';
import { OrderStatusChip } from './orders-table';
import { RevokeDialog } from './revoke-dialog';
import { SendDialog } from './send-dialog';
import { SendStatus } from './send-status';
import { SignedCopy } from './signed-copy';

/** What the order says of itself: vendor, plan version, its own version, currency and the rate used. */
function OrderHeading({ order, locale, approver }: { order: OrderView; locale: string; approver: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" data-testid="order-vendor">
          {order.VendorName}
        </Typography>
        <OrderStatusChip status={order.Status} />
      </Stack>
      <Typography variant="body2">
        {t('orders.detail.source', {
          account: order.AccountName,
          activity: order.ActivityName,
          planVersion: order.PlanVersion,
          version: order.Version,
        })}
      </Typography>
      <Typography variant="body2">
        {order.Rate
          ? t('orders.detail.rate', {
              currency: order.CurrencyCode,
              from: order.Rate.From,
              rate: order.Rate.Rate,
              to: order.Rate.To,
              date: formatDate(order.Rate.Date, locale),
            })
          : t('orders.detail.sameCurrency', { currency: order.CurrencyCode })}
      </Typography>
      {order.ApprovedAt && (
        <Typography variant="body2" data-testid="order-approved">
          {t('orders.detail.approved', { by: order.ApprovedBy ?? '', at: formatDate(order.ApprovedAt, locale, true) })}
        </Typography>
      )}
      {order.Status === 'draft' && order.RevokedAt && (
        <Typography variant="body2" data-testid="order-revoked">
          {t('orders.detail.revoked', {
            by: order.RevokedBy ?? '',
            at: formatDate(order.RevokedAt, locale, true),
            reason: order.RevokeReason ?? '',
          })}
        </Typography>
      )}
      <SendStatus order={order} locale={locale} />
      <SignedCopy order={order} locale={locale} approver={approver} />
    </Stack>
  );
}

/** An approver's buttons: approve a draft; send or revoke an approved order. */
function ApproverActions(p: {
  draft: boolean;
  busy: boolean;
  onApprove: () => void;
  onSend: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
      {p.draft ? (
        <Button variant="contained" color="success" disabled={p.busy} onClick={p.onApprove} data-testid="approve-order">
          {t('orders.actions.approve')}
        </Button>
      ) : (
        <>
          <Button variant="contained" disabled={p.busy} onClick={p.onSend} data-testid="send-order">
            {t('orders.actions.send')}
          </Button>
          <Button color="error" variant="outlined" disabled={p.busy} onClick={p.onRevoke} data-testid="revoke-order">
            {t('orders.actions.revoke')}
          </Button>
        </>
      )}
    </Stack>
  );
}

/** The screen's writes, one at a time: the dialogs closed and the orders read again after each. */
function useOrderWrites(reload: () => void) {
  const showError = useApiError();
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const [sending, setSending] = useState(false);
  const act = async (write: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await write();
      setRevoking(false);
      setSending(false);
      await ordersChanged();
    } catch (err) {
      showError(err, { reload });
    } finally {
      setBusy(false);
    }
  };
  return { busy, revoking, setRevoking, sending, setSending, act };
}

/** One order: its months × lines, the plan's later changes, approve (lock) and revoke (unlock). */
export function OrderScreen() {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const params = useParams();
  const accountId = Number(params.accountId);
  const q = useOrder(accountId, Number(params.orderId));
  const approver = isAllowed(useSession()?.profile, REQUIRES.mediaPlanApprover);
  const { busy, revoking, setRevoking, sending, setSending, act } = useOrderWrites(() => void q.refetch());
  const [notice, setNotice] = useState('');
  if (q.error) return <LoadError error={q.error} onReload={() => void q.refetch()} />;
  if (!q.data) return <Loader />;
  const order = q.data;
  return (
    <Paper sx={{ p: 2 }} data-testid="order-screen">
      <OrderHeading order={order} locale={locale} approver={approver} />
      <Button
        component={RouterLink}
        to={`/orders/${accountId}/${order.ID}/flowchart`}
        size="small"
        sx={{ mb: 1 }}
        data-testid="order-flowchart"
      >
        {t('orders.actions.flowchart')}
      </Button>
      {approver && (
        <ApproverActions
          draft={order.Status === 'draft'}
          busy={busy}
          onApprove={() => void act(() => approveOrder(accountId, order))}
          onSend={() => setSending(true)}
          onRevoke={() => setRevoking(true)}
        />
      )}
      {notice && (
        <Typography variant="body2" role="status" sx={{ mb: 1 }} data-testid="send-notice">
          {notice}
        </Typography>
      )}
      <Button
        component={RouterLink}
        to={`/payables/list?account=${accountId}&order=${order.ID}`}
        size="small"
        sx={{ mb: 2 }}
        data-testid="order-bills"
      >
        {t('orders.actions.bills')}
      </Button>
      <OrderDiff order={order} locale={locale} />
      <OrderMonthsTable order={order} locale={locale} />
      <RevokeDialog
        open={revoking}
        busy={busy}
        onClose={() => setRevoking(false)}
        onRevoke={(reason) => void act(() => revokeOrder(accountId, order, reason))}
      />
      {sending && (
        <SendDialog
          order={order}
          busy={busy}
          onClose={() => setSending(false)}
          onSend={(input: SendOrderInput) =>
            void act(async () => {
              const r = await sendOrder(accountId, input);
              setNotice(
                r.NotMailed.length
                  ? t('orders.send.notMailed', { list: r.NotMailed.join(', ') })
                  : t('orders.send.done', { count: r.Mailed.length }),
              );
            })
          }
        />
      )}
    </Paper>
  );
}
