import { updateChannelTypeField } from '../channel-types';
import { serviceHandler } from '../../../service-handler';
import { updateChannelTypesFieldRoute } from '../routes';

export const handler = serviceHandler(updateChannelTypesFieldRoute, ({ input, caller }) =>
  updateChannelTypeField(caller, input),
);
