import { deleteExchangeRateFor } from '../rates';
import { serviceHandler } from '../../../service-handler';
import { deleteExchangeRateRoute } from '../routes';

export const handler = serviceHandler(deleteExchangeRateRoute, ({ input, caller }) =>
  deleteExchangeRateFor(caller, input),
);
