import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../../../components/ui/use-api-error';
import { useArchiveRestore } from '../../../components/ui/use-archive-restore';
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

  const { archive, restore } = useArchiveRestore<TemplateSummary>({
    keys: {
      archiveTitle: 'templates.confirmArchive.title',
      archiveMessage: 'templates.confirmArchive.message',
      restoreTitle: 'templates.confirmRestore.title',
      restoreMessage: 'templates.confirmRestore.message',
      restored: 'templates.restored',
      restoreFailed: 'templates.restoreFailed',
    },
    archive: (id) => writes.archive.mutateAsync(id),
    restore: (id) => writes.restore.mutateAsync(id),
    reload,
  });

  return { editing, setEditing, opening, open, save, archive, restore };
}
