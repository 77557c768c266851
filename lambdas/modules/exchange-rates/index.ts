/** What other modules may use of the exchange rates: the lookup, the store's reads, the rate type. */
export { MAX_IMPORT_ROWS, lookupRate, saveExchangeRateFor } from './rates';
export type { ExchangeRate } from './store';
export { getRate, latestRateOnOrBefore, ratesOfPair } from './store.dynamodb';
