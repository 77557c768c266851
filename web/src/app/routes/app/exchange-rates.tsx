import { ACCESS, RequirePermission } from '../../../lib/authorization';
import { ExchangeRatesScreen } from '../../../features/exchange-rates/components/exchange-rates-screen';
import exchangeRatesEn from '../../../locales/exchangeRates.en.json';
import exchangeRatesHe from '../../../locales/exchangeRates.he.json';
import { installRouteStrings } from './route-strings';

// The area's strings come with this chunk (route-strings.ts).
installRouteStrings({ he: exchangeRatesHe, en: exchangeRatesEn });

/** /agentSettings/exchange_rates/list (GeneralSettings). */
export function ExchangeRatesRoute() {
  return <RequirePermission {...ACCESS.generalSettings}><ExchangeRatesScreen /></RequirePermission>;
}

/** See chunk-hints.ts. */
export * as ChunkHints from './chunk-hints';
