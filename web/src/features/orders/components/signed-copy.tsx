import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBytes } from '@server/shared/file-size';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../../../components/ui/use-api-error';
import { downloadFile } from '../../../lib/download';
import { formatDate } from '../../../lib/format';
import { uploadToStorage } from '../../../lib/storage-upload';
import {
  recordSignedCopy,
  signedCopy,
  signedCopyUploadUrl,
  type OrderView,
  type SignedCopyType,
} from '../api/orders-api';
import { ordersChanged } from '../api/orders-queries';

const TYPES: readonly string[] = ['application/pdf', 'image/png', 'image/jpeg'] satisfies SignedCopyType[];

/** The signed copy recorded (who, when, size, which version; outdated once the order changed) and its download. */
function RecordedCopy({ order, locale }: { order: OrderView; locale: string }) {
  const { t } = useTranslation();
  const showError = useApiError();
  const [busy, setBusy] = useState(false);
  const a = order.Offline;
  if (!a) return null;
  const values = {
    by: a.RecordedBy,
    at: formatDate(a.RecordedAt, locale, true),
    size: formatBytes(a.Size),
    version: a.OrderVersion,
  };
  const save = async () => {
    setBusy(true);
    try {
      downloadFile(await signedCopy(order.AccountId, order.ID));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" data-testid="order-offline-status">
        {a.Current ? t('orders.offline.recorded', values) : t('orders.offline.outdated', values)}
      </Typography>
      <Button size="small" disabled={busy} onClick={() => void save()} data-testid="order-download-signed">
        {t('orders.offline.download')}
      </Button>
    </Stack>
  );
}

/** Uploads the chosen file through a pre-signed form, then records it (the server checks its content). */
function RecordCopy({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const showError = useApiError();
  const inputId = useId();
  const [state, setState] = useState<'idle' | 'uploading' | 'wrongType' | 'done'>('idle');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!TYPES.includes(file.type)) return setState('wrongType');
    setState('uploading');
    try {
      const form = await signedCopyUploadUrl(order.AccountId, order.ID, file.type as SignedCopyType, file.size);
      await uploadToStorage(form, file, () => {});
      await recordSignedCopy(order.AccountId, order.ID, form.UploadKey);
      setState('done');
      await ordersChanged();
    } catch (err) {
      setState('idle');
      showError(err);
    }
  };
  const said = {
    uploading: 'orders.offline.uploading',
    wrongType: 'orders.offline.wrongType',
    done: 'orders.offline.done',
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button component="label" htmlFor={inputId} size="small" variant="outlined" disabled={state === 'uploading'}>
        {t('orders.offline.record')}
        <input
          id={inputId}
          hidden
          type="file"
          accept={TYPES.join(',')}
          aria-label={t('orders.offline.fileLabel')}
          data-testid="order-signed-input"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </Button>
      <Typography variant="body2" role="status" data-testid="order-signed-state">
        {state === 'idle' ? '' : t(said[state])}
      </Typography>
    </Stack>
  );
}

/**
 * Offline acceptance on the order's send status: the vendor's signed copy recorded, and for an
 * approver "Record signed copy" while the approved order is not yet accepted at its version.
 */
export function SignedCopy({ order, locale, approver }: { order: OrderView; locale: string; approver: boolean }) {
  const acceptedOnline = order.Send?.Current && order.Send.Decision?.Kind === 'accepted';
  const canRecord = approver && order.Status === 'approved' && !acceptedOnline && !order.Offline?.Current;
  return (
    <>
      <RecordedCopy order={order} locale={locale} />
      {canRecord && <RecordCopy order={order} />}
    </>
  );
}
