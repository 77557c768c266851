import { clientSignOff } from '../plans';
import { serviceHandler } from '../../../service-handler';
import { clientSignOffRoute } from '../routes';

export const handler = serviceHandler(clientSignOffRoute, ({ input, caller, accountId }) =>
  clientSignOff(caller, accountId, input.mediaMixId),
);
