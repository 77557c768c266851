import { saveExchangeRateFor } from '../rates';
import { serviceHandler } from '../../../service-handler';
import { saveExchangeRateRoute } from '../routes';

export const handler = serviceHandler(saveExchangeRateRoute, ({ input, caller }) => saveExchangeRateFor(caller, input));
