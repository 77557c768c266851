import { importExchangeRatesFor } from '../domain/exchange-rates';
import { serviceHandler } from '../service-handler';
import { importExchangeRatesRoute } from '../routes/exchange-rates-service';

export const handler = serviceHandler(importExchangeRatesRoute, ({ input, caller }) =>
  importExchangeRatesFor(caller, input.csv),
);
