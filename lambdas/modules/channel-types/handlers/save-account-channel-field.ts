import { saveAccountChannelField } from '../account-channel-types';
import { serviceHandler } from '../../../service-handler';
import { saveAccountChannelFieldRoute } from '../routes';

export const handler = serviceHandler(saveAccountChannelFieldRoute, ({ input, caller, accountId }) =>
  saveAccountChannelField(caller, accountId, input),
);
