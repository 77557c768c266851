import { importExchangeRatesFor } from '../rates';
import { serviceHandler } from '../../../service-handler';
import { importExchangeRatesRoute } from '../routes';

export const handler = serviceHandler(importExchangeRatesRoute, ({ input, caller }) =>
  importExchangeRatesFor(caller, input.csv),
);
