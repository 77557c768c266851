import type { RouteDef } from './kit/route';
import { ACCOUNTS_SERVICE_ROUTES } from './modules/accounts/routes';
import { ACTIVITIES_SERVICE_ROUTES } from './modules/activities/routes';
import { ANALYTICS_SERVICE_ROUTES, GROUP_PROMPT_ROUTES } from './modules/ai-analysis/routes';
import { APPROVALS_SERVICE_ROUTES } from './modules/approvals/routes';
import { BILLING_SERVICE_ROUTES } from './modules/billing/routes';
import { ACCOUNT_CHANNEL_TYPE_ROUTES, CHANNEL_TYPES_SERVICE_ROUTES } from './modules/channel-types/routes';
import { COMPANIES_SERVICE_ROUTES } from './modules/companies/routes';
import { COMPANY_DATA_ROUTES } from './modules/company-data/routes';
import { CONFIGURATIONS_SERVICE_ROUTES } from './modules/configurations/routes';
import { CAMPAIGN_ROUTES, CONNECTORS_SERVICE_ROUTES } from './modules/connectors/routes';
import { MAIN_SERVICE_ROUTES } from './modules/crash-reports/routes';
import { CREATIVES_SERVICE_ROUTES } from './modules/creatives/routes';
import { CUSTOM_COLUMNS_SERVICE_ROUTES } from './modules/custom-columns/routes';
import { DASHBOARD_SERVICE_ROUTES } from './modules/dashboards/routes';
import { EXCHANGE_RATES_SERVICE_ROUTES } from './modules/exchange-rates/routes';
import { AUDIT_SERVICE_ROUTES } from './modules/history/routes';
import {
  MEDIA_CHANNEL_ROUTES,
  MEDIA_MIX_SERVICE_ROUTES,
  TEMPLATE_APPLICATION_ROUTES,
} from './modules/media-plans/routes';
import { MONITORING_SERVICE_ROUTES } from './modules/monitoring/routes';
import { NOTIFICATIONS_SERVICE_ROUTES } from './modules/notifications/routes';
import { PACING_DIGEST_ROUTES } from './modules/pacing-digest/routes';
import { PERFORMANCE_SERVICE_ROUTES } from './modules/performance/routes';
import { REPORTS_SERVICE_ROUTES } from './modules/reports/routes';
import { AUTH_SERVICE_ROUTES } from './modules/sign-in/routes';
import { TEMPLATES_SERVICE_ROUTES } from './modules/templates/routes';
import { USERS_SERVICE_ROUTES } from './modules/users/routes';
import { VENDORS_SERVICE_ROUTES } from './modules/vendors/routes';
import { ORDERS_SERVICE_ROUTES } from './modules/orders/routes';
import { VENDOR_BILLS_SERVICE_ROUTES } from './modules/vendor-bills/routes';
import { FLOWCHART_DOCUMENT_ROUTES } from './modules/flowchart-documents/routes';

export type { Access, Requirement, RouteDef } from './kit/route';

/**
 * The route manifest: every service method of Mixdesk, once. The CDK API stacks, the local API
 * server, the permission and bad-input tests and the console's API types are all generated from
 * this list, so a method added here is deployed, served locally and tested everywhere at once.
 * Each capability module keeps its routes in `modules/<module>/routes.ts` (under the service names
 * the API gives them); this file only joins them.
 *
 * Keep this module free of AWS SDK and CDK imports: every Lambda bundle includes it.
 */
export const ROUTES = [
  ...AUTH_SERVICE_ROUTES,
  ...MAIN_SERVICE_ROUTES,
  ...ACCOUNTS_SERVICE_ROUTES,
  ...ACCOUNT_CHANNEL_TYPE_ROUTES,
  ...MEDIA_CHANNEL_ROUTES,
  ...CAMPAIGN_ROUTES,
  ...GROUP_PROMPT_ROUTES,
  ...ACTIVITIES_SERVICE_ROUTES,
  ...CONFIGURATIONS_SERVICE_ROUTES,
  ...EXCHANGE_RATES_SERVICE_ROUTES,
  ...CHANNEL_TYPES_SERVICE_ROUTES,
  ...TEMPLATES_SERVICE_ROUTES,
  ...CUSTOM_COLUMNS_SERVICE_ROUTES,
  ...MEDIA_MIX_SERVICE_ROUTES,
  ...TEMPLATE_APPLICATION_ROUTES,
  ...CREATIVES_SERVICE_ROUTES,
  ...APPROVALS_SERVICE_ROUTES,
  ...NOTIFICATIONS_SERVICE_ROUTES,
  ...PACING_DIGEST_ROUTES,
  ...USERS_SERVICE_ROUTES,
  ...AUDIT_SERVICE_ROUTES,
  ...COMPANIES_SERVICE_ROUTES,
  ...COMPANY_DATA_ROUTES,
  ...CONNECTORS_SERVICE_ROUTES,
  ...BILLING_SERVICE_ROUTES,
  ...PERFORMANCE_SERVICE_ROUTES,
  ...MONITORING_SERVICE_ROUTES,
  ...REPORTS_SERVICE_ROUTES,
  ...DASHBOARD_SERVICE_ROUTES,
  ...ANALYTICS_SERVICE_ROUTES,
  ...VENDORS_SERVICE_ROUTES,
  ...ORDERS_SERVICE_ROUTES,
  ...VENDOR_BILLS_SERVICE_ROUTES,
  ...FLOWCHART_DOCUMENT_ROUTES,
] as const;

export type ManifestRoute = (typeof ROUTES)[number];
export type ServiceName = ManifestRoute['service'];
export type MethodName<Sv extends ServiceName> = Extract<ManifestRoute, { service: Sv }>['method'];
export type RouteOf<Sv extends ServiceName, M extends string> = Extract<ManifestRoute, { service: Sv; method: M }>;

/** kebab-case of a PascalCase name: AccountsService → accounts-service, LogInByAws → log-in-by-aws. */
export const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/**
 * The capability modules (lambdas/modules/<module>/) and their routes. A route goes to the module of
 * its capability, whatever its service (AccountsService's channel-type routes are channel-types').
 */
const MODULE_ROUTES: Readonly<Record<string, readonly RouteDef[]>> = {
  accounts: ACCOUNTS_SERVICE_ROUTES,
  activities: ACTIVITIES_SERVICE_ROUTES,
  'media-plans': [...MEDIA_MIX_SERVICE_ROUTES, ...MEDIA_CHANNEL_ROUTES, ...TEMPLATE_APPLICATION_ROUTES],
  'ai-analysis': [...ANALYTICS_SERVICE_ROUTES, ...GROUP_PROMPT_ROUTES],
  dashboards: DASHBOARD_SERVICE_ROUTES,
  reports: REPORTS_SERVICE_ROUTES,
  billing: BILLING_SERVICE_ROUTES,
  performance: PERFORMANCE_SERVICE_ROUTES,
  monitoring: MONITORING_SERVICE_ROUTES,
  connectors: [...CONNECTORS_SERVICE_ROUTES, ...CAMPAIGN_ROUTES],
  approvals: APPROVALS_SERVICE_ROUTES,
  creatives: CREATIVES_SERVICE_ROUTES,
  history: AUDIT_SERVICE_ROUTES,
  notifications: NOTIFICATIONS_SERVICE_ROUTES,
  companies: COMPANIES_SERVICE_ROUTES,
  'company-data': COMPANY_DATA_ROUTES,
  'crash-reports': MAIN_SERVICE_ROUTES,
  'sign-in': AUTH_SERVICE_ROUTES,
  users: USERS_SERVICE_ROUTES,
  'channel-types': [...CHANNEL_TYPES_SERVICE_ROUTES, ...ACCOUNT_CHANNEL_TYPE_ROUTES],
  'exchange-rates': EXCHANGE_RATES_SERVICE_ROUTES,
  configurations: CONFIGURATIONS_SERVICE_ROUTES,
  'custom-columns': CUSTOM_COLUMNS_SERVICE_ROUTES,
  templates: TEMPLATES_SERVICE_ROUTES,
  vendors: VENDORS_SERVICE_ROUTES,
  orders: ORDERS_SERVICE_ROUTES,
  'vendor-bills': VENDOR_BILLS_SERVICE_ROUTES,
  'flowchart-documents': FLOWCHART_DOCUMENT_ROUTES,
  'pacing-digest': PACING_DIGEST_ROUTES,
};

const moduleOf = (r: Pick<RouteDef, 'service' | 'method'>) =>
  Object.keys(MODULE_ROUTES).find((m) =>
    MODULE_ROUTES[m].some((x) => x.service === r.service && x.method === r.method),
  );

/**
 * The handler file of a route, relative to the repository root: one file per service method, in
 * `lambdas/modules/<module>/handlers/`; the entry points that are no API route (the functions of
 * `Jobs` and `Streams`) are `lambdas/jobs/` and `lambdas/streams/`.
 */
export const handlerFile = (r: Pick<RouteDef, 'service' | 'method'>) => {
  const module = moduleOf(r);
  return module
    ? `lambdas/modules/${module}/handlers/${kebab(r.method)}.ts`
    : `lambdas/${kebab(r.service)}/${kebab(r.method)}.ts`;
};

/** The HTTP path of a route (docs/domain.md). */
export const routePath = (r: Pick<RouteDef, 'service' | 'method'>) => `/${r.service}/${r.method}`;

export function findRoute(service: string, method: string): RouteDef {
  const r = ROUTES.find((x) => x.service === service && x.method === method);
  if (!r) throw new Error(`No route ${service}.${method} in the manifest`);
  return r as RouteDef;
}
