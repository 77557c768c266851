import {
  exchangeRateKeyInput,
  getExchangeRate,
  getExchangeRatesList,
  importExchangeRates,
  saveExchangeRate,
} from './schemas';
import type { ExchangeRateView, ImportReport, RateLookup, RatesPage } from './replies';
import { REQUIRES } from '../../shared/policy';
import { replyOf, route } from '../../kit/route';

/**
 * ExchangeRatesService (docs/domain.md). Managing rates needs GeneralSettings; the
 * lookup (GetExchangeRate) is open to every signed-in user of the company, since plans and reports
 * convert with it. Company-wide, so the account header is optional: checked when sent.
 */
const settings = REQUIRES.generalSettings;

export const saveExchangeRateRoute = /* @__PURE__ */ route({
  service: 'ExchangeRatesService',
  method: 'SaveExchangeRate',
  access: 'write',
  requires: settings,
  accountScope: 'optional',
  input: saveExchangeRate,
  reply: replyOf<ExchangeRateView>,
  summary: 'Adds the rate of a Date/From/To, or replaces it from the version read',
});

export const importExchangeRatesRoute = /* @__PURE__ */ route({
  service: 'ExchangeRatesService',
  method: 'ImportExchangeRates',
  access: 'write',
  requires: settings,
  accountScope: 'optional',
  input: importExchangeRates,
  reply: replyOf<ImportReport>,
  summary:
    'Imports rates from CSV (date,from,to,rate; at most 5,000 rows, 200 kB): all rows checked first, then written; the same key replaces',
});

export const getExchangeRatesListRoute = /* @__PURE__ */ route({
  service: 'ExchangeRatesService',
  method: 'GetExchangeRatesList',
  access: 'read',
  requires: settings,
  accountScope: 'optional',
  input: getExchangeRatesList,
  reply: replyOf<RatesPage>,
  summary: 'Rates newest first, by pair and/or date range, paginated',
});

export const getExchangeRateRoute = /* @__PURE__ */ route({
  service: 'ExchangeRatesService',
  method: 'GetExchangeRate',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'optional',
  input: getExchangeRate,
  reply: replyOf<RateLookup>,
  summary:
    'The rate to use on a date: the latest on or before it (404 naming the pair and date when none); 1 for the same currency',
});

export const deleteExchangeRateRoute = /* @__PURE__ */ route({
  service: 'ExchangeRatesService',
  method: 'DeleteExchangeRate',
  access: 'write',
  requires: settings,
  accountScope: 'optional',
  input: exchangeRateKeyInput,
  reply: replyOf<ExchangeRateView>,
  summary: 'Archives a rate: the lookup skips it from then on',
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const EXCHANGE_RATES_SERVICE_ROUTES = [
  saveExchangeRateRoute,
  importExchangeRatesRoute,
  getExchangeRatesListRoute,
  getExchangeRateRoute,
  deleteExchangeRateRoute,
] as const;
