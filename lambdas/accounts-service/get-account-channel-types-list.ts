import { getAccountChannelTypesList } from '../domain/account-channel-types';
import { serviceHandler } from '../service-handler';
import { getAccountChannelTypesListRoute } from '../routes/accounts-service';

export const handler = serviceHandler(getAccountChannelTypesListRoute, ({ caller, accountId }) =>
  getAccountChannelTypesList(caller, accountId),
);
