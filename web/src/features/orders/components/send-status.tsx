import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../../../components/ui/use-api-error';
import { downloadFile } from '../../../lib/download';
import { formatDate } from '../../../lib/format';
import { orderDocument, type OrderView } from '../api/orders-api';

/** The documents of the latest send, as the vendor received them (the server checks their SHA-256). */
function SentDocuments({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const showError = useApiError();
  const [busy, setBusy] = useState(false);
  const save = async (format: 'pdf' | 'xlsx') => {
    setBusy(true);
    try {
      downloadFile(await orderDocument(order.AccountId, order.ID, format));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" disabled={busy} onClick={() => void save('pdf')} data-testid="order-download-pdf">
        {t('orders.send.downloadPdf')}
      </Button>
      <Button size="small" disabled={busy} onClick={() => void save('xlsx')} data-testid="order-download-xlsx">
        {t('orders.send.downloadXlsx')}
      </Button>
    </Stack>
  );
}

/** Where the order stands with the vendor: sent (to whom, until when), accepted by whom, rejected and why, or outdated. */
export function SendStatus({ order, locale }: { order: OrderView; locale: string }) {
  const { t } = useTranslation();
  const s = order.Send;
  if (!s) return null;
  const d = s.Decision;
  const at = (iso: string) => formatDate(iso, locale, true);
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" data-testid="order-send-status">
        {d?.Kind === 'accepted'
          ? t('orders.send.accepted', { name: d.TypedName ?? '', by: d.By, at: at(d.At) })
          : d?.Kind === 'rejected'
            ? t('orders.send.rejected', { by: d.By, at: at(d.At), reason: d.Reason ?? '' })
            : s.Current
              ? t('orders.send.sent', { to: s.Recipients.join(', '), at: at(s.SentAt), until: at(s.ExpiresAt) })
              : t('orders.send.outdated', { at: at(s.SentAt) })}
      </Typography>
      <SentDocuments order={order} />
    </Stack>
  );
}
