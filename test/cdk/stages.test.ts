import {
  DASHBOARD_TILES_ACTIONS,
  DASHBOARD_TILES_ROUTE,
  DASHBOARD_TIMEOUT,
} from '../../lib/constructs/dashboard-tiles-grant';
import { RemovalPolicy, type CfnElement } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { ROUTES, routePath } from '../../lambdas/manifest';
import { TABLE_DESIGN } from '../../lambdas/shared/table-design';
import type { MixdeskStage } from '../../lib/stage';
import { buildApp, ofType, resourcesOf, templateOf } from './synth-app';
import { CONNECTOR_SECRET_GRANTS } from '../../lib/constructs/connector-secret-grants';
import { PARTITION_REGISTRY_ACTIONS } from '../../lib/constructs/partition-registry-grant';
import { USER_POOL_GRANTS } from '../../lib/constructs/user-pool-grants';
import { isSyncQueueSender } from '../../lib/constructs/sync-queue-senders';
import {
  CSV_IMPORT_MEMORY_MB,
  CSV_IMPORT_TIMEOUT_SECONDS,
  CSV_UPLOAD_GRANTS,
} from '../../lib/constructs/csv-upload-grants';
import { COMPANY_DATA_ROUTE_GRANTS } from '../../lib/constructs/company-data-job';
import { ANALYSIS_TIMEOUT_SECONDS, BEDROCK_ROUTE } from '../../lib/constructs/bedrock-grant';
import { CDN_SIGNING_ROUTES } from '../../lib/constructs/creatives-cdn';
import { COMPANY_LOGO_GRANTS, LOGO_READING_ROUTES } from '../../lib/constructs/company-logo-grants';
import { CONTACT_CONFIRMATION_SENDERS } from '../../lib/constructs/contact-confirmation';
import { BILL_FILE_GRANTS } from '../../lib/constructs/bill-file-grants';
import { OFFLINE_GRANTS, SEND_ORDER_ACTIONS } from '../../lib/constructs/order-sending';

/** What active tracing grants every function (lib/constructs/mixdesk-function.ts). */
const XRAY_WRITES = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];

/** What each stage must look like in CloudFormation, read from the synthesized templates. */
const { stages } = buildApp();

/** The link key's read and the mail of a function that mails a signed link (lib/constructs/contact-confirmation.ts). */
const LINK_KEY_MAILER_ACTIONS = ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret', 'ses:SendEmail'];

const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

describe.each(stages.map((s) => [s.config.name, s] as const))('stage %s', (_name, stage: MixdeskStage) => {
  const { config } = stage;
  const allStacks = () => [stage.stateful, stage.api, ...stage.services.values(), stage.web];

  describe('functions', () => {
    it('has exactly one Lambda function per manifest route, in its service stack', () => {
      for (const [service, stack] of stage.services) {
        const routeFunctions = Object.values(ofType(stack, 'AWS::Lambda::Function'));
        expect(routeFunctions).toHaveLength(ROUTES.filter((r) => r.service === service).length);
        expect(routeFunctions.every((f) => f.Properties?.Environment?.Variables?.TABLE_NAME)).toBe(true);
      }
      const total = [...stage.services.values()].reduce(
        (n, s) => n + Object.keys(ofType(s, 'AWS::Lambda::Function')).length,
        0,
      );
      expect(total).toBe(ROUTES.length);
      // Named, so a missing one says which.
      expect(
        ROUTES.filter((route) => !stage.services.get(route.service)?.functions.get(route.method)).map(
          (r) => `${r.service}.${r.method}`,
        ),
      ).toEqual([]);
    });

    it("has no other functions than route handlers, the three table-stream consumers, the activity schedule job, the connector sync (dispatcher and a worker per platform), the CSV import worker and its dead-letter consumer, the company data worker and its dead-letter consumer, the user pool's mail trigger, the scheduled reports (dispatcher and unsubscribe), the vendor contacts' confirmation page, the sent order's page, the pacing digest (job and unsubscribe page) and aws-cdk-lib helpers of the web stack", () => {
      const idOf = (fn: { node: { defaultChild?: unknown } }) =>
        stage.stateful.getLogicalId(fn.node.defaultChild as CfnElement);
      const sync = stage.stateful.connectorSync;
      expect(Object.keys(ofType(stage.stateful, 'AWS::Lambda::Function')).sort()).toEqual(
        [
          idOf(stage.stateful.lineAudit.function),
          idOf(stage.stateful.planNotifications.function),
          idOf(stage.stateful.dashboardTiles.function),
          idOf(stage.stateful.activitySchedule.function),
          idOf(sync.dispatcher),
          ...Object.values(sync.workers).map(idOf),
          idOf(stage.stateful.csvImport.worker),
          idOf(stage.stateful.csvImport.deadLetterWorker),
          idOf(stage.stateful.companyData.worker),
          idOf(stage.stateful.companyData.deadLetterWorker),
          idOf(stage.stateful.userPoolMail),
        ].sort(),
      );
      // The API stack: the scheduled reports' dispatcher, the unsubscribe link's function, the contact confirmation page's,
      // the sent order's page, and the pacing digest's job and unsubscribe page.
      const apiId = (fn: { node: { defaultChild?: unknown } }) =>
        stage.api.getLogicalId(fn.node.defaultChild as CfnElement);
      const scheduled = stage.api.scheduledReports;
      expect(Object.keys(ofType(stage.api, 'AWS::Lambda::Function')).sort()).toEqual(
        [
          apiId(scheduled.dispatcher),
          apiId(scheduled.unsubscribe),
          apiId(stage.api.contactConfirmation.page),
          apiId(stage.orderSending.page),
          apiId(stage.pacingDigest.function),
          apiId(stage.pacingDigest.page),
        ].sort(),
      );
      for (const stack of allStacks()) {
        for (const [id, fn] of Object.entries(ofType(stack, 'AWS::Lambda::Function'))) {
          if (fn.Properties?.Environment?.Variables?.TABLE_NAME) continue;
          // The user pool's mail trigger reads nothing of the table.
          if (stack === stage.stateful && id === idOf(stage.stateful.userPoolMail)) continue;
          expect(stack).toBe(stage.web);
          expect(id).toMatch(/^Custom(CDKBucketDeployment|S3AutoDeleteObjects)/);
        }
      }
    });

    it('runs every route on Node 24, arm64, 512 MB, 10 s (the CSV import 1 GB, 29 s; the AI analysis and the manager dashboard 29 s), ESM with source maps and its own log group', () => {
      for (const stack of stage.services.values()) {
        for (const [method, fn] of stack.functions) {
          const props = resourcesOf(stack)[stack.getLogicalId(fn.node.defaultChild as CfnElement)].Properties!;
          const csvImport = stack === stage.services.get('ConnectorsService') && method === 'ImportCampaignStatsCsv';
          const analysis = stack === stage.services.get(BEDROCK_ROUTE.service) && method === BEDROCK_ROUTE.method;
          const tiles =
            stack === stage.services.get(DASHBOARD_TILES_ROUTE.service) && method === DASHBOARD_TILES_ROUTE.method;
          expect({ method, memory: props.MemorySize, timeout: props.Timeout }).toEqual({
            method,
            memory: csvImport ? CSV_IMPORT_MEMORY_MB : 512,
            timeout: csvImport
              ? CSV_IMPORT_TIMEOUT_SECONDS
              : analysis
                ? ANALYSIS_TIMEOUT_SECONDS
                : tiles
                  ? DASHBOARD_TIMEOUT.toSeconds()
                  : 10,
          });
        }
        templateOf(stack).allResourcesProperties('AWS::Lambda::Function', {
          Runtime: 'nodejs24.x',
          Architectures: ['arm64'],
          Handler: 'index.handler',
          LoggingConfig: { LogGroup: Match.anyValue() },
          Environment: { Variables: { TABLE_NAME: `mixdesk-${config.name}`, NODE_OPTIONS: '--enable-source-maps' } },
        });
        templateOf(stack).allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: config.logs.retention });
      }
    });

    it('gives read routes read-only table access and write routes read-write access, nothing else', () => {
      for (const route of ROUTES) {
        const stack = stage.services.get(route.service)!;
        const fn = stack.functions.get(route.method)!;
        const resources = resourcesOf(stack);
        // The creatives' view URLs are signed with the CDN's private key (test/cdk/creatives-cdn.test.ts checks which secret).
        const cdnSigner = route.service === 'CreativesService' && CDN_SIGNING_ROUTES.includes(route.method);
        // SaveVendor and ResendContactConfirmation mail a signed link (test/cdk/contact-confirmation.test.ts checks the key and SES).
        const contactMailer =
          route.service === CONTACT_CONFIRMATION_SENDERS.service &&
          CONTACT_CONFIRMATION_SENDERS.methods.includes(route.method);
        const roleId =
          resources[stack.getLogicalId(fn.node.defaultChild as CfnElement)].Properties!.Role['Fn::GetAtt'][0];
        expect(resources[roleId].Properties!.ManagedPolicyArns).toBeUndefined();
        const statements = Object.values(resources)
          .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: any) => x.Ref === roleId))
          .flatMap((p) => p.Properties!.PolicyDocument.Statement);
        const actions = statements.flatMap((s: any) => [s.Action].flat());
        expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'logs:PutLogEvents']));
        // The manager dashboard stores its precomputed tiles (test/cdk/dashboard-tiles-grant.test.ts checks where).
        const tileWriter =
          route.service === DASHBOARD_TILES_ROUTE.service && route.method === DASHBOARD_TILES_ROUTE.method;
        if (route.access === 'read')
          expect(actions.filter((a) => WRITE_ACTIONS.includes(a))).toEqual(
            // With the tiles, the partition registry's entries (test/cdk/partition-registry-grant.test.ts).
            tileWriter
              ? [...DASHBOARD_TILES_ACTIONS, ...PARTITION_REGISTRY_ACTIONS.filter((a) => WRITE_ACTIONS.includes(a))]
              : [],
          );
        else expect(actions).toEqual(expect.arrayContaining(WRITE_ACTIONS));
        // The creative routes also get their own S3 grants (test/cdk/creatives-bucket.test.ts checks them).
        expect(
          actions.every(
            (a: string) =>
              a.startsWith('dynamodb:') ||
              a.startsWith('logs:') ||
              // Active tracing: the function writes its X-Ray segments.
              XRAY_WRITES.includes(a) ||
              (route.service === 'CreativesService' && a.startsWith('s3:')) ||
              (route.service === 'ConnectorsService' && (CSV_UPLOAD_GRANTS[route.method] ?? []).includes(a)) ||
              // Vendor bills' PDFs (test/cdk/bill-file-grants.test.ts checks where).
              (route.service === 'VendorBillsService' &&
                (BILL_FILE_GRANTS[route.method] ?? []).some((g) => g.actions.includes(a))) ||
              // SendOrder's documents, logo, link key and mail (test/cdk/order-sending.test.ts checks where).
              (route.service === 'OrdersService' && route.method === 'SendOrder' && SEND_ORDER_ACTIONS.includes(a)) ||
              // GetOrderDocument reads orders/; the signed copy's routes their prefixes (order-sending.test.ts checks where).
              (route.service === 'OrdersService' && route.method === 'GetOrderDocument' && a === 's3:GetObject') ||
              (route.service === 'OrdersService' &&
                (OFFLINE_GRANTS[route.method] ?? []).some(([, actions]) => actions.includes(a))) ||
              // The company logo's files (test/cdk/company-logo-grants.test.ts checks where).
              (route.service === 'ConfigurationsService' && (COMPANY_LOGO_GRANTS[route.method] ?? []).includes(a)) ||
              // The Excel exports read the logo they show.
              ((LOGO_READING_ROUTES[route.service] ?? []).includes(route.method) && a === 's3:GetObject') ||
              (['UsersService', 'CompaniesService'].includes(route.service) && a.startsWith('cognito-idp:')) ||
              (route.service === 'ConnectorsService' && a.startsWith('secretsmanager:')) ||
              (cdnSigner && a === 'secretsmanager:GetSecretValue') ||
              (contactMailer && LINK_KEY_MAILER_ACTIONS.includes(a)) ||
              (isSyncQueueSender(route.service, route.method) && a === 'sqs:SendMessage') ||
              // A large CSV import goes to the CSV import job's queue (test/cdk/csv-import-job.test.ts checks which).
              (route.service === 'ConnectorsService' &&
                route.method === 'ImportCampaignStatsCsv' &&
                a === 'sqs:SendMessage') ||
              // A company's export and deletion: the job's queue, the archive's link (test/cdk/company-data-job.test.ts).
              (route.service === 'CompaniesService' && (COMPANY_DATA_ROUTE_GRANTS[route.method] ?? []).includes(a)) ||
              // The AI analysis asks the stage's model (test/cdk/bedrock-grant.test.ts checks which and where).
              (route.service === BEDROCK_ROUTE.service &&
                route.method === BEDROCK_ROUTE.method &&
                a === 'bedrock:InvokeModel'),
          ),
        ).toBe(true);
        // The sync queues' senders (test/cdk/sync-queue-senders.test.ts checks which) and the CSV import send to queues; no other route does.
        expect(actions.includes('sqs:SendMessage')).toBe(
          isSyncQueueSender(route.service, route.method) ||
            (route.service === 'ConnectorsService' && route.method === 'ImportCampaignStatsCsv') ||
            (route.service === 'CompaniesService' &&
              (COMPANY_DATA_ROUTE_GRANTS[route.method] ?? []).includes('sqs:SendMessage')),
        );
        // The connector routes: exactly the Secrets Manager actions the method calls, on the stage's connector secrets only.
        // (SendOrder reads the order links' key instead: test/cdk/order-sending.test.ts checks that.)
        const sendsOrders = route.service === 'OrdersService' && route.method === 'SendOrder';
        const secrets = statements.filter(
          (st: any) =>
            !sendsOrders &&
            [st.Action].flat().some((a: string) => a.startsWith('secretsmanager:')) &&
            !(contactMailer && JSON.stringify(st.Resource).includes('ContactConfirmationLinkKey')),
        );
        expect(secrets.flatMap((st: any) => [st.Action].flat()).sort()).toEqual(
          cdnSigner ? ['secretsmanager:GetSecretValue'] : [...(CONNECTOR_SECRET_GRANTS[route.method] ?? [])].sort(),
        );
        const secretPrefix = cdnSigner ? 'creatives-cdn/private-key-' : 'connectors/\\*';
        for (const st of secrets)
          expect(JSON.stringify(st.Resource)).toMatch(
            new RegExp(`secret:mixdesk/${stage.config.name}/${secretPrefix}`),
          );
        // UsersService and CreateCompany: exactly the user-pool admin actions the method calls, on the stage's pool only.
        const pool = statements.filter((st: any) =>
          [st.Action].flat().some((a: string) => a.startsWith('cognito-idp:')),
        );
        expect(pool.flatMap((st: any) => [st.Action].flat()).sort()).toEqual(
          [...(USER_POOL_GRANTS[route.method] ?? [])].sort(),
        );
        for (const st of pool) expect(JSON.stringify(st.Resource)).toMatch(/UserPool/);
      }
    });
  });

  describe('API', () => {
    it('has a JWT-authorized POST route for every manifest route and no other route but the public GET /unsubscribe, GET|POST /confirm-recipient, GET|POST /confirm-contact, GET|POST /order-acceptance and GET /digest-unsubscribe', () => {
      const all = allStacks().flatMap((s) => Object.values(ofType(s, 'AWS::ApiGatewayV2::Route')));
      // The scheduled reports' unsubscribe and outside-recipient confirmation links, and the vendor contacts'
      // confirmation link: the only routes without the authorizer; their signed tokens are the authority.
      // And a sent order's page (lib/constructs/order-sending.ts) and the pacing digest's unsubscribe link, their tokens the authority too.
      const PUBLIC = [
        'GET /unsubscribe',
        'GET /confirm-recipient',
        'POST /confirm-recipient',
        'GET /order-acceptance',
        'POST /order-acceptance',
        'GET /confirm-contact',
        'POST /confirm-contact',
        'GET /digest-unsubscribe',
      ];
      const open = all.filter((r) => PUBLIC.includes(r.Properties!.RouteKey));
      expect(open.map((r) => r.Properties!.RouteKey).sort()).toEqual([...PUBLIC].sort());
      for (const r of open) expect(r.Properties!.AuthorizationType).toBe('NONE');
      expect(ofType(stage.api, 'AWS::ApiGatewayV2::Route')).toHaveProperty([
        stage.api.getLogicalId(
          stage.api.scheduledReports.node.findChild('UnsubscribeRoute').node.defaultChild as CfnElement,
        ),
      ]);
      const routes = all.filter((r) => !open.includes(r));
      expect(routes.map((r) => r.Properties!.RouteKey).sort()).toEqual(
        ROUTES.map((r) => `POST ${routePath(r)}`).sort(),
      );
      // Every route behind the stage's one JWT authorizer (not merely some authorizer id).
      const authorizers = Object.keys(ofType(stage.api, 'AWS::ApiGatewayV2::Authorizer'));
      expect(authorizers).toHaveLength(1);
      // A route in the API stack refers to it; one in a service stack imports the API stack's export of it.
      const isTheAuthorizer = (id: any) =>
        (id?.Ref === authorizers[0] && Object.keys(id).length === 1) ||
        (typeof id?.['Fn::ImportValue'] === 'string' &&
          new RegExp(`:ExportsOutputRef${authorizers[0]}[0-9A-F]{8}$`).test(id['Fn::ImportValue']));
      for (const r of routes) expect(r.Properties!.AuthorizationType).toBe('JWT');
      expect(
        routes.filter((r) => !isTheAuthorizer(r.Properties!.AuthorizerId)).map((r) => r.Properties!.RouteKey),
      ).toEqual([]);
    });

    it('has one Cognito JWT authorizer for the console app client', () => {
      const t = templateOf(stage.api);
      t.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
      t.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
        AuthorizerType: 'JWT',
        IdentitySource: ['$request.header.Authorization'],
        JwtConfiguration: {
          Audience: [Match.anyValue()],
          Issuer: Match.objectLike({
            'Fn::Join': ['', Match.arrayWith([`https://cognito-idp.${config.env.region}.amazonaws.com/`])],
          }),
        },
      });
    });

    it('allows CORS only from the console origins, for POST with the three API headers', () => {
      templateOf(stage.api).hasResourceProperties('AWS::ApiGatewayV2::Api', {
        ProtocolType: 'HTTP',
        CorsConfiguration: {
          AllowOrigins: [...config.api.consoleOrigins],
          AllowHeaders: ['Authorization', 'Content-Type', 'x-account-id'],
          AllowMethods: ['POST', 'OPTIONS'],
        },
      });
    });

    it('throttles the default stage and writes access logs', () => {
      templateOf(stage.api).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: {
          ThrottlingRateLimit: config.api.throttle.rateLimit,
          ThrottlingBurstLimit: config.api.throttle.burstLimit,
        },
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      });
    });
  });

  describe('stateful', () => {
    it('builds the table from TABLE_DESIGN with PITR, TTL, the change stream and the stage protection', () => {
      const retain = config.stateful.removalPolicy === RemovalPolicy.RETAIN;
      templateOf(stage.stateful).hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: retain ? 'Retain' : 'Delete',
        Properties: {
          TableName: `mixdesk-${config.name}`,
          BillingMode: 'PAY_PER_REQUEST',
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: config.stateful.deletionProtection,
          TimeToLiveSpecification: { AttributeName: TABLE_DESIGN.timeToLiveAttribute, Enabled: true },
          StreamSpecification: { StreamViewType: TABLE_DESIGN.stream.viewType },
          KeySchema: [
            { AttributeName: TABLE_DESIGN.partitionKey, KeyType: 'HASH' },
            { AttributeName: TABLE_DESIGN.sortKey, KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: TABLE_DESIGN.globalSecondaryIndexes.map((g) =>
            Match.objectLike({
              IndexName: g.indexName,
              KeySchema: [
                { AttributeName: g.partitionKey, KeyType: 'HASH' },
                { AttributeName: g.sortKey, KeyType: 'RANGE' },
              ],
            }),
          ),
        },
      });
      expect(stage.stateful.terminationProtection).toBe(config.stateful.terminationProtection);
    });

    it('protects prod data: RETAIN, deletion and termination protection', () => {
      if (config.name !== 'prod') return;
      expect(config.stateful).toEqual({
        removalPolicy: RemovalPolicy.RETAIN,
        deletionProtection: true,
        terminationProtection: true,
      });
      templateOf(stage.stateful).hasResource('AWS::Cognito::UserPool', {
        DeletionPolicy: 'Retain',
        Properties: { DeletionProtection: 'ACTIVE' },
      });
    });

    it('has a user pool with email sign-in, a strong password policy and optional TOTP (no SMS)', () => {
      templateOf(stage.stateful).hasResourceProperties('AWS::Cognito::UserPool', {
        UsernameAttributes: ['email'],
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: 12,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          },
        },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: !config.auth.selfSignUp },
      });
    });

    it('writes its invitation and code mails through its CustomMessage trigger, which Cognito may invoke', () => {
      const fnId = stage.stateful.getLogicalId(stage.stateful.userPoolMail.node.defaultChild as CfnElement);
      templateOf(stage.stateful).hasResourceProperties('AWS::Cognito::UserPool', {
        LambdaConfig: { CustomMessage: { 'Fn::GetAtt': [fnId, 'Arn'] } },
      });
      templateOf(stage.stateful).hasResourceProperties('AWS::Lambda::Permission', {
        FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
        Principal: 'cognito-idp.amazonaws.com',
      });
    });

    it('has a public app client with SRP that hides whether a user exists; USER_PASSWORD_AUTH only on dev', () => {
      templateOf(stage.stateful).hasResourceProperties('AWS::Cognito::UserPoolClient', {
        GenerateSecret: false,
        ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_SRP_AUTH']),
        PreventUserExistenceErrors: 'ENABLED',
      });
      const flows: string[] = Object.values(ofType(stage.stateful, 'AWS::Cognito::UserPoolClient'))[0].Properties!
        .ExplicitAuthFlows;
      expect(flows.includes('ALLOW_USER_PASSWORD_AUTH')).toBe(config.name === 'dev');
      expect(config.auth.userPasswordAuth).toBe(config.name === 'dev');
    });

    it('requires the access-token scope on every route, so the JWT authorizer refuses ID tokens', () => {
      const routes = [...stage.services.values()].flatMap((s) => Object.values(ofType(s, 'AWS::ApiGatewayV2::Route')));
      expect(routes.length).toBe(ROUTES.length);
      for (const r of routes) {
        expect(r.Properties!.AuthorizationType).toBe('JWT');
        expect(r.Properties!.AuthorizationScopes).toEqual(['aws.cognito.signin.user.admin']);
      }
    });
  });

  describe('alarms', () => {
    it('has one KMS-encrypted, TLS-only alarm topic with the stage e-mail subscriptions', () => {
      const t = templateOf(stage.stateful);
      t.resourceCountIs('AWS::SNS::Topic', 1);
      t.hasResourceProperties('AWS::SNS::Topic', {
        TopicName: `mixdesk-${config.name}-alarms`,
        KmsMasterKeyId: Match.anyValue(),
      });
      const subs = Object.values(ofType(stage.stateful, 'AWS::SNS::Subscription')).map((r) => r.Properties);
      expect(subs.map((p) => [p!.Protocol, p!.Endpoint])).toEqual(config.alarms.emails.map((e) => ['email', e]));
      expect(config.alarms.emails.length).toBeGreaterThan(0);
      const key = Object.values(ofType(stage.stateful, 'AWS::KMS::Key')).find((k) =>
        JSON.stringify(k.Properties).includes('cloudwatch.amazonaws.com'),
      );
      expect(key?.Properties!.EnableKeyRotation).toBe(true);
    });

    it('notifies the topic from the failure alarms of the three stream consumers (line audit, plan notifications, dashboard tiles) and of each sync dead-letter queue, the CSV import one and the company data one', () => {
      const alarms = Object.values(ofType(stage.stateful, 'AWS::CloudWatch::Alarm'));
      // + the scheduled jobs' and stage-wide alarms (test/cdk/operations-alarms.test.ts counts them by kind).
      const operations = stage.stateful.activitySchedule.alarms.length + 2 + stage.stateful.operations.alarms.length;
      expect(alarms).toHaveLength(5 + Object.keys(stage.stateful.connectorSync.deadLetterQueues).length + operations);
      for (const alarm of alarms) expect(JSON.stringify(alarm.Properties!.AlarmActions)).toContain('AlarmsTopic');
    });

    it('gives every service stack a 5xx-rate alarm on the kit metrics, notifying the topic by name', () => {
      for (const [service, stack] of stage.services) {
        const alarms = Object.values(ofType(stack, 'AWS::CloudWatch::Alarm'));
        // The p99-latency alarm too where the stage sets one (test/cdk/operations-alarms.test.ts).
        expect(alarms).toHaveLength(config.alarms.latencyP99Ms === null ? 1 : 2);
        const p = alarms.find((a) => a.Properties!.Metrics)!.Properties!;
        expect(p.Threshold).toBe(config.alarms.serverErrorRate);
        const metrics = p.Metrics.filter((m: any) => m.MetricStat).map((m: any) => m.MetricStat.Metric);
        expect(metrics.map((m: any) => m.MetricName).sort()).toEqual(['5xx', 'Count']);
        for (const m of metrics)
          expect(m).toMatchObject({ Namespace: 'Mixdesk', Dimensions: [{ Name: 'service', Value: service }] });
        expect(JSON.stringify(stack.resolve(p.AlarmActions))).toContain(`:mixdesk-${config.name}-alarms`);
      }
    });
  });

  describe('web', () => {
    it('keeps every bucket private, encrypted and TLS-only', () => {
      const buckets = ofType(stage.web, 'AWS::S3::Bucket');
      expect(Object.keys(buckets).length).toBeGreaterThan(0);
      for (const b of Object.values(buckets)) {
        expect(b.Properties!.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(
          b.Properties!.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault
            .SSEAlgorithm,
        ).toBe('AES256');
      }
      const denyInsecure = Object.values(ofType(stage.web, 'AWS::S3::BucketPolicy')).filter((p) =>
        p.Properties!.PolicyDocument.Statement.some(
          (s: any) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
        ),
      );
      expect(denyInsecure).toHaveLength(Object.keys(buckets).length);
    });

    it('serves the console bucket through CloudFront with origin access control, as an SPA', () => {
      const t = templateOf(stage.web);
      t.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
      t.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultRootObject: 'index.html',
          Origins: [
            Match.objectLike({ OriginAccessControlId: Match.anyValue(), S3OriginConfig: { OriginAccessIdentity: '' } }),
          ],
          CustomErrorResponses: [403, 404].map((code) => ({
            ErrorCode: code,
            ResponseCode: 200,
            ResponsePagePath: '/index.html',
            ErrorCachingMinTTL: 0,
          })),
          DefaultCacheBehavior: Match.objectLike({
            ViewerProtocolPolicy: 'redirect-to-https',
            ResponseHeadersPolicyId: Match.anyValue(),
          }),
          Logging: Match.objectLike({ Bucket: Match.anyValue() }),
        }),
      });
    });

    it('sends security headers: HSTS, a CSP that allows the API and Cognito, DENY framing, nosniff', () => {
      const policies = Object.values(ofType(stage.web, 'AWS::CloudFront::ResponseHeadersPolicy'));
      expect(policies).toHaveLength(1);
      const h = policies[0].Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
      expect(h.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 730 * 86400, IncludeSubdomains: true });
      expect(h.FrameOptions.FrameOption).toBe('DENY');
      expect(h.ContentTypeOptions.Override).toBe(true);
      expect(h.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
      const csp = JSON.stringify(stage.web.resolve(h.ContentSecurityPolicy.ContentSecurityPolicy));
      expect(csp).toContain(`connect-src 'self' https://cognito-idp.${config.env.region}.amazonaws.com `);
      expect(csp).not.toContain('*.amazonaws.com');
      expect(csp).toContain('Fn::ImportValue'); // the stage's API endpoint, from the API stack
      expect(csp).toContain("frame-ancestors 'none'");
    });

    it('deploys config.json with the stage API URL, region and user pool ids', () => {
      const deployment = Object.values(ofType(stage.web, 'Custom::CDKBucketDeployment'));
      expect(deployment).toHaveLength(1);
      const p = deployment[0].Properties!;
      expect(p.DistributionPaths).toEqual(['/*']);
      const markers = JSON.stringify(p.SourceMarkers);
      // apiUrl is https://<HttpApi id>.execute-api.<region>.<URL suffix>/; the ids come from the other stacks.
      for (const ref of [
        '-api:ExportsOutputRefHttpApi',
        '-stateful:ExportsOutputRefUserPool',
        '-stateful:ExportsOutputRefConsoleClient',
      ]) {
        expect(markers).toContain(`mixdesk-${config.name}${ref}`);
      }
    });
  });
});
