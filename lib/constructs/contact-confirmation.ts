import { HttpMethod, HttpNoneAuthorizer, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { CONFIRM_CONTACT_HANDLER, CONFIRM_CONTACT_PATH } from '../../lambdas/jobs/job-handlers';
import { TABLE_DESIGN } from '../../lambdas/shared/table-design';
import type { StageConfig } from '../config/stages';
import { acknowledgeLinkKey, acknowledgeSignedLinkRoute } from '../nag';
import type { ServiceStack } from '../service-stack';
import { MixdeskFunction } from './mixdesk-function';
import { grantStageMail } from './stage-mail';

/** The functions that mail a vendor contact its confirmation link (modules/vendors/contact-confirmation.ts). */
export const CONTACT_CONFIRMATION_SENDERS = {
  service: 'VendorsService',
  methods: ['SaveVendor', 'ResendContactConfirmation'],
};

export interface ContactConfirmationProps {
  readonly config: StageConfig;
  /** The stage's table, imported by name (StatefulStack.tableName). */
  readonly tableName: string;
  readonly httpApi: IHttpApi;
  /** The API's base URL (ends with '/'): the mailed links point at `<apiUrl>confirm-contact`. */
  readonly apiUrl: string;
}

/**
 * A vendor contact confirms its address (docs/domain.md "Vendors"), in the API stack because the
 * mailed link opens an API route:
 * - the LINK KEY: the stage's key of signed links opened without a sign-in (lambdas/core/signed-link.ts,
 *   read by lambdas/aws/link-key.ts from the secret named in LINK_KEY_SECRET_ARN). It is not the
 *   contacts' own: every kind of signed link (an insertion order's acceptance too) shares it, each
 *   with its own purpose signed into the token; `grantLinkKey` gives another function its read;
 * - the PAGE `GET|POST /confirm-contact`, without the JWT authorizer: the HMAC-signed, expiring token
 *   names one company, one vendor and one address, and can only mark that contact Confirmed. GET
 *   asks, POST confirms (a mail scanner following links confirms nothing);
 * - the SENDERS (`grantContactMail`): VendorsService's SaveVendor and ResendContactConfirmation mail
 *   the link from the stage's SES identity, where the stage sends mail.
 * `npm start` serves the same page on local/api-server.ts.
 */
export class ContactConfirmation extends Construct {
  /** The stage's signed-link key (generated). Read it through `grantLinkKey`. */
  public readonly linkKey: Secret;
  /** The public page's function (lambdas/public/confirm-contact.ts). */
  public readonly page: MixdeskFunction;
  private readonly props: ContactConfirmationProps;

  constructor(scope: Construct, id: string, props: ContactConfirmationProps) {
    super(scope, id);
    this.props = props;
    const { config } = props;
    this.linkKey = new Secret(this, 'LinkKey', {
      description: 'HMAC key of the signed links opened without a sign-in (vendor contact confirmation, …)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: config.stateful.removalPolicy,
    });
    acknowledgeLinkKey(this.linkKey);

    this.page = new MixdeskFunction(this, 'Page', {
      route: CONFIRM_CONTACT_HANDLER,
      logRetention: config.logs.retention,
      logRemovalPolicy: config.logs.removalPolicy,
    });
    const table = Table.fromTableAttributes(this, 'Table', {
      tableName: props.tableName,
      globalIndexes: TABLE_DESIGN.globalSecondaryIndexes.map((g) => g.indexName),
    });
    // Reads the company (its language) and the vendor; writes the vendor with its audit entry.
    this.page.bindTable(table, 'write');
    grantLinkKey(this.page, this.linkKey);
    const integration = new HttpLambdaIntegration('PageIntegration', this.page);
    for (const method of [HttpMethod.GET, HttpMethod.POST]) {
      acknowledgeSignedLinkRoute(
        new HttpRoute(this, `PageRoute${method}`, {
          httpApi: props.httpApi,
          routeKey: HttpRouteKey.with(CONFIRM_CONTACT_PATH, method),
          integration,
          // Public: the signed token is the authority (see above).
          authorizer: new HttpNoneAuthorizer(),
        }),
      );
    }
  }

  /**
   * A function that mails confirmation links: the page's URL and the link key always; the sender
   * address and ses:SendEmail from the stage's one identity where the stage sends mail (without
   * them it logs that nothing was sent, and the contact stays unconfirmed).
   */
  public grantContactMail(fn: MixdeskFunction): void {
    fn.addEnvironment('CONTACT_CONFIRM_URL', `${this.props.apiUrl}${CONFIRM_CONTACT_PATH.slice(1)}`);
    grantLinkKey(fn, this.linkKey);
    grantStageMail(fn, this.props.config);
  }

  /** CONTACT_CONFIRMATION_SENDERS in their service's stack. */
  public grantSenders(services: ReadonlyMap<string, ServiceStack>): void {
    const { service, methods } = CONTACT_CONFIRMATION_SENDERS;
    for (const method of methods) {
      const fn = services.get(service)?.functions.get(method);
      if (!fn) throw new Error(`${service} has no ${method} function`);
      this.grantContactMail(fn);
    }
  }
}

/** Lets `fn` sign or read links (lambdas/aws/link-key.ts): the secret's ARN in LINK_KEY_SECRET_ARN and its read. */
export function grantLinkKey(fn: MixdeskFunction, linkKey: ISecret): void {
  fn.addEnvironment('LINK_KEY_SECRET_ARN', linkKey.secretArn);
  linkKey.grantRead(fn);
}
