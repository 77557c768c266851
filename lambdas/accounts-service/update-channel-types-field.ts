import { updateChannelTypeField } from '../domain/channel-types';
import { serviceHandler } from '../service-handler';
import { updateChannelTypesFieldRoute } from '../routes/accounts-service';

export const handler = serviceHandler(updateChannelTypesFieldRoute, ({ input, caller }) =>
  updateChannelTypeField(caller, input),
);
