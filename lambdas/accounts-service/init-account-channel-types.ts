import { initAccountChannelTypes } from '../domain/account-channel-types';
import { serviceHandler } from '../service-handler';
import { initAccountChannelTypesRoute } from '../routes/accounts-service';

export const handler = serviceHandler(initAccountChannelTypesRoute, ({ input, caller, accountId }) =>
  initAccountChannelTypes(caller, accountId, input.reload),
);
