import { saveExchangeRateFor } from '../domain/exchange-rates';
import { serviceHandler } from '../service-handler';
import { saveExchangeRateRoute } from '../routes/exchange-rates-service';

export const handler = serviceHandler(saveExchangeRateRoute, ({ input, caller }) => saveExchangeRateFor(caller, input));
