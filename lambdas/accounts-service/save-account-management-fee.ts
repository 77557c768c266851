import { saveAccountFee } from '../domain/account-channel-types';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('AccountsService', 'SaveAccountManagementFee', ({ input, caller, accountId }) =>
  saveAccountFee(caller, accountId!, input.ids, 'ManagementFeePct', input.management_fee));
