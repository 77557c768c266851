import type { AlertColor } from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useConfirmedAction } from '../../../components/ui/use-confirmed-action';
import type { AgentConnector, AgentConnectorPayload } from '../api/connectors-api';
import { useConnectorWrites } from '../api/connectors-queries';

/** A test that found no access or failed is not a success: its message warns or errs. */
const TESTED_SEVERITY: Record<AgentConnector['Status'], AlertColor> = {
  OK: 'success',
  NoAccess: 'warning',
  Error: 'error',
  Untested: 'info',
};

/** The connections' writes, each through the app's confirmed action: save (then `saved`), test, archive. */
export function useAgentConnectorActions(reload: () => void, saved: () => void) {
  const { t } = useTranslation();
  const writes = useConnectorWrites();
  const run = useConfirmedAction();
  const save = (payload: AgentConnectorPayload) =>
    run({
      action: () => writes.saveAgent.mutateAsync(payload),
      success: t('snackbar.saved'),
      failure: t('snackbar.saveFailed'),
      reload,
      done: saved,
      rethrow: true,
    });
  const test = (a: AgentConnector) =>
    run({
      action: () => writes.testAgent.mutateAsync(a.ID),
      success: (r) => ({ message: t(`connectors.tested.${r.Status}`), severity: TESTED_SEVERITY[r.Status] }),
      failure: t('connectors.testFailed'),
      reload,
    });
  const archive = (a: AgentConnector) =>
    run({
      confirm: {
        title: t('connectors.confirmArchive.title'),
        message: t('connectors.confirmArchive.message', { name: a.Name }),
        confirmLabel: t('accounts.actions.archive'),
        destructive: true,
      },
      action: () => writes.deleteAgent.mutateAsync(a.ID),
      success: t('snackbar.deleted'),
      failure: t('snackbar.deleteFailed'),
      reload,
    });
  return { save, test, archive };
}
