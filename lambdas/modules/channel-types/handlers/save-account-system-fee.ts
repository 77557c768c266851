import { saveAccountFee } from '../account-channel-types';
import { serviceHandler } from '../../../service-handler';
import { saveAccountSystemFeeRoute } from '../routes';

export const handler = serviceHandler(saveAccountSystemFeeRoute, ({ input, caller, accountId }) =>
  saveAccountFee(caller, accountId, input.ids, 'SystemFeePct', input.system_fee),
);
