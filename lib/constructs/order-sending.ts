import { Aws, Stack } from 'aws-cdk-lib';
import { HttpMethod, HttpNoneAuthorizer, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { LOGO_PREFIX } from '../../lambdas/modules/configurations/logo-files.s3';
import { ORDER_FILES_PREFIX } from '../../lambdas/modules/orders/order-files.s3';
import { OFFLINE_UPLOAD_PREFIX } from '../../lambdas/modules/orders/schemas';
import { ORDER_ACCEPT_PATH, ORDER_ACCEPTANCE_HANDLER } from '../../lambdas/modules/orders/send-link';
import { TABLE_DESIGN } from '../../lambdas/shared/table-design';
import type { StageConfig } from '../config/stages';
import { acknowledgeCreativeGrant, acknowledgeOrderPageRoute } from '../nag';
import type { ServiceStack } from '../service-stack';
import { creativesBucketName } from './creatives-bucket';
import { MixdeskFunction } from './mixdesk-function';
import { grantLinkKey } from './contact-confirmation';
import { grantStageMail } from './stage-mail';

/**
 * Insertion orders sent to the vendor (docs/buy-side.md "Sending and acceptance"): SendOrder,
 * GetOrderDocument (reads orders/ only) and the order's public page. Both sign or read links with the stage's link key (aws/link-key.ts), keep
 * the documents in the creatives bucket's orders/ prefix, read the company logo and send mail from
 * the stage's SES identity; each gets exactly that.
 */

/** What a function of the feature may do in the creatives bucket: `actions` on orders/, and read the logo. */
function grantFiles(fn: MixdeskFunction, config: StageConfig, actions: string[]): void {
  const name = creativesBucketName(config);
  fn.addEnvironment('CREATIVES_BUCKET', name);
  for (const [prefix, what] of [
    [ORDER_FILES_PREFIX, actions],
    [LOGO_PREFIX, ['s3:GetObject']],
  ] as const) {
    const resource = `arn:${Aws.PARTITION}:s3:::${name}/${prefix}*`;
    fn.addToRolePolicy(new PolicyStatement({ actions: [...what], resources: [resource] }));
    acknowledgeCreativeGrant(fn.executionRole, Stack.of(fn), resource);
  }
}

/** Read-only on orders/: no logo, no mail, no key. */
function grantOrderFilesRead(fn: MixdeskFunction, config: StageConfig): void {
  const name = creativesBucketName(config);
  fn.addEnvironment('CREATIVES_BUCKET', name);
  const resource = `arn:${Aws.PARTITION}:s3:::${name}/${ORDER_FILES_PREFIX}*`;
  fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [resource] }));
  acknowledgeCreativeGrant(fn.executionRole, Stack.of(fn), resource);
}

/**
 * Offline acceptance's two routes (docs/buy-side.md "Offline acceptance"): the upload URL's signer
 * may put under uploads/orders/ only (S3 authorizes the browser's POST as the signer's PutObject);
 * the record route reads the upload and copies it to orders/ (CopyObject: a read and a put).
 */
export const OFFLINE_GRANTS: Record<string, [prefix: string, actions: string[]][]> = {
  GetOfflineAcceptanceUploadUrl: [[OFFLINE_UPLOAD_PREFIX, ['s3:PutObject']]],
  RecordOfflineAcceptance: [
    [OFFLINE_UPLOAD_PREFIX, ['s3:GetObject']],
    [ORDER_FILES_PREFIX, ['s3:PutObject']],
  ],
};

function grantOffline(orders: ServiceStack, config: StageConfig): void {
  const name = creativesBucketName(config);
  for (const [method, grants] of Object.entries(OFFLINE_GRANTS)) {
    const fn = orders.functions.get(method);
    if (!fn) throw new Error(`OrdersService has no ${method} function`);
    fn.addEnvironment('CREATIVES_BUCKET', name);
    for (const [prefix, actions] of grants) {
      const resource = `arn:${Aws.PARTITION}:s3:::${name}/${prefix}*`;
      fn.addToRolePolicy(new PolicyStatement({ actions, resources: [resource] }));
      acknowledgeCreativeGrant(fn.executionRole, Stack.of(fn), resource);
    }
  }
}

function grantMailAndKey(fn: MixdeskFunction, config: StageConfig, linkKey: ISecret): void {
  grantLinkKey(fn, linkKey);
  grantStageMail(fn, config);
}

export interface OrderSendingProps {
  readonly config: StageConfig;
  readonly tableName: string;
  readonly httpApi: IHttpApi;
  /** The API's base URL (ends with '/'): the links point at `<apiUrl>order-acceptance`. */
  readonly apiUrl: string;
  /** The stack of OrdersService, whose SendOrder function sends. */
  readonly orders: ServiceStack;
  /** The stage's signed-link key (the API stack's): each token signs its own purpose. */
  readonly linkKey: ISecret;
}

/** What SendOrder may do beyond the table: write orders/ (and remove what a refused send stored), read the logo, read the link key, send mail. */
export const SEND_ORDER_ACTIONS: readonly string[] = [
  's3:PutObject',
  's3:DeleteObject',
  's3:GetObject',
  'secretsmanager:GetSecretValue',
  'secretsmanager:DescribeSecret',
  'ses:SendEmail',
];

/**
 * In the API stack, beside its other public routes: SendOrder's grants (the stage's link key among them), and the order's page: `GET|POST /order-acceptance`, without the JWT authorizer (the signed token
 * names one company, order, send and address, opens only that order and records one decision).
 * Reads the order and its names, writes the decision with its audit entry and the sender's
 * notification, reads the stored documents, mails the sender.
 */
export class OrderSending extends Construct {
  public readonly page: MixdeskFunction;

  constructor(scope: Construct, id: string, props: OrderSendingProps) {
    super(scope, id);
    const { config } = props;
    const send = props.orders.functions.get('SendOrder')!;
    grantFiles(send, config, ['s3:PutObject', 's3:DeleteObject']);
    grantMailAndKey(send, config, props.linkKey);
    send.addEnvironment('ORDER_ACCEPT_URL', `${props.apiUrl}${ORDER_ACCEPT_PATH.slice(1)}`);
    // GetOrderDocument reads the sent documents back (and checks their SHA-256): GetObject on orders/ only.
    grantOrderFilesRead(props.orders.functions.get('GetOrderDocument')!, config);
    grantOffline(props.orders, config);

    const table = Table.fromTableAttributes(this, 'Table', {
      tableName: props.tableName,
      globalIndexes: TABLE_DESIGN.globalSecondaryIndexes.map((g) => g.indexName),
    });
    this.page = new MixdeskFunction(this, 'Page', {
      route: ORDER_ACCEPTANCE_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
    });
    this.page.bindTable(table, 'write');
    grantFiles(this.page, config, ['s3:GetObject']);
    grantMailAndKey(this.page, config, props.linkKey);
    const integration = new HttpLambdaIntegration('OrderAcceptanceIntegration', this.page);
    for (const method of [HttpMethod.GET, HttpMethod.POST]) {
      acknowledgeOrderPageRoute(
        new HttpRoute(this, `Route${method}`, {
          httpApi: props.httpApi,
          routeKey: HttpRouteKey.with(ORDER_ACCEPT_PATH, method),
          integration,
          authorizer: new HttpNoneAuthorizer(),
        }),
      );
    }
  }
}
