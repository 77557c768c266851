import { listExchangeRates } from '../domain/exchange-rates';
import { serviceHandler } from '../kit/handler';
import { getExchangeRatesListRoute } from '../routes/exchange-rates-service';

export const handler = serviceHandler(getExchangeRatesListRoute, ({ input, caller }) =>
  listExchangeRates(caller, input),
);
