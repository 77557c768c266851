import { recordOfflineAcceptanceFor } from '../offline-acceptance';
import { serviceHandler } from '../../../service-handler';
import { recordOfflineAcceptanceRoute } from '../routes';

export const handler = serviceHandler(recordOfflineAcceptanceRoute, ({ input, caller, accountId }) =>
  recordOfflineAcceptanceFor(caller, accountId, input),
);
