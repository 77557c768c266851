import { UpdateCommand } from './commands';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { TABLE_DESIGN } from '../../shared/table-design';

/**
 * The stamp of a company's precomputed dashboard tiles (docs/dashboard.md "Precomputed tiles"): every
 * write that moves the manager dashboard's figures (month summaries, approvals, activities, exchange
 * rates) bumps its Version, and the tiles computed from an older Version are recomputed on the next
 * read. Here, below every module, because the modules that write figures may not import the
 * dashboards. Its sort key sits between the two periods' tiles, so either period's one Query reads it.
 * Each bump also reaches the tile refresher through the table's change stream, which recomputes the
 * tiles before the next read.
 */
export const DASH_STAMP_SK = 'P4';

/** Marks the company's tiles stale: called AFTER the write it follows has landed. */
export async function markDashboardStale(companyId: number): Promise<void> {
  await bumpStamp(companyId);
}

/**
 * Marks the tiles stale once per company day, at the hourly schedule's first run in it: the tiles
 * hold figures to date (their fingerprint holds the day), so without a write the new day's first
 * manager would wait for their recompute. Bumped here, the change stream's refresher recomputes
 * them instead. Only a stamp that exists (a company whose figures were ever written; never one being
 * deleted) and was not bumped for `day` yet: a second run that day, or two at once, write nothing.
 * True when this call bumped it.
 */
export async function markDashboardDay(companyId: number, day: string): Promise<boolean> {
  try {
    await bumpStamp(companyId, {
      set: ', #day = :day',
      condition: 'attribute_exists(pk) AND (attribute_not_exists(#day) OR #day <> :day)',
      names: { '#day': 'Day' },
      values: { ':day': day },
    });
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** The one write of the stamp: Version up, DirtyAt now, and what a caller adds to it. */
async function bumpStamp(
  companyId: number,
  more?: { set: string; condition: string; names: Record<string, string>; values: Record<string, unknown> },
): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: keys.dashTilesPk(companyId), sk: DASH_STAMP_SK },
      // The entity lets the change stream's filter pass on this item's records alone (the tile refresher).
      UpdateExpression: `ADD Version :one SET DirtyAt = :now, entity = :entity${more?.set ?? ''}`,
      ...(more ? { ConditionExpression: more.condition, ExpressionAttributeNames: more.names } : {}),
      ExpressionAttributeValues: {
        ':one': 1,
        ':now': Date.now(),
        ':entity': TABLE_DESIGN.stream.dashStampEntity,
        ...more?.values,
      },
    }),
  );
}
