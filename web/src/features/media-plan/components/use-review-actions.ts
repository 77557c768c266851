import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { useSnackbar } from '../../../components/ui/snackbar';
import { ApiError } from '../../../lib/api-client';
import { formatCurrency } from '../../../lib/format';
import { approveVersion, clientSignOff, submitVersion, type VersionInfo } from '../api/media-plan-api';
import { invalidRows, type Act } from './use-plan-actions';

interface ReviewActionsOf {
  scope: number;
  info: VersionInfo | undefined;
  locale: string;
  act: Act;
  flushAll: () => Promise<void>;
  versionNumber: () => number;
  reloadAll: () => void;
}

/** The review's buttons: submit (asked again when over the activity's budget), approve, the client's sign-off. */
export function useReviewActions({ scope, info, locale, act, flushAll, versionNumber, reloadAll }: ReviewActionsOf) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const confirm = useConfirm();

  const submit = () =>
    act('submit', async () => {
      if (!info) return;
      await flushAll();
      if (invalidRows() > 0) {
        show({ severity: 'error', message: t('mediaPlan.fixErrors') });
        return;
      }
      try {
        await submitVersion(scope, info.ID, versionNumber());
      } catch (err) {
        // Over the activity's budget: the server names the amount; ask, then send it confirmed.
        if (!(err instanceof ApiError) || err.code !== 'OVER_BUDGET_UNCONFIRMED') throw err;
        const amount = formatCurrency(Number(err.params.amount), info.Currency, locale);
        const budget = formatCurrency(Number(err.params.budget), info.Currency, locale);
        const ok = await confirm({
          title: t('mediaPlan.confirmOverBudget.title'),
          message: t('mediaPlan.confirmOverBudget.message', { n: info.Version, amount, budget }),
          confirmLabel: t('mediaPlan.confirmOverBudget.submit'),
        });
        if (!ok) return;
        await submitVersion(scope, info.ID, versionNumber(), true);
      }
      show({ message: t('mediaPlan.submitted') });
      reloadAll();
    });

  const approve = async () => {
    if (!info) return;
    const ok = await confirm({
      title: t('mediaPlan.confirmApprove.title'),
      message: t('mediaPlan.confirmApprove.message', { n: info.Version }),
      confirmLabel: t('mediaPlan.actions.approve'),
    });
    if (!ok) return;
    await act('approve', async () => {
      await approveVersion(scope, info.ID, info.version);
      show({ message: t('mediaPlan.approved') });
      reloadAll();
    });
  };

  const signOff = async () => {
    if (!info) return;
    const ok = await confirm({
      title: t('mediaPlan.confirmSignOff.title'),
      message: t('mediaPlan.confirmSignOff.message', { n: info.Version }),
      confirmLabel: t('mediaPlan.actions.signOff'),
    });
    if (!ok) return;
    await act('signOff', async () => {
      await clientSignOff(scope, info.ID);
      show({ message: t('mediaPlan.signedOff') });
      reloadAll();
    });
  };

  return { submit, approve, signOff };
}
