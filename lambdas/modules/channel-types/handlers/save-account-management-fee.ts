import { saveAccountFee } from '../account-channel-types';
import { serviceHandler } from '../../../service-handler';
import { saveAccountManagementFeeRoute } from '../routes';

export const handler = serviceHandler(saveAccountManagementFeeRoute, ({ input, caller, accountId }) =>
  saveAccountFee(caller, accountId, input.ids, 'ManagementFeePct', input.management_fee),
);
