import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useSnackbar } from './snackbar';

/**
 * Shows a failed call in the snackbar (SPEC §8): 403 "Required permission missing", 409 "changed by
 * someone else" with a Reload button, a network failure, or the server's own message.
 */
export function useApiError() {
  const { show } = useSnackbar();
  const { t } = useTranslation();
  return useCallback((err: unknown, opts: { fallback?: string; reload?: () => void } = {}) => {
    if ((err as Error)?.name === 'AbortError') return;
    if (err instanceof ApiError) {
      if (err.status === 401) return; // signed out; the guard shows the sign-in page
      if (err.isForbidden) return show({ severity: 'error', message: t('errors.permissionMissing') });
      if (err.isConflict) {
        return show({
          severity: 'warning',
          message: t('errors.conflict'),
          action: opts.reload ? { label: t('common.reload'), onClick: opts.reload } : undefined,
        });
      }
      if (err.isNetwork) return show({ severity: 'error', message: t('errors.network') });
      return show({ severity: 'error', message: err.message || opts.fallback || t('snackbar.saveFailed') });
    }
    show({ severity: 'error', message: opts.fallback ?? t('snackbar.saveFailed') });
  }, [show, t]);
}
