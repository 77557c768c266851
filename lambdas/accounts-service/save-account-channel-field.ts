import { saveAccountChannelField } from '../domain/account-channel-types';
import { serviceHandler } from '../service-handler';
import { saveAccountChannelFieldRoute } from '../routes/accounts-service';

export const handler = serviceHandler(saveAccountChannelFieldRoute, ({ input, caller, accountId }) =>
  saveAccountChannelField(caller, accountId, input),
);
