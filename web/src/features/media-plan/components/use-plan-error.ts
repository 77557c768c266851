import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';

/**
 * Errors of the plan screens. A stale version (STALE_VERSION) says "changed by someone else" and
 * offers a reload; the plan's other 409s name what is wrong (PLAN_SUBMITTED "Version 2 is
 * submitted…", RATE_MISSING…), shown in the user's language, also with a reload since the screen
 * shows the version as it was.
 */
export function usePlanError() {
  const showApiError = useApiError();
  const { show } = useSnackbar();
  const { t } = useTranslation();
  return useCallback((err: unknown, opts: { fallback?: string; reload?: () => void } = {}) => {
    if (err instanceof ApiError && err.isConflict && !err.isStale) {
      show({ severity: 'warning', message: apiErrorText(err, t), action: opts.reload ? { label: t('common.reload'), onClick: opts.reload } : undefined });
      return;
    }
    showApiError(err, opts);
  }, [showApiError, show, t]);
}
