import { useQueryClient } from '@tanstack/react-query';
import { useEntityActions } from '../../../components/ui/use-entity-actions';
import type { Vendor } from '../api/vendors-api';
import { vendorQueries, useVendorWrites } from '../api/vendors-queries';
import { emptyVendorForm, formFromVendor, toPayload, type VendorForm } from './vendor-form';

/** A conflict's Reload: every vendor list (and vendor) is out of date. */
const VENDOR_READS = ['VendorsService'] as const;

/** What the vendors screen does: open the dialog (`editing`, `opening` while it reads), save from it, archive and restore. */
export function useVendorActions() {
  const qc = useQueryClient();
  const writes = useVendorWrites();
  return useEntityActions<Vendor, VendorForm>({
    listKey: VENDOR_READS,
    // A new vendor's form at once; an existing one as the server has it now.
    load: (id) =>
      id === null ? emptyVendorForm() : qc.fetchQuery({ ...vendorQueries.one(id), staleTime: 0 }).then(formFromVendor),
    save: (form) => writes.save.mutateAsync(toPayload(form)),
    archive: (id) => writes.archive.mutateAsync(id),
    restore: (id) => writes.restore.mutateAsync(id),
    keys: {
      archiveTitle: 'vendors.confirmArchive.title',
      archiveMessage: 'vendors.confirmArchive.message',
      restoreTitle: 'vendors.confirmRestore.title',
      restoreMessage: 'vendors.confirmRestore.message',
      restored: 'vendors.restored',
      restoreFailed: 'vendors.restoreFailed',
    },
  });
}
