import { ExchangeRatesScreen } from './components/exchange-rates-screen';
import exchangeRatesEn from '../../locales/exchangeRates.en.json';
import exchangeRatesHe from '../../locales/exchangeRates.he.json';

/** /agentSettings/exchange_rates/list */
export function ExchangeRatesRoute() {
  return <ExchangeRatesScreen />;
}

/** The feature's strings, in this chunk (Feature.catalogues). */
export const catalogues = { exchangeRates: { he: exchangeRatesHe, en: exchangeRatesEn } };
