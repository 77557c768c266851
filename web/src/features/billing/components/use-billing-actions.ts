import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { useApiError } from '../../../components/ui/use-api-error';
import { useApiMutation } from '../../../lib/api-mutation';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { downloadFile } from '../../../lib/download';
import { formatCurrency } from '../../../lib/format';
import {
  exportBillableStatement,
  markBillableFinal,
  reopenBillableMonth,
  type BillableStatementView,
} from '../api/billing-api';

/** The month's actions: the Excel export, Mark final after a confirmation, and reopening a final month. */
export function useBillingActions(accountId: number, month: string, monthName: string) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const showError = useApiError();
  const confirm = useConfirm();
  const [exporting, setExporting] = useState(false);
  const [reopening, setReopening] = useState(false);
  const mark = useApiMutation(markBillableFinal, [['BillingService', 'GetBillableStatement']]);
  const reopen = useApiMutation(reopenBillableMonth, [['BillingService', 'GetBillableStatement']]);

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

  return { exporting, onExport, mark, onMark, reopen, reopening, setReopening, onReopen };
}
