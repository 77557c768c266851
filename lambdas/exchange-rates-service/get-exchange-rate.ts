import { getExchangeRateFor } from '../domain/exchange-rates';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ExchangeRatesService', 'GetExchangeRate', ({ input, caller }) => getExchangeRateFor(caller, input));
