import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import type { AccountConnector, AccountConnectorPayload } from '../api/connectors-api';
import { useConnectorWrites } from '../api/connectors-queries';

/** The account's links' writes: save (its snackbar says when the sync will bring the data; then `saved`) and unlink (confirmed). */
export function useAccountLinkActions(accountId: number, reload: () => void, saved: () => void) {
  const { t } = useTranslation();
  const writes = useConnectorWrites();
  const run = useConfirmedAction();
  const save = (link: AccountConnectorPayload) =>
    run({
      action: () => writes.saveLink.mutateAsync({ accountId, link }),
      success: (r) => ({
        message: t(`connectors.linkSync.${r.Sync}`),
        severity: r.Sync === 'underWay' || r.Sync === 'nextScheduledRun' ? 'info' : 'success',
      }),
      failure: t('snackbar.saveFailed'),
      reload,
      done: saved,
      rethrow: true,
    });
  const archive = (a: AccountConnector) =>
    run({
      confirm: {
        title: t('connectors.confirmUnlink.title'),
        message: t('connectors.confirmUnlink.message', { name: a.AgentConnectorName }),
        confirmLabel: t('accounts.actions.archive'),
        destructive: true,
      },
      action: () => writes.deleteLink.mutateAsync({ accountId, id: a.ID }),
      success: t('snackbar.deleted'),
      failure: t('snackbar.deleteFailed'),
      reload,
    });
  return { save, archive };
}
