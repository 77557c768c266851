import { listExchangeRates } from '../domain/exchange-rates';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ExchangeRatesService', 'GetExchangeRatesList', ({ input, caller }) => listExchangeRates(caller, input));
