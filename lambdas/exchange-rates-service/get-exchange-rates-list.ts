import { listExchangeRates } from '../domain/exchange-rates';
import { serviceHandler } from '../service-handler';
import { getExchangeRatesListRoute } from '../routes/exchange-rates-service';

export const handler = serviceHandler(getExchangeRatesListRoute, ({ input, caller }) =>
  listExchangeRates(caller, input),
);
