import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../../../components/ui/use-api-error';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import type { ChannelType, TemplateSummary } from '../api/templates-api';
import { templateQueries, useTemplateWrites } from '../api/templates-queries';
import { emptyTemplateForm, formFromTemplate, toPayload, type TemplateForm } from './template-form';

/**
 * What the templates screen does: open the dialog (`editing`, `opening` while it reads), save
 * from it, archive and restore.
 */
export function useTemplateActions() {
  const { t } = useTranslation();
  const showError = useApiError();
  const run = useConfirmedAction();
  const qc = useQueryClient();
  const writes = useTemplateWrites();
  const [editing, setEditing] = useState<{ form: TemplateForm; catalogue: ChannelType[] } | null>(null);
  const [opening, setOpening] = useState(false);
  /** A conflict's Reload: every template list is out of date, the one on screen read at once. */
  const reload = useCallback(
    () => void qc.invalidateQueries({ queryKey: ['TemplatesService', 'GetTemplatesList'] }),
    [qc],
  );

  /**
   * The dialog opens on the template as the server has it now (its version is what the save checks)
   * and the channel-type catalogue, read once and kept in the cache like any read.
   */
  const open = async (id: number | null) => {
    setOpening(true);
    try {
      const [form, catalogue] = await Promise.all([
        id === null
          ? emptyTemplateForm()
          : qc.fetchQuery({ ...templateQueries.info(id), staleTime: 0 }).then(formFromTemplate),
        qc.fetchQuery(templateQueries.catalogue()).then((c) => c.Items),
      ]);
      setEditing({ form, catalogue });
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
  const save = (form: TemplateForm) =>
    run({
      action: () => writes.save.mutateAsync(toPayload(form)),
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload: closeAndReload,
      done: () => setEditing(null),
      rethrow: true,
    });

  const { archive, restore } = useTemplateArchiving(reload);

  return { editing, setEditing, opening, open, save, archive, restore };
}

/** Archiving (after a confirmation) and restoring one template. */
function useTemplateArchiving(reload: () => void) {
  const { t } = useTranslation();
  const run = useConfirmedAction();
  const writes = useTemplateWrites();
  // A write invalidates the lists itself (useTemplateWrites), so success reads nothing more here.
  const nothingMore = () => undefined;
  const archive = (tpl: TemplateSummary) =>
    run({
      confirm: {
        title: t('templates.confirmArchive.title'),
        message: t('templates.confirmArchive.message', { name: tpl.Name }),
        confirmLabel: t('accounts.actions.archive'),
        destructive: true,
      },
      action: () => writes.archive.mutateAsync(tpl.ID),
      success: t('snackbar.deleted'),
      failure: t('snackbar.deleteFailed'),
      reload,
      done: nothingMore,
    });

  const restore = (tpl: TemplateSummary) =>
    run({
      confirm: {
        title: t('templates.confirmRestore.title'),
        message: t('templates.confirmRestore.message', { name: tpl.Name }),
        confirmLabel: t('accounts.actions.restore'),
      },
      action: () => writes.restore.mutateAsync(tpl.ID),
      success: t('templates.restored'),
      failure: t('templates.restoreFailed'),
      reload,
      done: nothingMore,
    });

  return { archive, restore };
}
