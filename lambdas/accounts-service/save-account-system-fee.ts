import { saveAccountFee } from '../domain/account-channel-types';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'SaveAccountSystemFee', ({ input, caller, accountId }) =>
  saveAccountFee(caller, accountId!, input.ids, 'SystemFeePct', input.system_fee));
