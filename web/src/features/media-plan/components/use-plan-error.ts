import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { STALE_VERSION_MESSAGE } from '../../../../../lambdas/kit/errors';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { ApiError } from '../../../lib/api-client';

/**
 * Errors of the plan screens. A stale version (409) says "changed by someone else" and offers a
 * reload; the plan's other 409s name what is wrong ("Version 2 is Submitted…", "No exchange rate
 * from ILS to USD…"), so their text is shown as the server wrote it, also with a reload.
 */
export function usePlanError() {
  const showApiError = useApiError();
  const { show } = useSnackbar();
  const { t } = useTranslation();
  return useCallback((err: unknown, opts: { fallback?: string; reload?: () => void } = {}) => {
    if (err instanceof ApiError && err.isConflict && err.message && err.message !== STALE_VERSION_MESSAGE) {
      show({ severity: 'warning', message: err.message, action: opts.reload ? { label: t('common.reload'), onClick: opts.reload } : undefined });
      return;
    }
    showApiError(err, opts);
  }, [showApiError, show, t]);
}
