import { GetCommand } from '../../aws/dynamodb/commands';
import { staleVersion } from '../../core/errors';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { keys } from '../../aws/dynamodb/keys';
import { transactWrite } from '../../aws/dynamodb/transaction';
import { LOGO_TYPES, type LogoContentType } from '../../shared/company-logo';
import type { LogoRef } from './logo-store';

/**
 * The logo on the company record: `Logo` is the version in use ('' when none; sign-in hands it to
 * the console) and `LogoContentType` its type. Audited as `CompanyLogo#<company>`.
 */
const ENTITY = 'CompanyLogo';

export async function readLogoRef(companyId: number): Promise<LogoRef | undefined> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.company(companyId),
      ProjectionExpression: 'Logo, LogoContentType',
      ConsistentRead: true,
    }),
  );
  const version = out.Item?.Logo;
  const contentType = out.Item?.LogoContentType as LogoContentType | undefined;
  if (typeof version !== 'string' || !version || !contentType || !LOGO_TYPES.includes(contentType)) return undefined;
  return { version, contentType };
}

export async function recordLogo(
  companyId: number,
  before: LogoRef | undefined,
  after: LogoRef | undefined,
  who: string,
  at: string,
): Promise<void> {
  await transactWrite([
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.company(companyId),
          UpdateExpression: after
            ? 'SET Logo = :logo, LogoContentType = :type'
            : 'SET Logo = :logo REMOVE LogoContentType',
          // Still the logo read: a missing attribute is the '' of a company that never had one.
          ConditionExpression: before
            ? 'attribute_exists(pk) AND Logo = :before'
            : 'attribute_exists(pk) AND (attribute_not_exists(Logo) OR Logo = :before)',
          ExpressionAttributeValues: {
            ':logo': after?.version ?? '',
            ':before': before?.version ?? '',
            ...(after ? { ':type': after.contentType } : {}),
          },
        },
      },
      conflict: staleVersion(),
    },
    {
      item: auditPut({
        companyId,
        who,
        entity: ENTITY,
        id: companyId,
        action: before ? 'update' : 'create',
        before: before ?? null,
        after: after ?? null,
        at,
      }),
    },
  ]);
}
