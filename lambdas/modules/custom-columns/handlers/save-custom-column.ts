import { saveColumnFor } from '../columns';
import { serviceHandler } from '../../../service-handler';
import { saveCustomColumnRoute } from '../routes';

export const handler = serviceHandler(saveCustomColumnRoute, ({ input, caller }) =>
  saveColumnFor(caller, input.customColumn),
);
