import { useCallback } from 'react';
import { useConfirm } from './confirm-dialog';
import type { ConfirmOptions } from './confirm-options';
import { useSnackbar } from './snackbar';
import type { SnackbarMessage } from './snackbar-message';
import { useApiError } from './use-api-error';

/** Shows a failed call (useApiError, or a screen's own variant of it). */
export type ShowError = ReturnType<typeof useApiError>;

export interface ConfirmedAction<T> {
  /** Asked first; the action runs only once the user confirms. Omitted or null: nothing is asked. */
  confirm?: ConfirmOptions | null;
  /** The call (and whatever belongs with it). */
  action: () => Promise<T>;
  /** The snackbar message once it is done (with its severity when the outcome is not a plain success). */
  success: string | ((result: T) => string | SnackbarMessage);
  /** The error message when the server gives none. */
  failure?: string;
  /** Reads the screen's data again: after success, and from the Reload button of a conflict. */
  reload?: () => void;
  /** Runs after success instead of `reload` (e.g. puts the row the server returned in place). */
  done?: (result: T) => void;
  /** Rejects with the error once it is shown, so that a dialog's onSave keeps the dialog open. */
  rethrow?: boolean;
}

/**
 * The console's "confirm → call → snackbar → reload, or show the error" flow, on the confirmation
 * dialog, the snackbar and useApiError:
 *
 *   const run = useConfirmedAction();
 *   run({ confirm: { title, message, destructive: true }, action: () => deleteX(id),
 *     success: t('snackbar.deleted'), failure: t('snackbar.deleteFailed'), reload });
 */
export function useConfirmedAction(showError?: ShowError) {
  const confirm = useConfirm();
  const { show } = useSnackbar();
  const showApiError = useApiError();
  const onError = showError ?? showApiError;
  return useCallback(
    async <T>(a: ConfirmedAction<T>): Promise<void> => {
      if (a.confirm && !(await confirm(a.confirm))) return;
      let result: T;
      try {
        result = await a.action();
      } catch (err) {
        onError(err, { fallback: a.failure, reload: a.reload });
        if (a.rethrow) throw err;
        return;
      }
      const message = typeof a.success === 'function' ? a.success(result) : a.success;
      show(typeof message === 'string' ? { message } : message);
      if (a.done) a.done(result);
      else a.reload?.();
    },
    [confirm, show, onError],
  );
}
