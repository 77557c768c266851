import { clientSignOff } from '../domain/media-mixes';
import { serviceHandler } from '../service-handler';
import { clientSignOffRoute } from '../routes/media-mix-service';

export const handler = serviceHandler(clientSignOffRoute, ({ input, caller, accountId }) =>
  clientSignOff(caller, accountId, input.mediaMixId),
);
