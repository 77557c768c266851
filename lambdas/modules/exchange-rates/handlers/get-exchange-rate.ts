import { getExchangeRateFor } from '../rates';
import { serviceHandler } from '../../../service-handler';
import { getExchangeRateRoute } from '../routes';

export const handler = serviceHandler(getExchangeRateRoute, ({ input, caller }) => getExchangeRateFor(caller, input));
