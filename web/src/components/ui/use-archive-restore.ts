import { useTranslation } from 'react-i18next';
import { useConfirmedAction, type ShowError } from './use-confirmed-action';

/** An item of a list whose delete archives: what the confirmations name it by. */
interface Archivable {
  ID: number;
  Name: string;
}

/** A feature's strings for archiving and restoring (keys of its catalogue; the messages take `name`). */
export interface ArchiveRestoreKeys {
  archiveTitle: string;
  archiveMessage: string;
  restoreTitle: string;
  restoreMessage: string;
  restored: string;
  restoreFailed: string;
}

/**
 * Archiving (after a confirmation) and restoring (after one too) an item of a list: the writes
 * invalidate the lists themselves, so success reads nothing more; a conflict's Reload is `reload`.
 * `restoreError` shows a refused restore when the feature explains it its own way.
 */
export function useArchiveRestore<T extends Archivable>(options: {
  keys: ArchiveRestoreKeys;
  archive: (id: number) => Promise<unknown>;
  restore: (id: number) => Promise<unknown>;
  reload: () => void;
  restoreError?: ShowError;
}) {
  const { keys, reload } = options;
  const { t } = useTranslation();
  const run = useConfirmedAction();
  const runRestore = useConfirmedAction(options.restoreError);
  const nothingMore = () => undefined;
  const archive = (item: T) =>
    run({
      confirm: {
        title: t(keys.archiveTitle),
        message: t(keys.archiveMessage, { name: item.Name }),
        confirmLabel: t('accounts.actions.archive'),
        destructive: true,
      },
      action: () => options.archive(item.ID),
      success: t('snackbar.deleted'),
      failure: t('snackbar.deleteFailed'),
      reload,
      done: nothingMore,
    });

  const restore = (item: T) =>
    runRestore({
      confirm: {
        title: t(keys.restoreTitle),
        message: t(keys.restoreMessage, { name: item.Name }),
        confirmLabel: t('accounts.actions.restore'),
      },
      action: () => options.restore(item.ID),
      success: t(keys.restored),
      failure: t(keys.restoreFailed),
      reload,
      done: nothingMore,
    });

  return { archive, restore };
}
