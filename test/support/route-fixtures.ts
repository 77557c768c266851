import type { RouteFixtures } from './fixtures/route-call';
import { ACCOUNTS_SERVICE_FIXTURES } from './fixtures/accounts-service';
import { ACTIVITIES_SERVICE_FIXTURES } from './fixtures/activities-service';
import { APPROVALS_SERVICE_FIXTURES } from './fixtures/approvals-service';
import { AUTH_SERVICE_FIXTURES } from './fixtures/auth-service';
import { CHANNEL_TYPES_SERVICE_FIXTURES } from './fixtures/channel-types-service';
import { CUSTOM_COLUMNS_SERVICE_FIXTURES } from './fixtures/custom-columns-service';
import { CONFIGURATIONS_SERVICE_FIXTURES } from './fixtures/configurations-service';
import { CREATIVES_SERVICE_FIXTURES } from './fixtures/creatives-service';
import { EXCHANGE_RATES_SERVICE_FIXTURES } from './fixtures/exchange-rates-service';
import { MAIN_SERVICE_FIXTURES } from './fixtures/main-service';
import { MEDIA_MIX_SERVICE_FIXTURES } from './fixtures/media-mix-service';
import { NOTIFICATIONS_SERVICE_FIXTURES } from './fixtures/notifications-service';
import { TEMPLATES_SERVICE_FIXTURES } from './fixtures/templates-service';
import { USERS_SERVICE_FIXTURES } from './fixtures/users-service';
import { AUDIT_SERVICE_FIXTURES } from './fixtures/audit-service';
import { CONNECTORS_SERVICE_FIXTURES } from './fixtures/connectors-service';
import { COMPANIES_SERVICE_FIXTURES } from './fixtures/companies-service';
import { COMPANY_DATA_FIXTURES } from './fixtures/company-data';
import { PERFORMANCE_SERVICE_FIXTURES } from './fixtures/performance-service';
import { MONITORING_SERVICE_FIXTURES } from './fixtures/monitoring-service';
import { REPORTS_SERVICE_FIXTURES } from './fixtures/reports-service';
import { BILLING_SERVICE_FIXTURES } from './fixtures/billing-service';
import { DASHBOARD_SERVICE_FIXTURES } from './fixtures/dashboard';
import { ANALYTICS_SERVICE_FIXTURES } from './fixtures/analytics-service';
import { VENDORS_SERVICE_FIXTURES } from './fixtures/vendors-service';
import { ORDERS_SERVICE_FIXTURES } from './fixtures/orders-service';
import { VENDOR_BILLS_SERVICE_FIXTURES } from './fixtures/vendor-bills-service';

export { fakeJwt } from './fake-jwt';

export type { RouteCall, RouteFixtures } from './fixtures/route-call';

/**
 * One valid call per manifest route, made in company `c`, kept per service in fixtures/. The
 * permission matrix, the cross-company (IDOR) and the bad-input tests are generated from these; a
 * route without a fixture fails them.
 */
export const ROUTE_FIXTURES: RouteFixtures = {
  ...AUTH_SERVICE_FIXTURES,
  ...MAIN_SERVICE_FIXTURES,
  ...ACCOUNTS_SERVICE_FIXTURES,
  ...ACTIVITIES_SERVICE_FIXTURES,
  ...CONFIGURATIONS_SERVICE_FIXTURES,
  ...EXCHANGE_RATES_SERVICE_FIXTURES,
  ...CHANNEL_TYPES_SERVICE_FIXTURES,
  ...TEMPLATES_SERVICE_FIXTURES,
  ...CUSTOM_COLUMNS_SERVICE_FIXTURES,
  ...MEDIA_MIX_SERVICE_FIXTURES,
  ...CREATIVES_SERVICE_FIXTURES,
  ...APPROVALS_SERVICE_FIXTURES,
  ...NOTIFICATIONS_SERVICE_FIXTURES,
  ...AUDIT_SERVICE_FIXTURES,
  ...USERS_SERVICE_FIXTURES,
  ...COMPANIES_SERVICE_FIXTURES,
  ...COMPANY_DATA_FIXTURES,
  ...CONNECTORS_SERVICE_FIXTURES,
  ...BILLING_SERVICE_FIXTURES,
  ...PERFORMANCE_SERVICE_FIXTURES,
  ...MONITORING_SERVICE_FIXTURES,
  ...REPORTS_SERVICE_FIXTURES,
  ...DASHBOARD_SERVICE_FIXTURES,
  ...ANALYTICS_SERVICE_FIXTURES,
  ...VENDORS_SERVICE_FIXTURES,
  ...ORDERS_SERVICE_FIXTURES,
  ...VENDOR_BILLS_SERVICE_FIXTURES,
};
