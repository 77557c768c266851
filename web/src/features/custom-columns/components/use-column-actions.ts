import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useApiError } from '../../../components/ui/use-api-error';
import { useEntityActions } from '../../../components/ui/use-entity-actions';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import type { CustomColumn } from '../api/custom-columns-api';
import { columnQueries, useColumnWrites } from '../api/custom-columns-queries';
import { toPayload, type ColumnForm } from './column-form';

/**
 * A refused restore (409) names why when it is not a stale version: the formula no longer parses
 * against today's metric names (COLUMN_FORMULA_BROKEN), or an active column has the name now (NAME_TAKEN).
 */
function useRestoreError() {
  const showApiError = useApiError();
  const { show } = useSnackbar();
  const { t } = useTranslation();
  return useCallback(
    (err: unknown, opts: { fallback?: string; reload?: () => void } = {}) => {
      if (err instanceof ApiError && err.isConflict && !err.isStale) {
        show({ severity: 'error', message: t('customColumns.restoreRefused', { reason: apiErrorText(err, t) }) });
        return;
      }
      showApiError(err, opts);
    },
    [showApiError, show, t],
  );
}

/** A conflict's Reload: every column list is out of date. */
const COLUMN_LISTS = ['CustomColumnsService', 'GetCustomColumnsList'] as const;

/**
 * What the custom-columns screen does: the dialog (`editing`, set by the screen), its save and its
 * formula check, archive and restore.
 */
export function useColumnActions() {
  const { t } = useTranslation();
  const showError = useApiError();
  const qc = useQueryClient();
  const writes = useColumnWrites();
  const actions = useEntityActions<CustomColumn, ColumnForm>({
    listKey: COLUMN_LISTS,
    save: (form) => writes.save.mutateAsync(toPayload(form)),
    archive: (id) => writes.archive.mutateAsync(id),
    restore: (id) => writes.restore.mutateAsync(id),
    keys: {
      archiveTitle: 'customColumns.confirmArchive.title',
      archiveMessage: 'customColumns.confirmArchive.message',
      restoreTitle: 'customColumns.confirmRestore.title',
      restoreMessage: 'customColumns.confirmRestore.message',
      restored: 'customColumns.restored',
      restoreFailed: 'customColumns.restoreFailed',
    },
    restoreError: useRestoreError(),
  });

  const check = async (formula: string, s: ColumnForm['Scope']) => {
    try {
      return await qc.fetchQuery(columnQueries.check(formula, s));
    } catch (err) {
      showError(err, { fallback: t('snackbar.saveFailed') });
      throw err;
    }
  };

  const { editing, setEditing, save, archive, restore } = actions;
  return { editing, setEditing, save, check, archive, restore };
}
