import { saveAccountFee } from '../domain/account-channel-types';
import { serviceHandler } from '../kit/handler';
import { ACCOUNTS_SERVICE_ROUTES } from '../routes/accounts-service';

export const handler = serviceHandler(ACCOUNTS_SERVICE_ROUTES, 'SaveAccountSystemFee', ({ input, caller, accountId }) =>
  saveAccountFee(caller, accountId, input.ids, 'SystemFeePct', input.system_fee));
