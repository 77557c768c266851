import { initAccountChannelTypes } from '../account-channel-types';
import { serviceHandler } from '../../../service-handler';
import { initAccountChannelTypesRoute } from '../routes';

export const handler = serviceHandler(initAccountChannelTypesRoute, ({ input, caller, accountId }) =>
  initAccountChannelTypes(caller, accountId, input.reload),
);
