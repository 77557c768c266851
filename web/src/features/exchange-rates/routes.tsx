import { ExchangeRatesScreen } from './components/exchange-rates-screen';
import { areaCatalogues } from '../../locales/areas';

/** /agentSettings/exchange_rates/list */
export function ExchangeRatesRoute() {
  return <ExchangeRatesScreen />;
}

/** The feature's strings (Feature.catalogues): loaded per language, with the first route. */
export const catalogues = areaCatalogues('exchangeRates');
