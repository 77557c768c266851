import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/** The company's exchange rates by day, with CSV import (GeneralSettings; not in the menu, SPEC §1). */
export const exchangeRates: Feature = {
  id: 'exchange-rates',
  routes: [
    {
      path: '/agentSettings/exchange_rates/list',
      screen: () => import('./routes').then((m) => m.ExchangeRatesRoute),
      access: ACCESS.generalSettings,
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
