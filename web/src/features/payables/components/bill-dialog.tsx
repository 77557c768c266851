import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAX_VENDOR_REF, vendorBillInput } from '@server/modules/vendor-bills/schemas';
import { REQUIRES } from '@server/shared/policy';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../../components/ui/loader';
import { useApiError } from '../../../components/ui/use-api-error';
import { useSession } from '../../../lib/auth';
import { isAllowed } from '../../../lib/authorization';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { FormNumberField } from '../../../lib/forms/form-number-field';
import { FormTextField } from '../../../lib/forms/form-text-field';
import type { RouteForm } from '../../../lib/forms/route-form';
import { useRouteForm } from '../../../lib/forms/use-route-form';
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
import { billFormOf, billInputOf, type BillForm } from './bill-form';

/** Which bill the dialog shows: an existing one, or a new one of an order (and a month, from the missing bills). */
export type BillTarget =
  | { accountId: number; billId: number }
  | { accountId: number; orderId: number; period?: string };

/** The dialog is checked by the route's own schema (SaveVendorBill's `vendorBill`); a reference the vendor has already lands on the reference. */
export const BILL_FORM: RouteForm<BillForm, typeof vendorBillInput> = {
  schema: vendorBillInput,
  toInput: billInputOf,
  inputKey: 'vendorBill',
  codeFields: { DUPLICATE_VENDOR_REF: 'VendorRef' },
};

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

type BillFieldName = 'Period' | 'VendorRef' | 'BillDate' | 'Net' | 'Vat' | 'Gross';
type BillOrderView = NonNullable<ReturnType<typeof useBillOrder>['data']>;

/** Each field's props: its label, its test id, locked while a write runs or once the bill is approved. */
function billFieldProps(control: Control<BillForm>, labelOf: (field: string) => string, locked: boolean) {
  return (name: BillFieldName, max?: number) => ({
    control,
    name,
    size: 'small' as const,
    label: labelOf(name),
    disabled: locked,
    slotProps: {
      htmlInput: { 'data-testid': `bill-${name}`, ...(max ? { maxLength: max } : {}) },
      inputLabel: { shrink: true },
    },
  });
}

/** The bill's fields under the order it bills: the month (one of the order's), the reference, the date, the amounts. */
function BillFields({
  order,
  field,
  children,
}: {
  order: BillOrderView;
  field: ReturnType<typeof billFieldProps>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} sx={{ pt: 1 }}>
      <Typography variant="body2" data-testid="bill-order">
        {t('payables.form.order', {
          vendor: order.VendorName,
          activity: order.ActivityName,
          currency: order.CurrencyCode,
        })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <FormTextField select sx={{ minWidth: 140 }} {...field('Period')}>
          {order.Periods.map((p) => (
            <MenuItem key={p.Month} value={p.Month}>
              {p.Month}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField {...field('VendorRef', MAX_VENDOR_REF)} />
        <FormTextField type="date" {...field('BillDate')} />
      </Stack>
      <Stack direction="row" spacing={1}>
        <FormNumberField {...field('Net')} />
        <FormNumberField {...field('Vat')} />
        <FormNumberField {...field('Gross')} />
      </Stack>
      {children}
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
  const period = 'period' in target ? target.period : '';
  const labelOf = useCallback((field: string) => t(`payables.form.${field}`), [t]);
  const form = useRouteForm(BILL_FORM, { defaultValues: billFormOf(undefined, undefined, period), labelOf });
  const { control, reset, setValue, submitWith } = form;
  const [busy, setBusy] = useState(false);
  const order = orderQ.data;
  // The form follows the bill read (and the order, whose currency a bill must be in).
  useEffect(() => {
    if (billQ.data) reset(billFormOf(billQ.data, order));
  }, [billQ.data, order, reset]);
  useEffect(() => {
    if (order && !billQ.data) {
      setValue('OrderId', order.ID);
      setValue('Currency', order.Currency);
    }
  }, [order, billQ.data, setValue]);
  const run = async (write: () => Promise<VendorBillView>, rethrow = false) => {
    setBusy(true);
    try {
      setSaved(await write());
      await billsChanged();
    } catch (err) {
      showError(err, { reload: () => void billQ.refetch() });
      if (rethrow) throw err;
    } finally {
      setBusy(false);
    }
  };
  // A refusal is shown, and thrown on for the form to put a field's on the field.
  const save = submitWith((values) => run(() => saveBill(target.accountId, billInputOf(values)), true));
  const locked = busy || Boolean(bill?.ApprovedAt);
  const field = billFieldProps(control, labelOf, locked);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="bill-dialog">
      <DialogTitle>
        {bill ? t('payables.form.editTitle', { ref: bill.VendorRef }) : t('payables.form.newTitle')}
      </DialogTitle>
      <DialogContent>
        {!order ? (
          <Loader />
        ) : (
          <BillFields order={order} field={field}>
            {!bill?.ApprovedAt && <PdfField accountId={target.accountId} onKey={(key) => setValue('FileKey', key)} />}
          </BillFields>
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
          <Button
            variant="contained"
            disabled={busy || !order}
            onClick={() => void save().catch(() => undefined)}
            data-testid="save-bill"
          >
            {t('payables.actions.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
