import { accounts } from '../features/accounts';
import { activities } from '../features/activities';
import { aiAnalytics } from '../features/ai-analytics';
import { approvals } from '../features/approvals';
import { auth } from '../features/auth';
import { billing } from '../features/billing';
import { channelTypes } from '../features/channel-types';
import { companies } from '../features/companies';
import { configurations } from '../features/configurations';
import { connectors } from '../features/connectors';
import { customColumns } from '../features/custom-columns';
import { dashboard } from '../features/dashboard';
import { exchangeRates } from '../features/exchange-rates';
import { flowchart } from '../features/flowchart';
import { mediaPlan } from '../features/media-plan';
import { monitoring } from '../features/monitoring';
import { notifications } from '../features/notifications';
import { orders } from '../features/orders';
import { payables } from '../features/payables';
import { performance } from '../features/performance';
import { reports } from '../features/reports';
import { templates } from '../features/templates';
import { users } from '../features/users';
import { vendors } from '../features/vendors';
import type { Feature } from '../lib/feature';

/**
 * Every feature of the console, once. The router (router.tsx), the side menu and the breadcrumbs
 * (navigation.ts, handed to the layout) and the strings of each feature (feature-strings.ts, into
 * the locale registry) are all read from this list: a new screen is its feature's folder and a line here.
 */
export const FEATURES: readonly Feature[] = [
  auth,
  accounts,
  activities,
  mediaPlan,
  approvals,
  orders,
  payables,
  channelTypes,
  companies,
  templates,
  exchangeRates,
  vendors,
  configurations,
  customColumns,
  connectors,
  billing,
  dashboard,
  performance,
  flowchart,
  reports,
  aiAnalytics,
  monitoring,
  notifications,
  users,
];

/**
 * Not a feature of the menu: the public pages' texts (landing, info and status pages; router.tsx
 * loads them with those pages), named here so the catalogue tests see them with the features' strings.
 */
export const PUBLIC_STRINGS: Feature = {
  id: 'public',
  routes: [],
  catalogues: () => import('../locales/early/public').then((m) => ({ public: m.PUBLIC_FILES })),
};

/**
 * Not a feature of the menu: the public statement pages' long texts (router.tsx loads them with
 * those pages alone), named here so the catalogue tests see them with the features' strings.
 */
export const STATEMENT_STRINGS: Feature = {
  id: 'statements',
  routes: [],
  catalogues: () => import('../locales/areas').then((m) => m.areaCatalogues('statements')),
};
