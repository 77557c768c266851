import { enableUserFor } from '../user-changes';
import { serviceHandler } from '../../../service-handler';
import { enableUserRoute } from '../routes';

export const handler = serviceHandler(enableUserRoute, ({ input, caller }) => enableUserFor(caller, input));
