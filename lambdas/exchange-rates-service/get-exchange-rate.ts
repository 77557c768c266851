import { getExchangeRateFor } from '../domain/exchange-rates';
import { serviceHandler } from '../service-handler';
import { getExchangeRateRoute } from '../routes/exchange-rates-service';

export const handler = serviceHandler(getExchangeRateRoute, ({ input, caller }) => getExchangeRateFor(caller, input));
