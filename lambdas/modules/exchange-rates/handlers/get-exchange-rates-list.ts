import { listExchangeRates } from '../rates';
import { serviceHandler } from '../../../service-handler';
import { getExchangeRatesListRoute } from '../routes';

export const handler = serviceHandler(getExchangeRatesListRoute, ({ input, caller }) =>
  listExchangeRates(caller, input),
);
