import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { format, subMonths } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUIRES } from '@server/shared/policy';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { useApiError } from '../../../components/ui/use-api-error';
import { useApiMutation } from '../../../lib/api-mutation';
import { useSession } from '../../../lib/auth';
import { isAllowed } from '../../../lib/authorization';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatCurrency, formatDate, intlLocale } from '../../../lib/format';
import { downloadFile } from '../../../lib/download';
import { HistoryButton } from '../../../components/history/history-button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { MonthPicker } from './month-picker';
import { useReasonText } from './reason-text';
import { ReopenDialog } from './reopen-dialog';
import {
  billableStatementQuery,
  exportBillableStatement,
  markBillableFinal,
  reopenBillableMonth,
  type BillableStatementView,
} from '../api/billing-api';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' as the locale names a month ("March 2026", "מרץ 2026"). */
const monthNameIn = (month: string, locale: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** Last calendar month, 'YYYY-MM' (the month an agency bills at the start of the next). */
export const lastMonth = (now = new Date()) => format(subMonths(now, 1), 'yyyy-MM');

function Money({ value, currency }: { value: number | null; currency: 1 | 2 }) {
  const { locale } = useLocaleAndDirection();
  return <bdi dir="ltr">{value === null ? '—' : formatCurrency(value, currency, locale)}</bdi>;
}

function Statement({ s }: { s: BillableStatementView }) {
  const { t } = useTranslation();
  const cur = s.Currency;
  const totals: [string, number, string?][] = [
    ['net', s.Net],
    ['managementFee', s.ManagementFee],
    ['systemFee', s.SystemFee],
    ['creativeFee', s.CreativeFee],
    ['setupFee', s.SetupFee],
    ['subtotal', s.Subtotal],
    ['vat', s.Vat, s.ApplyVat ? t('billing.vatPct', { pct: s.VatPct }) : t('billing.vatOff')],
    ['total', s.Total],
  ];
  const fxHint = s.Fx.Gap
    ? t(`billing.fxGap.${s.Fx.Gap}`)
    : s.Fx.ForeignCurrencies.length
      ? t('billing.fxHint', { currencies: s.Fx.ForeignCurrencies.join(', ') })
      : t('billing.fxNone');
  return (
    <>
      {s.Lines.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('billing.noLines')}
        </Alert>
      ) : (
        <TableContainer sx={{ mb: 3 }}>
          <Table size="small" data-testid="billing-lines">
            <TableHead>
              <TableRow>
                {['activity', 'line', 'net', 'managementFee', 'systemFee', 'creativeFee', 'subtotal'].map((k) => (
                  <TableCell key={k} align={k === 'activity' || k === 'line' ? undefined : 'right'}>
                    {t(`billing.columns.${k}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {s.Lines.map((l) => (
                <TableRow key={l.LineId} data-testid="billing-line">
                  <TableCell>{l.ActivityName}</TableCell>
                  <TableCell component="th" scope="row">
                    {l.LineName}
                  </TableCell>
                  <TableCell align="right">
                    <Money value={l.Net} currency={cur} />
                  </TableCell>
                  <TableCell align="right">
                    <Money value={l.ManagementFee} currency={cur} />
                  </TableCell>
                  <TableCell align="right">
                    <Money value={l.SystemFee} currency={cur} />
                  </TableCell>
                  <TableCell align="right">
                    <Money value={l.CreativeFee} currency={cur} />
                  </TableCell>
                  <TableCell align="right">
                    <Money value={l.Subtotal} currency={cur} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography variant="h6" component="h2" gutterBottom>
        {t('billing.totalsTitle', { currency: s.CurrencyCode })}
      </Typography>
      <Table size="small" sx={{ maxWidth: 520, mb: 3 }} data-testid="billing-totals">
        <TableBody>
          {totals.map(([k, v, hint]) => (
            <TableRow key={k} data-total={k}>
              <TableCell component="th" scope="row" sx={k === 'total' ? { fontWeight: 'bold' } : undefined}>
                {t(`billing.totals.${k}`)}
                {hint ? ` (${hint})` : ''}
              </TableCell>
              <TableCell align="right" sx={k === 'total' ? { fontWeight: 'bold' } : undefined}>
                <Money value={v} currency={cur} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box data-testid="billing-fx" sx={{ mb: 2 }}>
        <Typography variant="subtitle1">
          {t('billing.fxTitle')}: <Money value={s.Fx.Effect} currency={cur} />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {fxHint}
        </Typography>
      </Box>
    </>
  );
}

/**
 * Billable amounts of an account: the month's statement (per line, the money stack,
 * VAT and total in the account currency, the exchange-rate effect apart), why it is not final yet,
 * Mark final (ManagementReports, only when the month may be final) and the Excel export.
 */
export function BillingScreen({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const session = useSession();
  const showError = useApiError();
  const reasonText = useReasonText();
  // A link may name the month (?month=YYYY-MM); else last month.
  const [month, setMonth] = useState(
    () => MONTH.exec(new URLSearchParams(window.location.search).get('month') ?? '')?.[0] ?? lastMonth(),
  );
  const [exporting, setExporting] = useState(false);
  const valid = MONTH.test(month);
  const q = useQuery({ ...billableStatementQuery(accountId, month), enabled: valid });
  const mark = useApiMutation(markBillableFinal, [['BillingService', 'GetBillableStatement']]);
  const reopen = useApiMutation(reopenBillableMonth, [['BillingService', 'GetBillableStatement']]);
  const confirm = useConfirm();
  const [reopening, setReopening] = useState(false);
  const s = q.data;
  const mayMark = isAllowed(session?.profile, REQUIRES.managementReports);
  const mayReopen = isAllowed(session?.profile, REQUIRES.admin);
  const monthName = valid ? monthNameIn(month, locale) : month;
  const blocked = !s
    ? null
    : s.Final
      ? t('billing.alreadyFinal')
      : !mayMark
        ? t('billing.needsPermission')
        : !s.CanMarkFinal
          ? t('billing.notFinalYet')
          : null;

  const onExport = async () => {
    setExporting(true);
    try {
      downloadFile(await exportBillableStatement(accountId, month, locale));
    } catch (err) {
      showError(err);
    } finally {
      setExporting(false);
    }
  };

  // Marking final freezes what is billed: the user confirms the month and the total first.
  const onMark = async (st: BillableStatementView) => {
    const total = formatCurrency(st.Total, st.Currency, locale);
    const yes = await confirm({
      title: t('billing.confirmMark.title', { month: monthName }),
      message: t('billing.confirmMark.message', { month: monthName, total }),
      confirmLabel: t('billing.markFinal'),
    });
    if (yes) mark.mutate({ accountId, month, version: st.version }, { onError: (err) => showError(err) });
  };
  const onReopen = (st: BillableStatementView, reason: string) =>
    reopen.mutate(
      { accountId, month, reason, version: st.version },
      {
        onSuccess: () => setReopening(false),
        onError: (err) => showError(err),
      },
    );

  return (
    <Box data-testid="billing-screen">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <MonthPicker
          value={month}
          onChange={setMonth}
          locale={locale}
          label={t('billing.month')}
          error={!valid}
          helperText={valid ? undefined : t('billing.monthInvalid')}
        />
        <Button
          variant="outlined"
          onClick={() => void onExport()}
          disabled={!s || exporting}
          data-testid="billing-export"
        >
          {t('billing.export')}
        </Button>
        <Button
          variant="contained"
          data-testid="billing-mark-final"
          disabled={!s || blocked !== null || mark.isPending}
          onClick={() => s && void onMark(s)}
        >
          {t('billing.markFinal')}
        </Button>
        {s?.Final && mayReopen && (
          <Button variant="outlined" color="warning" onClick={() => setReopening(true)} data-testid="billing-reopen">
            {t('billing.reopen.open')}
          </Button>
        )}
        {valid && (
          <HistoryButton
            variant="button"
            entity="billableStatement"
            id={month}
            accountId={accountId}
            label={monthName}
          />
        )}
        {blocked && (
          <Typography variant="body2" color="text.secondary" data-testid="billing-mark-blocked">
            {blocked}
          </Typography>
        )}
      </Stack>
      {!valid ? null : q.error ? (
        <LoadError error={q.error} onReload={() => void q.refetch()} />
      ) : !s ? (
        <Loader />
      ) : (
        <>
          {s.Final ? (
            <Alert severity="success" sx={{ mb: 2 }} data-testid="billing-final">
              {t('billing.final', {
                by: s.FinalizedByName ?? s.FinalizedBy ?? '',
                at: s.FinalizedAt ? formatDate(s.FinalizedAt, locale, true) : '',
              })}
            </Alert>
          ) : (
            s.NotFinalReasons.length > 0 && (
              <Alert severity="warning" sx={{ mb: 2 }} data-testid="billing-not-final">
                <Typography variant="subtitle2">{t('billing.notFinalTitle')}</Typography>
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {s.NotFinalReasons.map((r, i) => (
                    <li key={i} data-testid="billing-reason" data-code={r.Code}>
                      {reasonText(r)}
                    </li>
                  ))}
                </ul>
              </Alert>
            )
          )}
          <Statement s={s} />
          {reopening && (
            <ReopenDialog
              open
              monthName={monthName}
              busy={reopen.isPending}
              onCancel={() => setReopening(false)}
              onReopen={(reason) => onReopen(s, reason)}
            />
          )}
        </>
      )}
    </Box>
  );
}
