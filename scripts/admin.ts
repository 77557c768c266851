/**
 * Platform administration without the console, on the same domain functions as
 * CompaniesService:
 *
 *   npm run admin -- create-company --name "Acme Media" --admin-email dana@acme.example [--admin-name "Dana Levi"]
 *                                   [--time-zone Asia/Jerusalem] [--locale he|en|fr|ro|zh] --stage dev|staging|prod
 *   npm run admin -- list-companies --stage dev|staging|prod
 *   npm run admin -- record-partitions [--if-incomplete] --stage dev|staging|prod   (a table from before
 *                                   the partition registry; `npm run deploy` runs it with --if-incomplete:
 *                                   docs/operations.md "Finding a company's items")
 *   (either with --local instead of --stage: the stack of `npm start`)
 *
 * Where it writes (README "Administration"):
 * - `--stage <name>`: the stage's table and user pool, read from the outputs `TableName` and
 *   `UserPoolId` of its stateful stack `mixdesk-<stage>-stateful` (CloudFormation DescribeStacks), in
 *   the region `--region`, else MIXDESK_<STAGE>_REGION (as `cdk deploy` reads it), else AWS_REGION.
 *   MIXDESK_TABLE_NAME and MIXDESK_USER_POOL_ID, when both set, are used instead of asking
 *   CloudFormation. The operator's AWS credentials come from the SDK's usual chain (environment,
 *   profile, SSO).
 * - `--local`: the local stack: TABLE_NAME / DYNAMODB_ENDPOINT / USER_POOL_ID / COGNITO_ADMIN_ENDPOINT
 *   when set (the jest setup sets them), else `npm start`'s table `mixdesk-local` on its DynamoDB
 *   Local, its pool `mixdesk-local` and cognito-local itself (COGNITO_ADMIN_ENDPOINT = the base of the
 *   banner's "Invites" line keeps the temporary password where the banner says).
 */
import { SignatureV4 } from '@smithy/signature-v4';
import { CognitoIdentityProviderClient, ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { parse, prettifyError, type output } from 'zod/mini';
import { createCompanyWithAdmin, getCompaniesListFor } from '../lambdas/modules/companies/companies';
import { Sha256 } from '../lambdas/aws/sdk-stubs/sha256';
import { useDynamoCredentials } from '../lambdas/aws/dynamodb/client';
import { userPoolAdmin, userPoolAdminFromEnv, type UserPoolAdmin } from '../lambdas/aws/user-pool-admin';
import { createCompanyInput } from '../lambdas/modules/companies/schemas';
import { recordPartitions, registryComplete } from '../lambdas/modules/company-data/company-partitions.dynamodb';
import type { CompanyView, CreatedCompany } from '../lambdas/modules/companies/replies';
import { COGNITO_HOST, COGNITO_PORT, DYNAMO_PORT, LOCAL_HOST } from '../local/ports';

const STAGE_NAMES = ['dev', 'staging', 'prod'] as const;
type StageName = (typeof STAGE_NAMES)[number];

const USAGE = `Usage:
  npm run admin -- create-company --name "<company>" --admin-email <e-mail> [--admin-name "<name>"] [--time-zone <IANA zone>] [--locale he|en|fr|ro|zh] (--stage dev|staging|prod | --local)
  npm run admin -- list-companies (--stage dev|staging|prod | --local)
  npm run admin -- record-partitions [--if-incomplete] (--stage dev|staging|prod | --local)
Options: --region <aws region> (a stage's; default MIXDESK_<STAGE>_REGION, else AWS_REGION)`;

export class UsageError extends Error {}

interface Args {
  command: string;
  options: Record<string, string | true>;
}

export function parseArgs(argv: readonly string[]): Args {
  const [command, ...rest] = argv;
  if (!command || command.startsWith('--'))
    throw new UsageError('Name a command: create-company, list-companies or record-partitions');
  const options: Record<string, string | true> = {};
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (!a.startsWith('--')) throw new UsageError(`Unexpected argument ${a}`);
    const eq = a.indexOf('=');
    if (eq > 0) {
      options[a.slice(2, eq)] = a.slice(eq + 1);
      continue;
    }
    const next = rest[i + 1];
    if (next === undefined || next.startsWith('--')) options[a.slice(2)] = true;
    else {
      options[a.slice(2)] = next;
      i++;
    }
  }
  return { command, options };
}

const str = (o: Args['options'], k: string) => (typeof o[k] === 'string' ? (o[k] as string) : undefined);

/** Where the commands write: a table and a user pool, reached with the right credentials. */
export interface Target {
  label: string;
  pool: UserPoolAdmin;
}

async function localTarget(): Promise<Target> {
  process.env.AWS_REGION ??= 'local';
  process.env.TABLE_NAME ??= 'mixdesk-local';
  process.env.DYNAMODB_ENDPOINT ??= `http://${LOCAL_HOST}:${DYNAMO_PORT}`;
  if (!process.env.COGNITO_ADMIN_ENDPOINT && !process.env.COGNITO_ENDPOINT)
    process.env.COGNITO_ENDPOINT = `http://${COGNITO_HOST}:${COGNITO_PORT}`;
  if (!process.env.USER_POOL_ID) {
    const cognito = new CognitoIdentityProviderClient({
      endpoint: process.env.COGNITO_ENDPOINT ?? `http://${COGNITO_HOST}:${COGNITO_PORT}`,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    cognito.destroy();
    const id = pools.UserPools?.find((p) => p.Name === 'mixdesk-local')?.Id;
    if (!id) throw new UsageError('No local user pool mixdesk-local: is `npm start` running?');
    process.env.USER_POOL_ID = id;
  }
  return {
    label: `local (table ${process.env.TABLE_NAME}, pool ${process.env.USER_POOL_ID})`,
    pool: userPoolAdminFromEnv(),
  };
}

type Credentials = () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }>;

/** The operator's credentials from the SDK's default chain (environment, profile, SSO), as an SDK client resolves them. */
function sdkCredentials(): Credentials {
  const provider = new DynamoDBClient({}).config.credentials;
  return async () => {
    const c = await provider();
    return { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey, sessionToken: c.sessionToken };
  };
}

/** An output of a stack (CloudFormation's query API, signed with the operator's credentials). */
export async function stackOutputs(
  stackName: string,
  region: string,
  credentials: Credentials,
  endpoint = `https://cloudformation.${region}.amazonaws.com/`,
): Promise<Record<string, string>> {
  const url = new URL(endpoint);
  const body = new URLSearchParams({
    Action: 'DescribeStacks',
    Version: '2010-05-15',
    StackName: stackName,
  }).toString();
  const signer = new SignatureV4({ service: 'cloudformation', region, credentials, sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: {},
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body,
  });
  const { host: _host, ...headers } = signed.headers as Record<string, string>;
  const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(15_000) });
  const xml = await res.text();
  if (!res.ok) {
    const message = /<Message>([^<]*)<\/Message>/.exec(xml)?.[1] ?? res.statusText;
    throw new Error(`CloudFormation DescribeStacks ${stackName}: ${message} (${res.status})`);
  }
  const outputs: Record<string, string> = {};
  for (const m of xml.matchAll(
    /<member>\s*(?:<Description>[^<]*<\/Description>\s*)?<OutputKey>([^<]+)<\/OutputKey>\s*<OutputValue>([^<]*)<\/OutputValue>/g,
  ))
    outputs[m[1]] = m[2];
  for (const m of xml.matchAll(/<OutputValue>([^<]*)<\/OutputValue>\s*<OutputKey>([^<]+)<\/OutputKey>/g))
    outputs[m[2]] = m[1];
  return outputs;
}

async function stageTarget(stage: StageName, regionOption?: string): Promise<Target> {
  const region = regionOption ?? process.env[`MIXDESK_${stage.toUpperCase()}_REGION`] ?? process.env.AWS_REGION;
  if (!region)
    throw new UsageError(
      `Give the region of stage ${stage}: --region, MIXDESK_${stage.toUpperCase()}_REGION or AWS_REGION`,
    );
  process.env.AWS_REGION = region;
  delete process.env.DYNAMODB_ENDPOINT;
  const credentials = sdkCredentials();
  useDynamoCredentials(credentials);
  let table = process.env.MIXDESK_TABLE_NAME;
  let poolId = process.env.MIXDESK_USER_POOL_ID;
  if (!table || !poolId) {
    const outputs = await stackOutputs(`mixdesk-${stage}-stateful`, region, credentials);
    table = outputs.TableName;
    poolId = outputs.UserPoolId;
    if (!table || !poolId)
      throw new Error(`mixdesk-${stage}-stateful has no TableName / UserPoolId outputs: deploy the stage first`);
  }
  process.env.TABLE_NAME = table;
  return {
    label: `stage ${stage} (${region}, table ${table}, pool ${poolId})`,
    pool: userPoolAdmin({ userPoolId: poolId, region, credentials }),
  };
}

export async function targetOf(options: Args['options']): Promise<Target> {
  if (options.local === true) return localTarget();
  const stage = str(options, 'stage');
  if (!stage) throw new UsageError('Name the stage: --stage dev|staging|prod (or --local)');
  if (!(STAGE_NAMES as readonly string[]).includes(stage))
    throw new UsageError(`Unknown stage ${stage}: dev, staging or prod`);
  return stageTarget(stage as StageName, str(options, 'region'));
}

/** Who the audit entries name: the operator's login, marked as the script. */
const operator = () => `admin-script:${process.env.USER ?? process.env.USERNAME ?? 'operator'}`;

export async function createCompanyCommand(options: Args['options'], target: Target): Promise<CreatedCompany> {
  let input: output<typeof createCompanyInput>;
  try {
    input = parse(createCompanyInput, {
      name: str(options, 'name'),
      adminEmail: str(options, 'admin-email'),
      adminName: str(options, 'admin-name') ?? 'Admin',
      timeZone: str(options, 'time-zone'),
      defaultLocale: str(options, 'locale'),
    });
  } catch (err) {
    throw new UsageError(prettifyError(err as Parameters<typeof prettifyError>[0]));
  }
  return createCompanyWithAdmin(input, operator(), target.pool);
}

export async function listCompaniesCommand(): Promise<CompanyView[]> {
  const all: CompanyView[] = [];
  let nextToken: string | null = null;
  do {
    const page = await getCompaniesListFor({ pageSize: 100, nextToken });
    all.push(...page.Items);
    nextToken = page.NextToken;
  } while (nextToken);
  return all;
}

const table = (rows: CompanyView[]) =>
  [
    ['ID', 'Name', 'Users', 'Accounts', 'Locale', 'Created'].join('\t'),
    ...rows.map((c) => [c.CompanyId, c.Name, c.UserCount, c.AccountCount, c.DefaultLocale, c.CreatedAt].join('\t')),
  ].join('\n');

const COMMANDS = ['create-company', 'list-companies', 'record-partitions'];

/** The script: answers its exit code; `out` and `err` are where it writes (the test reads them). */
export async function main(
  argv: readonly string[],
  out: (s: string) => void = console.log,
  err: (s: string) => void = console.error,
): Promise<number> {
  try {
    const { command, options } = parseArgs(argv);
    if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command ${command}`);
    const target = await targetOf(options);
    if (command === 'create-company') {
      const made = await createCompanyCommand(options, target);
      out(`Created company ${made.Company.CompanyId} "${made.Company.Name}" on ${target.label}.`);
      out(
        `Its Admin ${made.Admin.Email} (${made.Admin.Sub}) was invited: the user pool mailed a temporary password, changed at the first sign-in.`,
      );
    } else if (command === 'record-partitions') {
      if (options['if-incomplete'] && (await registryComplete())) {
        out(`The partition registry of ${target.label} is complete already.`);
        return 0;
      }
      const n = await recordPartitions();
      out(`Registered ${n} partitions and pointers on ${target.label}; the company data jobs now read the registry.`);
    } else {
      out(table(await listCompaniesCommand()));
    }
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      err(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    const code = (e as { code?: string }).code;
    err(`Failed${code ? ` (${code})` : ''}: ${(e as Error).message}`);
    return 1;
  }
}

if (require.main === module)
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
