import type { DailyStat, Day } from '../platform';
import {
  readStats,
  RollupBook,
  sameStat,
  statItem,
  storedStatOf,
  writeStatsAndRollups,
  type LineMonth,
  type StoredStat,
  type StoredTarget,
  type WriteRequest,
} from '../../performance-data';
import { refreshMonthSummaries } from '../../performance-data';
import { getSyncState, putSyncState } from '../sync-run-store.dynamodb';
import type { SyncState } from '../sync-run-store';
import { campaignKey, type DiscoveredCampaign, type SyncPorts } from './sync-ports';

/**
 * The write of a checked CSV file of the daily grain — the sync's write path
 * (sync-account.ts) fed from a file instead of a platform: the same stat keys under the CSV
 * connection's type (`csv_upload`, where its account connectors link the ad accounts), so a
 * re-import of the same file writes nothing and a changed value replaces the stored one; the same
 * RollupBook per external account, seeded from the stored stats of the file's days of that account
 * (ONE Query each), so the line, activity and account rollups change by the difference, exactly;
 * campaigns upserted and asked where they roll up (explicit mapping, else the naming rule) as a
 * sync does. Each ad account's sync state is Running while the import writes and OK after, so an
 * import that stopped midway has its rollups rewritten by the next import of those days
 * (`markAllDirty`), as a sync that stopped has.
 *
 * The rows come in batches (csv-daily-grain.ts `readCheckedDailyGrainCsv`): the file was checked
 * whole before, so no row is written before the last line was checked.
 */

/** What the check learnt of each ad account of the file: its first and last day. */
export interface AccountSpan {
  from: Day;
  to: Day;
}

export interface CsvWriteProgress {
  rowsDone: number;
  rowsWritten: number;
  rollupsWritten: number;
}

export interface CsvWriteDeps {
  ports: Pick<SyncPorts, 'upsertCampaigns' | 'lineTargets'>;
  /** Changed stats gathered before a write (default 1,000). */
  writeEvery?: number;
  /** BatchWriteItem calls in flight (default 8). */
  writeConcurrency?: number;
  onProgress?: (p: CsvWriteProgress) => void;
}

interface AccountBook {
  externalAccountId: string;
  stored: Map<string, StoredStat>;
  rollups: RollupBook;
  /** The (line, month) pairs whose rollups were written: their month summaries are rewritten at the end. */
  touched: Map<string, LineMonth>;
  targets: Map<string, StoredTarget | undefined>;
  seen: Map<string, DiscoveredCampaign>;
  /** The name each campaign was upserted with (refreshed at the end only when the file's last day names it otherwise). */
  upserted: Map<string, string>;
  state: SyncState | undefined;
}

const TYPE = 'csv_upload' as const;

/**
 * Writes the rows of a checked file for the CSV connection `agentConnectorId`. `spans` names every
 * ad account of the file (from the check). Returns the figures; throws on a store failure (what was
 * written is whole per batch, and the next import of the file heals the rest).
 */
export async function writeCsvRows(
  companyId: number,
  agentConnectorId: number,
  batches: AsyncIterable<DailyStat[]>,
  spans: ReadonlyMap<string, AccountSpan>,
  deps: CsvWriteDeps,
): Promise<CsvWriteProgress> {
  const writer = new CsvRowWriter(companyId, agentConnectorId, spans, deps);
  try {
    for await (const batch of batches) await writer.handle(batch);
    await writer.flush();
    await writer.settle();
    await writer.refreshSummaries();
  } catch (err) {
    await writer.settle().catch(() => undefined);
    // What landed is reported before the failure goes up: a later delivery skips it as stored, so
    // the run counts it from here or never.
    deps.onProgress?.({ ...writer.progress });
    throw err;
  }
  await writer.finishAccounts();
  deps.onProgress?.({ ...writer.progress });
  return writer.progress;
}

/** One import's write: the book of each ad account met so far, the changed stats pending, the write in flight. */
class CsvRowWriter {
  readonly progress: CsvWriteProgress = { rowsDone: 0, rowsWritten: 0, rollupsWritten: 0 };
  private readonly books = new Map<string, AccountBook>();
  private readonly pending = new Map<string, Record<string, unknown>>();
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly companyId: number,
    private readonly agentConnectorId: number,
    private readonly spans: ReadonlyMap<string, AccountSpan>,
    private readonly deps: CsvWriteDeps,
  ) {}

  private async bookOf(externalAccountId: string): Promise<AccountBook> {
    const { companyId, agentConnectorId } = this;
    let b = this.books.get(externalAccountId);
    if (b) return b;
    const span = this.spans.get(externalAccountId);
    if (!span) throw new Error(`csv: the ad account ${externalAccountId} was not in the file's check`);
    const state = await getSyncState(companyId, agentConnectorId, externalAccountId);
    b = {
      externalAccountId,
      stored: new Map(),
      rollups: new RollupBook(companyId, TYPE, externalAccountId),
      touched: new Map(),
      targets: new Map(),
      seen: new Map(),
      upserted: new Map(),
      state,
    };
    await putSyncState(companyId, {
      ...(state ?? { AgentConnectorId: agentConnectorId, ExternalAccountId: externalAccountId }),
      Status: 'Running',
    });
    for await (const page of readStats(companyId, TYPE, externalAccountId, span.from, span.to)) {
      for (const s of page) {
        b.stored.set(`${s.Date}#${s.CampaignId}`, s);
        b.rollups.seed(s);
      }
    }
    // An import (or a sync) that stopped may have stored stats without their rollups: rewrite the days read.
    if (state && state.Status !== 'OK') b.rollups.markAllDirty();
    this.books.set(externalAccountId, b);
    return b;
  }

  // Changed stats go with the rollups they changed in one BatchWriteItem pool, while the next
  // batch is read and compared (one write in flight, as the sync: memory stays about two writes' worth).
  async settle(): Promise<void> {
    const w = this.inFlight;
    this.inFlight = undefined;
    await w;
  }

  async flush(): Promise<void> {
    await this.settle();
    const items = [...this.pending.values()];
    this.pending.clear();
    const rollupWrites: WriteRequest[] = [];
    for (const b of this.books.values()) {
      rollupWrites.push(...b.rollups.takeWrites());
      for (const lm of b.rollups.takeTouched()) {
        const id = `${lm.lineId}#${lm.month}`;
        const known = b.touched.get(id);
        b.touched.set(id, known ? { ...lm, currencies: new Set([...known.currencies, ...lm.currencies]) } : lm);
      }
    }
    if (!items.length && !rollupWrites.length) return;
    const write = writeStatsAndRollups(items, rollupWrites, this.deps.writeConcurrency ?? 8).then(() => {
      this.progress.rowsWritten += items.length;
      this.progress.rollupsWritten += rollupWrites.length;
    });
    write.catch(() => undefined); // awaited by settle(); never an unhandled rejection meanwhile
    this.inFlight = write;
  }

  async handle(batch: DailyStat[]): Promise<void> {
    const byAccount = new Map<string, DailyStat[]>();
    for (const s of batch) {
      const list = byAccount.get(s.externalAccountId);
      if (list) list.push(s);
      else byAccount.set(s.externalAccountId, [s]);
    }
    for (const [externalAccountId, rows] of byAccount) {
      const b = await this.bookOf(externalAccountId);
      await this.targetNewCampaigns(b, rows);
      for (const s of rows) this.compare(b, s);
    }
    if (this.pending.size >= (this.deps.writeEvery ?? 1000)) await this.flush();
    this.deps.onProgress?.({ ...this.progress });
  }

  /** Campaigns new to this import: upserted first (the naming rule maps them as they are made), then asked where they roll up. */
  private async targetNewCampaigns(b: AccountBook, rows: DailyStat[]): Promise<void> {
    const { companyId, agentConnectorId, deps } = this;
    const unknown = [
      ...new Set(rows.filter((s) => !b.targets.has(s.externalCampaignId)).map((s) => s.externalCampaignId)),
    ];
    if (!unknown.length) return;
    const fresh = new Map<string, DiscoveredCampaign>();
    for (const s of rows) if (unknown.includes(s.externalCampaignId)) noteCampaign(fresh, s);
    await upsertAll(deps.ports, companyId, agentConnectorId, [...fresh.values()]);
    for (const c of fresh.values()) b.upserted.set(c.externalCampaignId, c.name);
    const refs = unknown.map((externalCampaignId) => ({
      connectorType: TYPE,
      externalAccountId: b.externalAccountId,
      externalCampaignId,
    }));
    const found = await deps.ports.lineTargets(companyId, refs);
    for (const r of refs) {
      const t = found.get(campaignKey(r));
      b.targets.set(
        r.externalCampaignId,
        t ? { LineId: t.lineId, ActivityId: t.activityId, AccountId: t.accountId } : undefined,
      );
    }
  }

  /** One row against the stored stat of its key: a change is pending for the write and counted in the rollups. */
  private compare(b: AccountBook, s: DailyStat): void {
    noteCampaign(b.seen, s);
    const next = storedStatOf(s, b.targets.get(s.externalCampaignId));
    const key = `${s.date}#${s.externalCampaignId}`;
    const before = b.stored.get(key);
    this.progress.rowsDone++;
    if (before && sameStat(before, next)) return;
    b.rollups.change(before, next);
    // The platform the file named (the key is the CSV connection's): kept beside the figures.
    this.pending.set(`${b.externalAccountId}\u0001${key}`, {
      ...statItem(this.companyId, TYPE, b.externalAccountId, next),
      Platform: s.connectorType,
    });
    b.stored.set(key, next);
  }

  /** The month summaries of the lines the file changed, once their rollups are stored (month-summaries.ts). */
  async refreshSummaries(): Promise<void> {
    for (const b of this.books.values()) {
      await refreshMonthSummaries(
        this.companyId,
        TYPE,
        b.externalAccountId,
        [...b.touched.values()],
        this.deps.writeConcurrency ?? 8,
      );
      b.touched.clear();
    }
  }

  /** Renamed campaigns upserted again, and each ad account's sync state OK. */
  async finishAccounts(): Promise<void> {
    const at = new Date().toISOString();
    for (const b of this.books.values()) {
      const renamed = [...b.seen.values()].filter((c) => b.upserted.get(c.externalCampaignId) !== c.name);
      if (renamed.length) await upsertAll(this.deps.ports, this.companyId, this.agentConnectorId, renamed);
      await putSyncState(this.companyId, {
        AgentConnectorId: this.agentConnectorId,
        ExternalAccountId: b.externalAccountId,
        ...(b.state?.LastSyncedTo ? { LastSyncedTo: b.state.LastSyncedTo } : {}),
        LastSyncAt: at,
        Status: 'OK',
      });
    }
  }
}

/** A campaign as the file shows it: the name and status of its last day. */
function noteCampaign(seen: Map<string, DiscoveredCampaign>, s: DailyStat) {
  const c = seen.get(s.externalCampaignId);
  if (!c) {
    seen.set(s.externalCampaignId, {
      connectorType: TYPE,
      externalAccountId: s.externalAccountId,
      externalCampaignId: s.externalCampaignId,
      name: s.campaignName,
      currency: s.currency,
      firstDay: s.date,
      lastDay: s.date,
    });
    return;
  }
  if (s.date < c.firstDay) c.firstDay = s.date;
  if (s.date >= c.lastDay) {
    c.lastDay = s.date;
    if (s.campaignName) c.name = s.campaignName;
  }
}

/** Campaign upserts, 8 at a time (each is a read and a conditional write; safe to run together). */
async function upsertAll(
  ports: CsvWriteDeps['ports'],
  companyId: number,
  agentConnectorId: number,
  campaigns: DiscoveredCampaign[],
): Promise<void> {
  for (let i = 0; i < campaigns.length; i += 8) {
    await Promise.all(campaigns.slice(i, i + 8).map((c) => ports.upsertCampaigns(companyId, agentConnectorId, [c])));
  }
}
