import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useLocaleAndDirection } from '../../../lib/display/use-locale';
import { deleteRate, saveRate, type ExchangeRateView } from '../api/exchange-rates-api';
import { formatDay } from './rate-format';
import { toPayload, type RateForm } from './rate-form';

/** Saving one rate from the dialog (`close` shuts it) and deleting one after a confirmation. */
export function useRateSaves(reload: () => void, close: () => void) {
  const { t } = useTranslation();
  const { locale } = useLocaleAndDirection();
  const { show } = useSnackbar();
  const showError = useApiError();
  const run = useConfirmedAction();

  const save = async (form: RateForm) => {
    try {
      await saveRate(toPayload(form));
      show({ message: t('snackbar.saved') });
      close();
      reload();
    } catch (err) {
      // A new rate for a Date/From/To that has one (RATE_EXISTS): say so and offer to reload, rather than "changed by someone else".
      if (err instanceof ApiError && err.code === 'RATE_EXISTS')
        show({
          severity: 'warning',
          message: apiErrorText(err, t),
          action: {
            label: t('common.reload'),
            onClick: () => {
              close();
              reload();
            },
          },
        });
      else
        showError(err, {
          fallback: t('snackbar.saveFailed'),
          reload: () => {
            close();
            reload();
          },
        });
      throw err;
    }
  };

  const remove = (r: ExchangeRateView) =>
    run({
      confirm: {
        title: t('exchangeRates.confirmDelete.title'),
        message: t('exchangeRates.confirmDelete.message', { from: r.From, to: r.To, date: formatDay(r.Date, locale) }),
        confirmLabel: t('exchangeRates.actions.delete'),
        destructive: true,
      },
      action: () => deleteRate(r),
      success: t('snackbar.deleted'),
      failure: t('snackbar.deleteFailed'),
      reload,
    });

  return { save, remove };
}
