import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { apiErrorText } from '../../lib/api-error-text';
import { useSnackbar } from './snackbar';

/**
 * Shows a failed call in the snackbar, reacting to its code (lambdas/shared/error-codes.ts),
 * never to the bare HTTP status: STALE_VERSION "changed by someone else" with a Reload button;
 * PERMISSION_MISSING / ACCOUNT_NO_ACCESS "Required permission missing"; a network failure; every
 * other error (a business 409 such as "still has active sub-accounts" included, which no reload
 * fixes) its own message in the user's language, else the server's.
 */
export function useApiError() {
  const { show } = useSnackbar();
  const { t } = useTranslation();
  return useCallback(
    (err: unknown, opts: { fallback?: string; reload?: () => void } = {}) => {
      if ((err as Error)?.name === 'AbortError') return;
      if (err instanceof ApiError) {
        if (err.status === 401) return; // signed out; the guard shows the sign-in page
        if (err.isNetwork) return show({ severity: 'error', message: t('errors.network') });
        if (err.isPermissionMissing) return show({ severity: 'error', message: t('errors.permissionMissing') });
        if (err.isStale) {
          return show({
            severity: 'warning',
            message: t('errors.conflict'),
            action: opts.reload ? { label: t('common.reload'), onClick: opts.reload } : undefined,
          });
        }
        return show({ severity: 'error', message: apiErrorText(err, t) || opts.fallback || t('snackbar.saveFailed') });
      }
      show({ severity: 'error', message: opts.fallback ?? t('snackbar.saveFailed') });
    },
    [show, t],
  );
}
