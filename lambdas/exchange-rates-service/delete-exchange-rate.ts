import { deleteExchangeRateFor } from '../domain/exchange-rates';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('ExchangeRatesService', 'DeleteExchangeRate', ({ input, caller }) => deleteExchangeRateFor(caller, input));
