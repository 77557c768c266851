import { getAccountChannelTypesList } from '../domain/account-channel-types';
import { serviceHandler } from '../kit/handler';
import { getAccountChannelTypesListRoute } from '../routes/accounts-service';

export const handler = serviceHandler(getAccountChannelTypesListRoute, ({ caller, accountId }) =>
  getAccountChannelTypesList(caller, accountId),
);
