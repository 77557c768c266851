import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { format, subMonths } from 'date-fns';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { REQUIRES } from '@server/shared/policy';
import { HistoryButton } from '../../../components/history/history-button';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { useSession } from '../../../lib/auth';
import { isAllowed } from '../../../lib/authorization';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { intlLocale } from '../../../lib/format';
import { billableStatementQuery, type BillableStatementView } from '../api/billing-api';
import { MonthPicker } from './month-picker';
import { ReopenDialog } from './reopen-dialog';
import { Statement } from './statement';
import { StatementStatus } from './statement-status';
import { useBillingActions } from './use-billing-actions';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' as the locale names a month ("March 2026", "מרץ 2026"). */
const monthNameIn = (month: string, locale: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** Last calendar month, 'YYYY-MM' (the month an agency bills at the start of the next). */
export const lastMonth = (now = new Date()) => format(subMonths(now, 1), 'yyyy-MM');

/** The month shown, whether it is a month at all, and its name in the locale. */
function useBillingMonth(locale: string) {
  // A link may name the month (?month=YYYY-MM); else last month.
  const [month, setMonth] = useState(
    () => MONTH.exec(new URLSearchParams(window.location.search).get('month') ?? '')?.[0] ?? lastMonth(),
  );
  const valid = MONTH.test(month);
  const monthName = valid ? monthNameIn(month, locale) : month;
  return { month, setMonth, valid, monthName };
}

/** Why Mark final is off for this statement (null: it is on). */
function markBlocked(s: BillableStatementView | undefined, mayMark: boolean, t: TFunction): string | null {
  return !s
    ? null
    : s.Final
      ? t('billing.alreadyFinal')
      : !mayMark
        ? t('billing.needsPermission')
        : !s.CanMarkFinal
          ? t('billing.notFinalYet')
          : null;
}

/** The statement read, with its final state, and the reopen dialog while it is open. */
function MonthStatement({
  s,
  monthName,
  reopening,
  busy,
  onCancel,
  onReopen,
}: {
  s: BillableStatementView;
  monthName: string;
  reopening: boolean;
  busy: boolean;
  onCancel: () => void;
  onReopen: (reason: string) => void;
}) {
  return (
    <>
      <StatementStatus s={s} />
      <Statement s={s} />
      {reopening && <ReopenDialog open monthName={monthName} busy={busy} onCancel={onCancel} onReopen={onReopen} />}
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
  const { month, setMonth, valid, monthName } = useBillingMonth(locale);
  const q = useQuery({ ...billableStatementQuery(accountId, month), enabled: valid });
  const s = q.data;
  const mayMark = isAllowed(session?.profile, REQUIRES.managementReports);
  const mayReopen = isAllowed(session?.profile, REQUIRES.admin);
  const { exporting, onExport, mark, onMark, reopen, reopening, setReopening, onReopen } = useBillingActions(
    accountId,
    month,
    monthName,
  );
  const blocked = markBlocked(s, mayMark, t);

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
        <MonthStatement
          s={s}
          monthName={monthName}
          reopening={reopening}
          busy={reopen.isPending}
          onCancel={() => setReopening(false)}
          onReopen={(reason) => onReopen(s, reason)}
        />
      )}
    </Box>
  );
}
