import { lineActualsFor } from '../campaign-lines';
import { serviceHandler } from '../../../service-handler';
import { getLineActualsRoute } from '../routes';

export const handler = serviceHandler(getLineActualsRoute, ({ input, caller, accountId }) =>
  lineActualsFor(caller, accountId, input.lineIds),
);
