import { saveLineFor } from '../lines';
import { serviceHandler } from '../../../service-handler';
import { saveLineRoute } from '../routes';

export const handler = serviceHandler(saveLineRoute, ({ input, caller, accountId }) =>
  saveLineFor(caller, accountId, input),
);
