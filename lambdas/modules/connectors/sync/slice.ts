import {
  readStats,
  RollupBook,
  sameStat,
  storedStatOf,
  type StoredStat,
  type StoredTarget,
} from '../../performance-data';
import type { DayRange } from '../http/day-slices';
import type { ConnectorType, DailyStat } from '../platform';

/** The external account a sync reads, and its platform. */
export interface SyncedAccount {
  companyId: number;
  type: ConnectorType;
  externalAccountId: string;
}

/**
 * One slice of the window as stored, compact: day#campaign → stored stat, and the sums of its
 * rollup days. What one slice holds is let go at the next, so memory does not grow with the window.
 */
export interface StoredSlice {
  range: DayRange;
  stats: Map<string, StoredStat>;
  rollups: RollupBook;
  /** Settles when the stored stats are read (awaited before the platform's first batch is compared). */
  loaded: Promise<void>;
}

/**
 * Step "read stored": the slice's stored stats read once (one Query), after `before` (the account
 * marked Running). A run that did not finish, or failed, may have stored stats without their
 * rollups: `rewriteRollups` rewrites the slice's.
 */
export function readStoredSlice(
  account: SyncedAccount,
  range: DayRange,
  before: Promise<unknown>,
  rewriteRollups: boolean,
): StoredSlice {
  const stats = new Map<string, StoredStat>();
  const rollups = new RollupBook(account.companyId, account.type, account.externalAccountId);
  const load = async () => {
    await before;
    const { companyId, type, externalAccountId } = account;
    for await (const page of readStats(companyId, type, externalAccountId, range.from, range.to)) {
      for (const s of page) {
        stats.set(`${s.Date}#${s.CampaignId}`, s);
        rollups.seed(s);
      }
    }
    if (rewriteRollups) rollups.markAllDirty();
  };
  const loaded = load();
  loaded.catch(() => undefined); // awaited by the engine; never an unhandled rejection meanwhile
  return { range, stats, rollups, loaded };
}

/** A stat the platform changed (or added): the key, the stored value before it, and the new one. */
export interface StatChange {
  key: string;
  before?: StoredStat;
  next: StoredStat;
}

/**
 * Step "diff": a batch against the stored slice. Unchanged stats are left out; a row of another
 * account or outside the slice would be a platform bug (the clients check rows): never stored.
 * The slice is updated to the new values, and its rollups told of each change.
 */
export function diffBatch(
  batch: DailyStat[],
  slice: StoredSlice,
  externalAccountId: string,
  targets: Map<string, StoredTarget | undefined>,
  onEach: (s: DailyStat) => void,
): StatChange[] {
  const changes: StatChange[] = [];
  for (const s of batch) {
    if (s.externalAccountId !== externalAccountId || s.date < slice.range.from || s.date > slice.range.to) continue;
    const next = storedStatOf(s, targets.get(s.externalCampaignId));
    const key = `${s.date}#${s.externalCampaignId}`;
    const before = slice.stats.get(key);
    onEach(s);
    if (before && sameStat(before, next)) continue;
    slice.rollups.change(before, next);
    slice.stats.set(key, next);
    changes.push({ key, before, next });
  }
  return changes;
}
