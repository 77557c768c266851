import { ACCESS } from '../../lib/authorization';
import type { Feature } from '../../lib/feature';

/** The company's exchange rates by day, with CSV import (GeneralSettings; under Settings in the menu). */
export const exchangeRates: Feature = {
  id: 'exchange-rates',
  routes: [
    {
      path: '/agentSettings/exchange_rates/list',
      screen: () => import('./routes').then((m) => m.ExchangeRatesRoute),
      access: ACCESS.generalSettings,
      menu: { id: 'exchangeRates', group: 'settings', order: 25, icon: 'CurrencyExchangeOutlined' },
    },
  ],
  catalogues: () => import('./routes').then((m) => m.catalogues),
};
