/** What other modules may use of the exchange rates: the lookup, the store's reads, the rate type. */
export { lookupRate, saveExchangeRateFor, MAX_IMPORT_ROWS } from './rates';
export { getRate, latestRateOnOrBefore, ratesOfPair } from './store.dynamodb';
export type { ExchangeRate } from './store';
