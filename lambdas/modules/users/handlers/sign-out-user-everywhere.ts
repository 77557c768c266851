import { signOutUserEverywhereFor } from '../user-changes';
import { serviceHandler } from '../../../service-handler';
import { signOutUserEverywhereRoute } from '../routes';

export const handler = serviceHandler(signOutUserEverywhereRoute, ({ input, caller }) =>
  signOutUserEverywhereFor(caller, input),
);
