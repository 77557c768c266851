import { generateOrdersFor } from '../generate';
import { serviceHandler } from '../../../service-handler';
import { generateOrdersRoute } from '../routes';

export const handler = serviceHandler(generateOrdersRoute, ({ input, caller, accountId }) =>
  generateOrdersFor(caller, accountId, input.mediaMixId),
);
