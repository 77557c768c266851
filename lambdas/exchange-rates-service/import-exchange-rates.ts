import { importExchangeRatesFor } from '../domain/exchange-rates';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ExchangeRatesService', 'ImportExchangeRates', ({ input, caller }) => importExchangeRatesFor(caller, input.csv));
