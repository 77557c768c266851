import { sendOrderFor } from '../sending';
import { serviceHandler } from '../../../service-handler';
import { sendOrderRoute } from '../routes';

export const handler = serviceHandler(sendOrderRoute, ({ input, caller, accountId }) =>
  sendOrderFor(caller, accountId, input),
);
