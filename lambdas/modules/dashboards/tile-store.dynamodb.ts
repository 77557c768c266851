import { PutCommand } from '../../aws/dynamodb/commands';
import { ddb, tableName } from '../../aws/dynamodb/client';
import { DASH_STAMP_SK } from '../../aws/dynamodb/dashboard-stamp';
import { keys, pad } from '../../aws/dynamodb/keys';
import { queryAll } from '../../aws/dynamodb/query-page';
import { batchPut } from '../performance-data';
import type { DashboardActivity } from './replies';
import type { Tally } from './dashboard-tally';

/**
 * The manager dashboard's precomputed tiles (docs/dashboard.md "Precomputed tiles"), in the company's
 * partition `C#<cid>#DASH`: per period (3, 4) one item per booked account `P<p>#A<account>` and a
 * header `P<p>#H` written after them; the stamp `P4` (aws/dynamodb/dashboard-stamp.ts) sorts between
 * the two periods, so ONE strongly consistent Query reads a period's tiles with the stamp.
 */

export type TilePeriod = '3' | '4';

/** An account's share of the sums: only parts that add up across accounts exactly. */
export interface AccountTile {
  AccountId: number;
  /** The main account of its activities (the visibility check's fallback when the account is gone). */
  MainId: number;
  /** Spend of the period through today, and through AsOf (micros, the dashboard's currency). */
  Spend: number;
  ToDate: number;
  Groups: [string | null, number][];
  Status: Tally['byStatus'];
  /** Minor units, each activity (line) rounded as the live path rounds it. */
  Planned: number;
  Mgmt: number;
  Sys: number;
  /** Micros of the last 7 complete days in the period (the projection's basis). */
  LastWeek: number;
  Estimated: number;
  /** Its own top over and under lists: no other entry of it can reach the merged top lists. */
  Paced: DashboardActivity[];
  Live: number;
  Activities: number;
  Lines: number;
}

export interface TileHeader {
  Version: number;
  /** When it was computed (ms): tiles of a write still settling (DirtyAt + SETTLE) are recomputed. */
  ComputedAt: number;
  /** Today, currency, pacing rules and catalogue groups it was computed with. */
  Fingerprint: string;
  /** More activities than the recompute reads (dashboardLimits.tiles): the live path answers. */
  Truncated: boolean;
  Count: number;
}

export interface StoredTiles {
  stamp: { Version: number; DirtyAt: number };
  header: TileHeader | null;
  /** The tiles of the header's computation; `complete` when all of them are there and none newer. */
  tiles: AccountTile[];
  complete: boolean;
}

const headSk = (p: TilePeriod) => `P${p}#H`;
const tileSk = (p: TilePeriod, accountId: number) => `P${p}#A${pad(accountId)}`;
const RANGE: Record<TilePeriod, [string, string]> = { '3': ['P3#', DASH_STAMP_SK], '4': [DASH_STAMP_SK, 'P4#~'] };

/** A period's tiles with the stamp: one Query (strongly consistent, paged when large). */
export async function readTiles(companyId: number, p: TilePeriod): Promise<StoredTiles> {
  const items = await queryAll({
    TableName: tableName(),
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':pk': keys.dashTilesPk(companyId), ':a': RANGE[p][0], ':b': RANGE[p][1] },
  });
  const s = items.find((i) => i.sk === DASH_STAMP_SK);
  const stamp = { Version: Number(s?.Version ?? 0), DirtyAt: Number(s?.DirtyAt ?? 0) };
  const h = items.find((i) => i.sk === headSk(p));
  const header: TileHeader | null = h ? (JSON.parse(String(h.Header)) as TileHeader) : null;
  if (!header) return { stamp, header, tiles: [], complete: false };
  const same = (i: Record<string, unknown>) => i.Version === header.Version && i.ComputedAt === header.ComputedAt;
  const newer = (i: Record<string, unknown>) =>
    Number(i.Version) > header.Version || (i.Version === header.Version && Number(i.ComputedAt) > header.ComputedAt);
  const rows = items.filter((i) => String(i.sk).startsWith(`P${p}#A`));
  const tiles = rows.filter(same).map((i) => JSON.parse(String(i.Tile)) as AccountTile);
  return { stamp, header, tiles, complete: tiles.length === header.Count && !rows.some(newer) };
}

/**
 * How fast a background refresh writes a company's tiles, in write units a second: half of what one
 * partition takes (1,000), so a company of 500 accounts (1,000 tiles, a unit or more each) never
 * throttles its partition and sets off the table's throttle alarm. A reader who recomputes is not
 * paced: they are waiting.
 */
export const TILE_WRITE_UNITS_PER_SECOND = 500;

export interface TilePace {
  unitsPerSecond: number;
  sleep: (ms: number) => Promise<void>;
}

/** An item's write units, from its size as JSON (1 KB a unit, rounded up). */
const unitsOf = (item: Record<string, unknown>) => Math.ceil(Buffer.byteLength(JSON.stringify(item)) / 1024);

/** BatchWriteItems of 25, one at a time, each followed by the pause its units take at the pace. */
async function pacedPut(items: Record<string, unknown>[], pace: TilePace): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    const piece = items.slice(i, i + 25);
    await batchPut(piece, 1);
    await pace.sleep((piece.reduce((n, item) => n + unitsOf(item), 0) / pace.unitsPerSecond) * 1000);
  }
}

/** Writes the tiles (paced, for a background refresh), then their header (the mark that they are all stored). */
export async function writeTiles(
  companyId: number,
  p: TilePeriod,
  header: TileHeader,
  tiles: AccountTile[],
  pace?: TilePace,
) {
  const pk = keys.dashTilesPk(companyId);
  const at = { Version: header.Version, ComputedAt: header.ComputedAt };
  const items = tiles.map((t) => ({ pk, sk: tileSk(p, t.AccountId), ...at, Tile: JSON.stringify(t) }));
  await (pace ? pacedPut(items, pace) : batchPut(items));
  await ddb().send(
    new PutCommand({ TableName: tableName(), Item: { pk, sk: headSk(p), ...at, Header: JSON.stringify(header) } }),
  );
}
