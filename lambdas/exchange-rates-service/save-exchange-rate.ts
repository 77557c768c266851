import { saveExchangeRateFor } from '../domain/exchange-rates';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ExchangeRatesService', 'SaveExchangeRate', ({ input, caller }) => saveExchangeRateFor(caller, input));
