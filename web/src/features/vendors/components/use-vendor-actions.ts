import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiError } from '../../../components/ui/use-api-error';
import { useArchiveRestore } from '../../../components/ui/use-archive-restore';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import type { Vendor } from '../api/vendors-api';
import { vendorQueries, useVendorWrites } from '../api/vendors-queries';
import { emptyVendorForm, formFromVendor, toPayload, type VendorForm } from './vendor-form';

/** What the vendors screen does: open the dialog (`editing`, `opening` while it reads), save from it, archive and restore. */
export function useVendorActions() {
  const { t } = useTranslation();
  const showError = useApiError();
  const run = useConfirmedAction();
  const qc = useQueryClient();
  const writes = useVendorWrites();
  const [editing, setEditing] = useState<VendorForm | null>(null);
  const [opening, setOpening] = useState(false);
  /** A conflict's Reload: every vendor list is out of date, the one on screen read at once. */
  const reload = useCallback(() => void qc.invalidateQueries({ queryKey: ['VendorsService'] }), [qc]);

  /** The dialog opens on the vendor as the server has it now: its version is what the save checks. */
  const open = async (id: number | null) => {
    if (id === null) {
      setEditing(emptyVendorForm());
      return;
    }
    setOpening(true);
    try {
      setEditing(formFromVendor(await qc.fetchQuery({ ...vendorQueries.one(id), staleTime: 0 })));
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
  const save = (form: VendorForm) =>
    run({
      action: () => writes.save.mutateAsync(toPayload(form)),
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload: closeAndReload,
      done: () => setEditing(null),
      rethrow: true,
    });

  const { archive, restore } = useArchiveRestore<Vendor>({
    keys: {
      archiveTitle: 'vendors.confirmArchive.title',
      archiveMessage: 'vendors.confirmArchive.message',
      restoreTitle: 'vendors.confirmRestore.title',
      restoreMessage: 'vendors.confirmRestore.message',
      restored: 'vendors.restored',
      restoreFailed: 'vendors.restoreFailed',
    },
    archive: (id) => writes.archive.mutateAsync(id),
    restore: (id) => writes.restore.mutateAsync(id),
    reload,
  });

  return { editing, setEditing, opening, open, save, archive, restore };
}
