import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiError } from './use-api-error';
import { type ArchiveRestoreKeys, useArchiveRestore } from './use-archive-restore';
import { useConfirmedAction, type ShowError } from './use-confirmed-action';

export interface EntityActionsOptions<TForm, TEditing> {
  /**
   * The lists a conflict's Reload invalidates (every list of the entity is out of date, the one on
   * screen is read at once). A constant of the feature: the hook's `reload` keeps its identity.
   */
  listKey: QueryKey;
  /**
   * What the dialog opens on for an id (null: a new item). A value is shown at once; a promise (the
   * item as the server has it now, whose version the save checks) sets `opening` while it reads,
   * and a failed read is shown with a Reload. Without `load` the screen sets `editing` itself.
   */
  load?: (id: number | null) => TEditing | Promise<TEditing>;
  /** The dialog's save: the dialog closes once it succeeds and stays open (the promise rejects) when it fails. */
  save: (form: TForm) => Promise<unknown>;
  /** Archive and restore after their confirmations (useArchiveRestore). */
  archive: (id: number) => Promise<unknown>;
  restore: (id: number) => Promise<unknown>;
  keys: ArchiveRestoreKeys;
  /** Shows a refused restore when the feature explains it its own way. */
  restoreError?: ShowError;
}

/**
 * What a settings list with an edit dialog does (vendors, templates, custom columns): the dialog's
 * state (`editing`, `opening` while it reads), opening it on an item, saving from it, archiving and
 * restoring rows. A save or archive conflict's Reload invalidates `listKey`; a conflicting save also
 * closes the dialog, whose form is out of date.
 */
export function useEntityActions<TItem extends { ID: number; Name: string }, TForm, TEditing = TForm>(
  options: EntityActionsOptions<TForm, TEditing>,
) {
  const { t } = useTranslation();
  const showError = useApiError();
  const run = useConfirmedAction();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<TEditing | null>(null);
  const [opening, setOpening] = useState(false);
  const { listKey, load } = options;
  const reload = useCallback(() => void qc.invalidateQueries({ queryKey: listKey }), [qc, listKey]);

  const open = async (id: number | null) => {
    if (!load) return;
    const next = load(id);
    if (!(next instanceof Promise)) {
      setEditing(next);
      return;
    }
    setOpening(true);
    try {
      setEditing(await next);
    } catch (err) {
      showError(err, { fallback: t('errors.loadFailed'), reload });
    } finally {
      setOpening(false);
    }
  };

  const closeAndReload = () => {
    setEditing(null);
    reload();
  };
  const save = (form: TForm) =>
    run({
      action: () => options.save(form),
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload: closeAndReload,
      done: () => setEditing(null),
      rethrow: true,
    });

  const { archive, restore } = useArchiveRestore<TItem>({
    keys: options.keys,
    archive: options.archive,
    restore: options.restore,
    reload,
    restoreError: options.restoreError,
  });

  return { editing, setEditing, opening, open, save, archive, restore };
}
