import { updateChannelTypeField } from '../domain/channel-types';
import { serviceHandler } from '../kit/handler';
import { updateChannelTypesFieldRoute } from '../routes/accounts-service';

export const handler = serviceHandler(updateChannelTypesFieldRoute, ({ input, caller }) =>
  updateChannelTypeField(caller, input),
);
