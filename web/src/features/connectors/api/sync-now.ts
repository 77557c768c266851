import type { SyncNowReply } from '@server/modules/connectors/replies/sync';
import { callApi } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';

export type { SyncNowReply };

/** Sync now: queues a sync of every ad account linked to the connection. */
export const syncAgentConnectorNow = (agentConnectorId: number) =>
  callApi('ConnectorsService', 'SyncAgentConnectorNow', { agentConnectorId });

/** Sync now; the connections list reads again (its rows' LastSyncAt and status move as the jobs end). */
export const useSyncNow = () =>
  useApiMutation(syncAgentConnectorNow, [['ConnectorsService', 'GetAgentConnectorsList']]);
