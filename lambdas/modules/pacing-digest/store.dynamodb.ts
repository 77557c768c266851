import { GetCommand, PutCommand } from '../../aws/dynamodb/commands';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { companyPk } from '../../aws/dynamodb/keys';
import { queryAll } from '../../aws/dynamodb/query-page';
import { transactWrite } from '../../aws/dynamodb/transaction';
import { staleVersion } from '../../core/errors';
import { auditPut } from '../audit';
import type { DigestSetting } from './store';

export const DIGEST_SETTING_ENTITY = 'PacingDigestSetting';
const CLAIM_ENTITY = 'PacingDigestClaim';
/** A claim is kept long enough to outlive its period (a week), then the table's TTL removes it. */
const CLAIM_TTL_DAYS = 35;

/**
 * Key spelling (docs/table-design.md "PacingDigestSetting"):
 * - a user's setting: `C#<cid>#PDIGEST` / `U#<sub>` — the job reads a company's settings in one Query;
 * - a sent digest's claim: `C#<cid>#PDIGEST#SENT` / `<period>#<sub>`, put only if absent.
 */
export const digestKeys = {
  settings: (companyId: number) => `${companyPk(companyId)}#PDIGEST`,
  setting: (companyId: number, sub: string) => ({ pk: digestKeys.settings(companyId), sk: `U#${sub}` }),
  claim: (companyId: number, sub: string, period: string) => ({
    pk: `${companyPk(companyId)}#PDIGEST#SENT`,
    sk: `${period}#${sub}`,
  }),
};

function toSetting(item: Record<string, unknown>): DigestSetting {
  return {
    sub: String(item.Sub),
    frequency: item.Frequency as DigestSetting['frequency'],
    lower: Number(item.Lower),
    upper: Number(item.Upper),
    language: typeof item.Language === 'string' ? item.Language : null,
    version: Number(item.version),
    updatedAt: String(item.updatedAt),
    updatedBy: String(item.updatedBy),
  };
}

export async function getSetting(companyId: number, sub: string): Promise<DigestSetting | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: digestKeys.setting(companyId, sub), ConsistentRead: true }),
  );
  return out.Item ? toSetting(out.Item) : undefined;
}

export async function listSettings(companyId: number): Promise<DigestSetting[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :u)',
    ExpressionAttributeValues: { ':pk': digestKeys.settings(companyId), ':u': 'U#' },
  });
  return items.map(toSetting);
}

/** The put and its audit entry in one transaction; a first save requires no item, a later one the version read. */
export async function saveSetting(
  companyId: number,
  next: DigestSetting,
  before: DigestSetting | undefined,
  who: string,
): Promise<void> {
  const condition = before
    ? { ConditionExpression: 'version = :read', ExpressionAttributeValues: { ':read': before.version } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  await transactWrite([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...digestKeys.setting(companyId, next.sub),
            entity: DIGEST_SETTING_ENTITY,
            Sub: next.sub,
            Frequency: next.frequency,
            Lower: next.lower,
            Upper: next.upper,
            Language: next.language,
            version: next.version,
            updatedAt: next.updatedAt,
            updatedBy: next.updatedBy,
          },
          ...condition,
        },
      },
      conflict: staleVersion(),
    },
    auditPut({
      companyId,
      who,
      entity: DIGEST_SETTING_ENTITY,
      id: next.sub,
      action: before ? 'update' : 'create',
      before: before ?? null,
      after: next,
      at: next.updatedAt,
    }),
  ]);
}

export async function claimDigest(companyId: number, sub: string, period: string, at: string): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...digestKeys.claim(companyId, sub, period),
          entity: CLAIM_ENTITY,
          ClaimedAt: at,
          expiresAt: Math.floor(Date.parse(at) / 1000) + CLAIM_TTL_DAYS * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
