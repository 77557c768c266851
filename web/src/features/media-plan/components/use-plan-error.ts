import type { TFunction } from 'i18next';
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
  return useCallback(
    (err: unknown, opts: { fallback?: string; reload?: () => void } = {}) => {
      if (err instanceof ApiError && err.isConflict && !err.isStale) {
        show({
          severity: 'warning',
          message: apiErrorText(err, t),
          action: opts.reload ? { label: t('common.reload'), onClick: opts.reload } : undefined,
        });
        return;
      }
      showApiError(err, opts);
    },
    [showApiError, show, t],
  );
}

/**
 * Why a line's save failed, for the row itself (the snackbar may be gone by the time the planner
 * looks): the same words the snackbar used, in the user's language, chosen by the error's code.
 */
export function saveFailureText(err: unknown, t: TFunction): string {
  if (!(err instanceof ApiError)) return t('snackbar.saveFailed');
  if (err.isNetwork) return t('errors.network');
  if (err.isPermissionMissing) return t('errors.permissionMissing');
  if (err.isStale) return t('errors.conflict');
  return apiErrorText(err, t) || t('snackbar.saveFailed');
}
