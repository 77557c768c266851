import { getOrderDocumentFor } from '../order-download';
import { serviceHandler } from '../../../service-handler';
import { getOrderDocumentRoute } from '../routes';

export const handler = serviceHandler(getOrderDocumentRoute, ({ input, caller, accountId }) =>
  getOrderDocumentFor(caller, accountId, input),
);
