import { getAccountChannelTypesList } from '../account-channel-types';
import { serviceHandler } from '../../../service-handler';
import { getAccountChannelTypesListRoute } from '../routes';

export const handler = serviceHandler(getAccountChannelTypesListRoute, ({ caller, accountId }) =>
  getAccountChannelTypesList(caller, accountId),
);
