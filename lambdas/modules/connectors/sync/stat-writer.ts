import { BatchWriter, statItem, type LineMonth, type RollupBook, type StoredStat } from '../../performance-data';
import { refreshMonthSummaries } from '../../performance-data';
import type { ConnectorType } from '../platform';

/**
 * The sync's writes to the table, one external account's: changed stats wait here until
 * `writeEvery` of them (the platforms' batches are often small), then go with the rollup days they
 * changed to one BatchWriteItem pool that keeps its calls in flight while the next batches are read
 * and compared (modules/performance-data/batch-write-store.dynamodb.ts BatchWriter: the last value of a key wins; at most
 * 2 × writeEvery requests queued, so memory stays bounded). The engine hands stats; the DynamoDB
 * requests are built here.
 */
export class StatWriter {
  private readonly pending = new Map<string, Record<string, unknown>>();
  private readonly batches: BatchWriter<'stat' | 'rollup'>;
  /** The (line, month) pairs whose rollups were handed to the pool: their month summaries are rewritten at each settle. */
  private readonly touched = new Map<string, LineMonth>();

  constructor(
    private readonly account: { companyId: number; type: ConnectorType; externalAccountId: string },
    private readonly writeEvery: number,
    private readonly concurrency: number,
  ) {
    this.batches = new BatchWriter<'stat' | 'rollup'>(concurrency, 2 * writeEvery);
  }

  /** A changed stat (`key`: day#campaign), written at the next flush. */
  put(key: string, stat: StoredStat): void {
    const { companyId, type, externalAccountId } = this.account;
    this.pending.set(key, statItem(companyId, type, externalAccountId, stat));
  }

  /** True once enough stats wait for one flush. */
  get full(): boolean {
    return this.pending.size >= this.writeEvery;
  }

  /** The waiting stats, then the rollups they changed, handed to the pool. */
  async flush(rollups: RollupBook): Promise<void> {
    const items = [...this.pending.values()];
    this.pending.clear();
    await this.batches.add(
      items.map((Item) => ({ PutRequest: { Item } })),
      'stat',
    );
    await this.batches.add(rollups.takeWrites(), 'rollup');
    for (const lm of rollups.takeTouched()) {
      const id = `${lm.lineId}#${lm.month}`;
      const known = this.touched.get(id);
      this.touched.set(id, known ? { ...lm, currencies: new Set([...known.currencies, ...lm.currencies]) } : lm);
    }
  }

  /** Waits for every write in flight, then rewrites the month summaries of the rollups they changed. */
  async settle(): Promise<void> {
    await this.batches.drain();
    const lineMonths = [...this.touched.values()];
    this.touched.clear();
    const { companyId, type, externalAccountId } = this.account;
    await refreshMonthSummaries(companyId, type, externalAccountId, lineMonths, this.concurrency);
  }

  /** Stats and rollup items written so far. */
  written(tag: 'stat' | 'rollup'): number {
    return this.batches.written.get(tag) ?? 0;
  }
}
