import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REQUIRES } from '@server/shared/policy';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/ui/loader';
import { useApiError } from '../../../components/ui/use-api-error';
import { useSession } from '../../../lib/auth';
import { isAllowed } from '../../../lib/authorization';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { uploadToStorage } from '../../../lib/storage-upload';
import {
  approveBill,
  billUploadUrl,
  overrideBill,
  recordPayment,
  saveBill,
  type VendorBillView,
} from '../api/payables-api';
import { billsChanged, useBill, useBillOrder } from '../api/payables-queries';
import { BillReview } from './bill-review';

/** Which bill the dialog shows: an existing one, or a new one of an order (and a month, from the missing bills). */
export type BillTarget =
  | { accountId: number; billId: number }
  | { accountId: number; orderId: number; period?: string };

interface FormState {
  Period: string;
  VendorRef: string;
  BillDate: string;
  Net: string;
  Vat: string;
  Gross: string;
  FileKey: string | null;
}

const formOf = (b: VendorBillView | undefined, period = ''): FormState => ({
  Period: b?.Period ?? period,
  VendorRef: b?.VendorRef ?? '',
  BillDate: b?.BillDate ?? '',
  Net: b ? String(b.Net) : '',
  Vat: b ? String(b.Vat) : '',
  Gross: b ? String(b.Gross) : '',
  FileKey: b?.FileKey ?? null,
});

/** Uploads the chosen PDF through a pre-signed form; the bill names its key when saved. */
function PdfField({ accountId, onKey }: { accountId: number; onKey: (key: string) => void }) {
  const { t } = useTranslation();
  const showError = useApiError();
  const [state, setState] = useState<'idle' | 'uploading' | 'done'>('idle');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setState('uploading');
    try {
      const form = await billUploadUrl(accountId, file);
      await uploadToStorage(form, file, () => {});
      onKey(form.FileKey);
      setState('done');
    } catch (err) {
      setState('idle');
      showError(err);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button component="label" variant="outlined" disabled={state === 'uploading'}>
        {t('payables.form.file')}
        <input
          hidden
          type="file"
          accept="application/pdf"
          data-testid="bill-file-input"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </Button>
      <Typography variant="body2" data-testid="bill-file-state">
        {state === 'done' ? t('payables.form.fileReady') : state === 'uploading' ? t('payables.form.uploading') : ''}
      </Typography>
    </Stack>
  );
}

/** Enter or edit a bill, upload its PDF, then see its check; an approver overrides, approves, records payments. */
export function BillDialog({ target, onClose }: { target: BillTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const showError = useApiError();
  const approver = isAllowed(useSession()?.profile, REQUIRES.mediaPlanApprover);
  const [saved, setSaved] = useState<VendorBillView | undefined>();
  const billQ = useBill(target.accountId, 'billId' in target ? target.billId : null);
  const bill = saved ?? billQ.data;
  const orderId = 'orderId' in target ? target.orderId : (bill?.OrderId ?? null);
  const orderQ = useBillOrder(target.accountId, orderId);
  const [form, setForm] = useState<FormState>(formOf(undefined, 'period' in target ? target.period : ''));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (billQ.data) setForm(formOf(billQ.data));
  }, [billQ.data]);
  const order = orderQ.data;
  const run = async (write: () => Promise<VendorBillView>) => {
    setBusy(true);
    try {
      setSaved(await write());
      await billsChanged();
    } catch (err) {
      showError(err, { reload: () => void billQ.refetch() });
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(() =>
      saveBill(target.accountId, {
        ID: bill?.ID ?? 0,
        version: bill?.version ?? 0,
        OrderId: order!.ID,
        Period: form.Period,
        VendorRef: form.VendorRef.trim(),
        BillDate: form.BillDate,
        Net: Number(form.Net),
        Vat: Number(form.Vat),
        Gross: Number(form.Gross),
        Currency: order!.Currency,
        FileKey: form.FileKey,
      }),
    );
  const field = (k: keyof FormState, extra: Record<string, unknown> = {}) => ({
    size: 'small' as const,
    label: t(`payables.form.${k}`),
    value: form[k] ?? '',
    disabled: busy || Boolean(bill?.ApprovedAt),
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value })),
    slotProps: { htmlInput: { 'data-testid': `bill-${k}` }, inputLabel: { shrink: true } },
    ...extra,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="bill-dialog">
      <DialogTitle>
        {bill ? t('payables.form.editTitle', { ref: bill.VendorRef }) : t('payables.form.newTitle')}
      </DialogTitle>
      <DialogContent>
        {!order ? (
          <Loader />
        ) : (
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            <Typography variant="body2" data-testid="bill-order">
              {t('payables.form.order', {
                vendor: order.VendorName,
                activity: order.ActivityName,
                currency: order.CurrencyCode,
              })}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <TextField select sx={{ minWidth: 140 }} {...field('Period')}>
                {order.Periods.map((p) => (
                  <MenuItem key={p.Month} value={p.Month}>
                    {p.Month}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                {...field('VendorRef', {
                  slotProps: { htmlInput: { maxLength: 60, 'data-testid': 'bill-VendorRef' } },
                })}
              />
              <TextField type="date" {...field('BillDate')} />
            </Stack>
            <Stack direction="row" spacing={1}>
              <TextField {...field('Net')} />
              <TextField {...field('Vat')} />
              <TextField {...field('Gross')} />
            </Stack>
            {!bill?.ApprovedAt && (
              <PdfField accountId={target.accountId} onKey={(key) => setForm((f) => ({ ...f, FileKey: key }))} />
            )}
          </Stack>
        )}
        {bill && (
          <BillReview
            bill={bill}
            locale={locale}
            approver={approver}
            busy={busy}
            act={{
              override: (note) => void run(() => overrideBill(bill, note)),
              approve: () => void run(() => approveBill(bill)),
              pay: (p) => void run(() => recordPayment(bill, p)),
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {!bill?.ApprovedAt && (
          <Button variant="contained" disabled={busy || !order} onClick={() => void save()} data-testid="save-bill">
            {t('payables.actions.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
