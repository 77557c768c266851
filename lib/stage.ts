import { Stage, type StageProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { kebab, ROUTES, type RouteDef } from '../lambdas/manifest';
import { ApiStack } from './api-stack';
import { grantBedrockModel } from './constructs/bedrock-grant';
import { grantCreatives } from './constructs/creatives-bucket';
import { grantBillFiles } from './constructs/bill-file-grants';
import { grantCreativesCdn } from './constructs/creatives-cdn';
import { grantConnectorSecrets } from './constructs/connector-secret-grants';
import { grantCsvUploads } from './constructs/csv-upload-grants';
import { grantCompanyDataRoutes } from './constructs/company-data-job';
import { grantCompanyLogo, grantLogoRead, grantLogoReadingRoutes } from './constructs/company-logo-grants';
import { grantSyncQueueSends } from './constructs/sync-queue-senders';
import { OrderSending } from './constructs/order-sending';
import { PacingDigestJob } from './constructs/pacing-digest-job';
import { grantUserPoolAdmin } from './constructs/user-pool-grants';
import type { StageConfig } from './config/stages';
import { ServiceStack } from './service-stack';
import { StatefulStack } from './stateful-stack';
import { WebStack } from './web-stack';

export interface MixdeskStageProps extends StageProps {
  readonly config: StageConfig;
}

/**
 * One environment of Mixdesk: stateful → API core → one stack per service → web console.
 * Stack names carry the stage (mixdesk-dev-stateful, …) so all stages can share one account.
 */
export class MixdeskStage extends Stage {
  public readonly config: StageConfig;
  public readonly stateful: StatefulStack;
  public readonly api: ApiStack;
  /** One stack per service of the manifest, by service name. */
  public readonly services = new Map<string, ServiceStack>();
  public readonly web: WebStack;
  /** SendOrder's grants and the sent order's public page (its function and key in the API stack). */
  public readonly orderSending: OrderSending;
  /** The pacing digest's hourly job and its unsubscribe page (in the API stack, beside the other public pages). */
  public readonly pacingDigest: PacingDigestJob;

  constructor(scope: Construct, id: string, props: MixdeskStageProps) {
    const { config } = props;
    super(scope, id, { ...props, env: config.env });
    this.config = config;
    const name = (part: string) => `mixdesk-${config.name}-${part}`;

    this.stateful = new StatefulStack(this, 'Stateful', { config, stackName: name('stateful') });

    this.api = new ApiStack(this, 'Api', {
      config,
      stackName: name('api'),
      userPool: this.stateful.userPool,
      userPoolClient: this.stateful.userPoolClient,
      tableName: this.stateful.tableName,
    });
    // The scheduled reports' functions import the table by name.
    this.api.addStackDependency(this.stateful, 'imports the table by name');

    for (const [service, routes] of routesByService(ROUTES)) {
      const stack = new ServiceStack(this, service, {
        config,
        stackName: name(kebab(service)),
        routes,
        tableName: this.stateful.tableName,
        httpApi: this.api.httpApi,
        authorizerId: this.api.authorizerId,
      });
      // The table is imported by name, not by reference, so the order is stated here.
      stack.addStackDependency(this.stateful, 'imports the table by name');
      this.services.set(service, stack);
    }
    // The creative routes' bucket grants (it lives in the stateful stack; named, not referenced).
    grantCreatives(this.services.get('CreativesService')!, config);
    // The view URLs' signing: the distribution's domain and key id (SSM parameters) and its private key's secret.
    grantCreativesCdn(this.services.get('CreativesService')!, config);
    // The company logo's routes read, write and delete its files in the creatives bucket's logos/.
    grantCompanyLogo(this.services.get('ConfigurationsService')!, config);
    // The Excel exports and the mails show the logo: they read it there (s3:GetObject on logos/ only).
    grantLogoReadingRoutes(this.services, config);
    grantLogoRead(this.api.scheduledReports.dispatcher, config);
    grantLogoRead(this.stateful.planNotifications.function, config);
    // UsersService administers the user pool: its id and each method's admin actions.
    grantUserPoolAdmin(this.services.get('UsersService')!, this.stateful.userPool);
    // CreateCompany invites the new agency's first Admin.
    grantUserPoolAdmin(this.services.get('CompaniesService')!, this.stateful.userPool);
    // A company's data export and deletion: the routes queue the job and sign the archive's link.
    grantCompanyDataRoutes(this.services.get('CompaniesService')!, config);
    // ConnectorsService writes, reads and deletes agent connectors' credentials.
    grantConnectorSecrets(this.services.get('ConnectorsService')!, config);
    // Vendor bills' PDFs: uploads/bills/ and bills/ of the creatives bucket, each route its own actions.
    grantBillFiles(this.services.get('VendorBillsService')!, config);
    // ConnectorsService's CSV upload reads and writes its files in the creatives bucket's uploads/csv/.
    grantCsvUploads(this.services.get('ConnectorsService')!, config);
    // Sync now, a naming-rule change and a campaign's remap put work on the stateful stack's platform queues.
    grantSyncQueueSends(this.services, config);
    // Insertion orders sent to vendors: SendOrder's grants, and the order's public page beside the API's other public routes.
    this.orderSending = new OrderSending(this.api, 'OrderSending', {
      config,
      tableName: this.stateful.tableName,
      httpApi: this.api.httpApi,
      apiUrl: this.api.apiUrl,
      orders: this.services.get('OrdersService')!,
      linkKey: this.api.linkKey,
    });
    // SaveVendor and ResendContactConfirmation mail a contact its signed confirmation link (the page is in the API stack).
    this.api.contactConfirmation.grantSenders(this.services);
    // AI analytics asks the stage's Bedrock model: that function, that model only.
    grantBedrockModel(this.services.get('AnalyticsService')!, config);
    // The pacing digest: an hourly job mailing each due user, and its one-click unsubscribe page.
    this.pacingDigest = new PacingDigestJob(this.api, 'PacingDigest', {
      config,
      tableName: this.stateful.tableName,
      httpApi: this.api.httpApi,
      apiUrl: this.api.apiUrl,
      linkKey: this.api.linkKey,
    });

    this.web = new WebStack(this, 'Web', {
      config,
      stackName: name('web'),
      apiUrl: this.api.apiUrl,
      apiEndpoint: this.api.apiEndpoint,
      userPoolId: this.stateful.userPool.userPoolId,
      userPoolClientId: this.stateful.userPoolClient.userPoolClientId,
    });
  }
}

/** The manifest grouped by service, in manifest order: a new service gets its own stack. */
export function routesByService(routes: readonly RouteDef[]): Map<string, RouteDef[]> {
  const byService = new Map<string, RouteDef[]>();
  for (const route of routes) byService.set(route.service, [...(byService.get(route.service) ?? []), route]);
  return byService;
}
