import { lineActualsFor } from '../domain/campaign-lines';
import { serviceHandler } from '../service-handler';
import { getLineActualsRoute } from '../routes/connectors-service';

export const handler = serviceHandler(getLineActualsRoute, ({ input, caller, accountId }) =>
  lineActualsFor(caller, accountId, input.lineIds),
);
