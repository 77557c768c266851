import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDate } from '../../../lib/format';
import type { PayStatus, VendorBillView } from '../api/payables-api';

export function BillStatusChip({ status }: { status: VendorBillView['Status'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={status === 'matched' ? 'success' : 'warning'}
      label={t(`payables.status.${status}`)}
      data-testid="bill-status"
    />
  );
}

export function PayStatusChip({ status }: { status: PayStatus }) {
  const { t } = useTranslation();
  const color = status === 'paid' ? 'success' : status === 'overdue' ? 'error' : 'default';
  return <Chip size="small" color={color} label={t(`payables.payStatus.${status}`)} data-testid="pay-status" />;
}

/** The bill's check against its order period: ordered, delivered, expected, the difference and why. */
function Figures({ bill, locale }: { bill: VendorBillView; locale: string }) {
  const { t } = useTranslation();
  const money = (n: number) => formatCurrency(n, bill.Currency, locale);
  const rows: [string, string][] = [
    ['ordered', money(bill.Ordered)],
    ['delivered', bill.Delivered === null ? t('payables.review.noActuals') : money(bill.Delivered)],
    ['expected', money(bill.Expected)],
    ['difference', money(bill.Difference)],
    ['allowed', `${money(bill.Allowed)} (${bill.TolerancePct}%)`],
    ['dueDate', formatDate(bill.DueDate, locale)],
  ];
  return (
    <Stack spacing={0.5} data-testid="bill-figures">
      {rows.map(([k, v]) => (
        <Typography key={k} variant="body2" data-testid={`bill-${k}`}>
          {t(`payables.review.${k}`)}: {v}
        </Typography>
      ))}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <BillStatusChip status={bill.Status} />
        <PayStatusChip status={bill.PayStatus} />
      </Stack>
      {bill.Reasons.map((r) => (
        <Typography key={r} variant="body2" color="warning.main" data-testid="bill-reason">
          {t(`payables.reasons.${r}`)}
        </Typography>
      ))}
      {bill.Override && (
        <Typography variant="body2" data-testid="bill-override">
          {t('payables.review.overridden', {
            by: bill.Override.By,
            at: formatDate(bill.Override.At, locale, true),
            note: bill.Override.Note,
          })}
        </Typography>
      )}
      {bill.ApprovedAt && (
        <Typography variant="body2" data-testid="bill-approved">
          {t('payables.review.approved', { by: bill.ApprovedBy ?? '', at: formatDate(bill.ApprovedAt, locale, true) })}
        </Typography>
      )}
      {bill.FileUrl && (
        <Link href={bill.FileUrl} target="_blank" rel="noopener" data-testid="bill-file">
          {t('payables.review.file')}
        </Link>
      )}
    </Stack>
  );
}

export interface BillActions {
  override: (note: string) => void;
  approve: () => void;
  pay: (payment: { date: string; amount: number }) => void;
}

/** What an approver may do next: override a dispute with a note, approve, record a payment. */
function ApproverActions({ bill, busy, act }: { bill: VendorBillView; busy: boolean; act: BillActions }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [date, setDate] = useState('');
  const [amount, setAmount] = useState('');
  if (!bill.ApprovedAt && bill.Status === 'disputed')
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          label={t('payables.review.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'override-note' } }}
        />
        <Button disabled={busy || !note.trim()} onClick={() => act.override(note.trim())} data-testid="override-bill">
          {t('payables.actions.override')}
        </Button>
      </Stack>
    );
  if (!bill.ApprovedAt)
    return (
      <Button variant="contained" color="success" disabled={busy} onClick={act.approve} data-testid="approve-bill">
        {t('payables.actions.approve')}
      </Button>
    );
  if (bill.Balance <= 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        size="small"
        type="date"
        label={t('payables.review.paymentDate')}
        value={date}
        onChange={(e) => setDate(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'payment-date' } }}
      />
      <TextField
        size="small"
        label={t('payables.review.paymentAmount')}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'payment-amount' } }}
      />
      <Button
        disabled={busy || !date || !(Number(amount) > 0)}
        onClick={() => act.pay({ date, amount: Number(amount) })}
        data-testid="record-payment"
      >
        {t('payables.actions.pay')}
      </Button>
    </Stack>
  );
}

/** A saved bill: its figures, payments, and the approver's next step. */
export function BillReview(props: {
  bill: VendorBillView;
  locale: string;
  approver: boolean;
  busy: boolean;
  act: BillActions;
}) {
  const { t } = useTranslation();
  const { bill, locale } = props;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }} data-testid="bill-review">
      <Figures bill={bill} locale={locale} />
      {bill.Payments.length > 0 && (
        <Stack spacing={0.25} data-testid="bill-payments">
          {bill.Payments.map((p) => (
            <Typography key={p.At} variant="body2">
              {t('payables.review.payment', {
                date: formatDate(p.Date, locale),
                amount: formatCurrency(p.Amount, bill.Currency, locale),
                by: p.By,
              })}
            </Typography>
          ))}
        </Stack>
      )}
      {props.approver && <ApproverActions bill={bill} busy={props.busy} act={props.act} />}
    </Stack>
  );
}
