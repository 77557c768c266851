import { saveColumnFor } from '../domain/custom-columns';
import { serviceHandler } from '../service-handler';
import { saveCustomColumnRoute } from '../routes/custom-columns-service';

export const handler = serviceHandler(saveCustomColumnRoute, ({ input, caller }) =>
  saveColumnFor(caller, input.customColumn),
);
