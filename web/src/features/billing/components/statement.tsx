import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { formatCurrency } from '../../../lib/format';
import type { BillableStatementView } from '../api/billing-api';

function Money({ value, currency }: { value: number | null; currency: 1 | 2 }) {
  const { locale } = useLocaleAndDirection();
  return <bdi dir="ltr">{value === null ? '—' : formatCurrency(value, currency, locale)}</bdi>;
}

/** The month's statement: its lines, the totals in the account currency, the exchange-rate effect apart. */
export function Statement({ s }: { s: BillableStatementView }) {
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
        <StatementLines s={s} />
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

function StatementLines({ s }: { s: BillableStatementView }) {
  const { t } = useTranslation();
  const cur = s.Currency;
  return (
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
  );
}
