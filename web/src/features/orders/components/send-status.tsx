import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import type { OrderView } from '../api/orders-api';

/** Where the order stands with the vendor: sent (to whom, until when), accepted by whom, rejected and why, or outdated. */
export function SendStatus({ order, locale }: { order: OrderView; locale: string }) {
  const { t } = useTranslation();
  const s = order.Send;
  if (!s) return null;
  const d = s.Decision;
  const at = (iso: string) => formatDate(iso, locale, true);
  return (
    <Typography variant="body2" data-testid="order-send-status">
      {d?.Kind === 'accepted'
        ? t('orders.send.accepted', { name: d.TypedName ?? '', by: d.By, at: at(d.At) })
        : d?.Kind === 'rejected'
          ? t('orders.send.rejected', { by: d.By, at: at(d.At), reason: d.Reason ?? '' })
          : s.Current
            ? t('orders.send.sent', { to: s.Recipients.join(', '), at: at(s.SentAt), until: at(s.ExpiresAt) })
            : t('orders.send.outdated', { at: at(s.SentAt) })}
    </Typography>
  );
}
