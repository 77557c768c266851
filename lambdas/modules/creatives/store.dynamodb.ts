import { GetCommand, PutCommand } from '../../aws/dynamodb/commands';
import { staleVersion } from '../../core/errors';
import { VersionStatus } from '../../shared/version-status';
import { auditPut } from '../audit';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { pad, SK_PREFIX, prefixValues } from '../../aws/dynamodb/keys';
import { MEDIA_CHANNEL_ENTITY, versionKeys } from '../media-plans';
import { accountActiveCheck, activityCheck, headerLineChange, linePutFromVersion } from '../media-plans';
import { AccountArchived, ActivityChanged, LineChanged, VersionChanged } from '../media-plans';
import { queryAll } from '../../aws/dynamodb/query-page';
import { transactWrite } from '../../aws/dynamodb/transaction';
import type { Creative, CreativeLineChange } from './store';

/**
 * Creatives as stored (docs/table-design.md "Creative"): one item per file in its version's
 * partition, `C#<cid>#MIX#<mixId>` / `CR#<lineId>#<creativeId>` — outside the `M` range, so the plan,
 * its totals, a version copy and the export never read them, and ONE Query lists a line's. A
 * Pending item (an upload asked for, not confirmed) expires by TTL after a day; the file's object
 * under `uploads/` expires with it (the bucket's lifecycle rule).
 */
export const CREATIVE_ENTITY = 'Creative';
/** A Pending creative not confirmed within this long is gone (TTL), as is its upload (lifecycle rule). */
export const PENDING_TTL_SECONDS = 24 * 3600;

export const creativeKeys = {
  item: (companyId: number, c: Pick<Creative, 'MediaMixId' | 'MediaChannelId' | 'ID'>) => ({
    pk: versionKeys.partition(companyId, c.MediaMixId),
    sk: `CR#${pad(c.MediaChannelId)}#${pad(c.ID)}`,
  }),
  linePrefix: (lineId: number) => `CR#${pad(lineId)}#`,
};

const toCreative = (item: Record<string, unknown>): Creative => {
  const { pk: _p, sk: _s, entity: _e, expiresAt: _x, ...rest } = item;
  return rest as unknown as Creative;
};

const itemOf = (companyId: number, c: Creative) => ({
  ...creativeKeys.item(companyId, c),
  entity: CREATIVE_ENTITY,
  ...c,
  ...(c.Status === 'Pending' ? { expiresAt: Math.floor(Date.parse(c.createdAt) / 1000) + PENDING_TTL_SECONDS } : {}),
});

export async function getCreative(
  companyId: number,
  c: Pick<Creative, 'MediaMixId' | 'MediaChannelId' | 'ID'>,
  consistent = false,
): Promise<Creative | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: creativeKeys.item(companyId, c), ConsistentRead: consistent }),
  );
  return out.Item && out.Item.entity === CREATIVE_ENTITY ? toCreative(out.Item) : undefined;
}

/** Every creative of a line (Pending, Active and Archived), by id. */
export async function listLineCreatives(
  companyId: number,
  versionId: number,
  lineId: number,
  consistent = false,
): Promise<Creative[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: SK_PREFIX,
    ExpressionAttributeValues: {
      ':pk': versionKeys.partition(companyId, versionId),
      ...prefixValues(creativeKeys.linePrefix(lineId)),
    },
    ConsistentRead: consistent,
  });
  return items.map(toCreative);
}

/**
 * An upload asked for: the Pending creative, new. Not audited: nothing of the plan changed yet
 * (the confirmation is, with the line's count).
 */
export async function putPendingCreative(companyId: number, c: Creative): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: itemOf(companyId, c),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * A creative confirmed or archived, with its line's counts, in ONE transaction with the same
 * re-checks as a line edit on the full path (media-plan-operations.ts saveLineEdit): the header
 * ADDs the line's change and bumps its version only while the version is a Draft (VersionChanged),
 * the activity and the plan's accounts as the domain read them (ActivityChanged, AccountArchived),
 * the line and the creative from the versions read (LineChanged; a stale creative's 409), and the
 * audit entries of both.
 */
export async function saveCreativeLineChange(w: CreativeLineChange): Promise<void> {
  const { companyId, before, after, line } = w;
  const action = after.Status === 'Archived' ? 'archive' : 'create';
  await transactWrite([
    {
      item: headerLineChange(
        companyId,
        after.MediaMixId,
        w.delta,
        after.updatedBy,
        after.updatedAt,
        VersionStatus.Draft,
      ),
      conflict: new VersionChanged(),
    },
    { item: activityCheck(companyId, w.guards.activity), conflict: new ActivityChanged() },
    { item: linePutFromVersion(companyId, line.after, line.before.version), conflict: new LineChanged() },
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: itemOf(companyId, after),
          ConditionExpression: 'attribute_exists(pk) AND version = :v',
          ExpressionAttributeValues: { ':v': before.version },
        },
      },
      conflict: staleVersion(),
    },
    auditPut({
      companyId,
      who: after.updatedBy,
      entity: CREATIVE_ENTITY,
      id: after.ID,
      action,
      before: w.audit.creative.before,
      after: w.audit.creative.after,
      at: after.updatedAt,
    }),
    auditPut({
      companyId,
      who: after.updatedBy,
      entity: MEDIA_CHANNEL_ENTITY,
      id: line.after.ID,
      action: 'update',
      before: w.audit.line.before,
      after: w.audit.line.after,
      at: after.updatedAt,
    }),
    ...w.guards.activeAccounts.map((id) => ({
      item: accountActiveCheck(companyId, id),
      conflict: new AccountArchived(id),
    })),
  ]);
}
