import { resendConfirmation } from '../contact-confirmation';
import { serviceHandler } from '../../../service-handler';
import { resendContactConfirmationRoute } from '../routes';

export const handler = serviceHandler(resendContactConfirmationRoute, ({ input, caller }) =>
  resendConfirmation(caller, input.vendorId, input.email),
);
