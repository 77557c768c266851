import { useQueryClient } from '@tanstack/react-query';
import { useEntityActions } from '../../../components/ui/use-entity-actions';
import type { ChannelType, TemplateSummary } from '../api/templates-api';
import { templateQueries, useTemplateWrites } from '../api/templates-queries';
import { emptyTemplateForm, formFromTemplate, toPayload, type TemplateForm } from './template-form';

/** A conflict's Reload: every template list is out of date. */
const TEMPLATE_LISTS = ['TemplatesService', 'GetTemplatesList'] as const;

/**
 * What the templates screen does: open the dialog (`editing`, `opening` while it reads), save
 * from it, archive and restore.
 */
export function useTemplateActions() {
  const qc = useQueryClient();
  const writes = useTemplateWrites();
  return useEntityActions<TemplateSummary, TemplateForm, { form: TemplateForm; catalogue: ChannelType[] }>({
    listKey: TEMPLATE_LISTS,
    // The template as the server has it now (its version is what the save checks) and the
    // channel-type catalogue, read once and kept in the cache like any read.
    load: async (id) => {
      const [form, catalogue] = await Promise.all([
        id === null
          ? emptyTemplateForm()
          : qc.fetchQuery({ ...templateQueries.info(id), staleTime: 0 }).then(formFromTemplate),
        qc.fetchQuery(templateQueries.catalogue()).then((c) => c.Items),
      ]);
      return { form, catalogue };
    },
    save: (form) => writes.save.mutateAsync(toPayload(form)),
    archive: (id) => writes.archive.mutateAsync(id),
    restore: (id) => writes.restore.mutateAsync(id),
    keys: {
      archiveTitle: 'templates.confirmArchive.title',
      archiveMessage: 'templates.confirmArchive.message',
      restoreTitle: 'templates.confirmRestore.title',
      restoreMessage: 'templates.confirmRestore.message',
      restored: 'templates.restored',
      restoreFailed: 'templates.restoreFailed',
    },
  });
}
