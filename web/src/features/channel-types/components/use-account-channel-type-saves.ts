import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import { initAccountChannelTypes, type AccountChannelType, type BulkEditResult } from '../api/channel-types-api';
import { channelTypeQueries, mergeById } from '../api/channel-types-queries';

/**
 * The account's channel-type list and the calls that change it: `bulk` for one all-or-nothing
 * call over a selection, `setup` to copy the catalogue in. `busy` is true while either runs.
 */
export function useAccountChannelTypeSaves(accountId: number) {
  const { t } = useTranslation();
  const run = useConfirmedAction();
  const qc = useQueryClient();
  const query = channelTypeQueries.account(accountId);
  const list = useQuery(query);
  const readAgain = () => void list.refetch();
  /** What a save answered goes into the cached list (the plan editor's too: same key), no second read. */
  const setItems = (change: (rows: AccountChannelType[]) => AccountChannelType[]) =>
    qc.setQueryData(query.queryKey, (old) => ({
      AccountId: old?.AccountId ?? accountId,
      Items: change(old?.Items ?? []),
    }));
  const [busy, setBusy] = useState(false);

  /** Shows the progress bar while `task` runs; the toolbar and the set-up buttons wait for it. */
  const whileBusy = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  };

  const bulk = (call: () => Promise<BulkEditResult>) =>
    whileBusy(() =>
      run({
        action: call,
        success: (r) => t('channelTypes.bulkSaved', { n: r.Changed }),
        failure: t('snackbar.saveFailed'),
        reload: readAgain,
        rethrow: true,
        done: (r) => setItems((rows) => mergeById(rows, r.Items)),
      }),
    );

  const setup = (reload: boolean) =>
    whileBusy(() =>
      run({
        action: () => initAccountChannelTypes(accountId, reload),
        success: (r) => t('channelTypes.added', { n: r.Added }),
        reload: readAgain,
        done: (r) => setItems(() => r.Items),
      }),
    );

  return { list, readAgain, busy, bulk, setup };
}
