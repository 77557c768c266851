import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { resendConfirmation } from '../api/vendors-api';

/** "Resend confirmation" of a saved contact: says whether the mail went (or that the address is confirmed already). */
export function useResend(vendorId: number) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const showError = useApiError();
  return async (email: string) => {
    try {
      const r = await resendConfirmation(vendorId, email);
      if (r.Sent) show({ message: t('vendors.contact.resent', { email }) });
      else if (r.Confirmed) show({ message: t('vendors.contact.alreadyConfirmed', { email }) });
      else show({ severity: 'warning', message: t('vendors.contact.notSent') });
    } catch (err) {
      showError(err, { fallback: t('vendors.contact.notSent') });
    }
  };
}
