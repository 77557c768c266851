import { deleteExchangeRateFor } from '../domain/exchange-rates';
import { serviceHandler } from '../service-handler';
import { deleteExchangeRateRoute } from '../routes/exchange-rates-service';

export const handler = serviceHandler(deleteExchangeRateRoute, ({ input, caller }) =>
  deleteExchangeRateFor(caller, input),
);
