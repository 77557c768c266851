import { saveExchangeRateFor } from '../domain/exchange-rates';
import { serviceHandler } from '../kit/handler';
import { EXCHANGE_RATES_SERVICE_ROUTES } from '../routes/exchange-rates-service';

export const handler = serviceHandler(EXCHANGE_RATES_SERVICE_ROUTES, 'SaveExchangeRate', ({ input, caller }) => saveExchangeRateFor(caller, input));
