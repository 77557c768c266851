import { resetUserPasswordFor } from '../user-changes';
import { serviceHandler } from '../../../service-handler';
import { resetUserPasswordRoute } from '../routes';

export const handler = serviceHandler(resetUserPasswordRoute, ({ input, caller }) =>
  resetUserPasswordFor(caller, input),
);
