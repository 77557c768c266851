import path from 'node:path';
import { EntrySpill, type DeflatedEntry } from '../../core/zip';
import type { CompanyItem } from './company-items.dynamodb';

/**
 * The items of each entity as they are read, each entity's JSON array deflated into a file of the
 * job's temporary folder (never all in memory: a large agency's daily stats alone are millions).
 */
export class EntitySpills {
  readonly spills = new Map<string, { spill: EntrySpill; count: number }>();

  constructor(private readonly dir: string) {}

  async add(entity: string, item: CompanyItem): Promise<void> {
    let s = this.spills.get(entity);
    if (!s) {
      s = { spill: new EntrySpill(path.join(this.dir, `${this.spills.size}.spill`)), count: 0 };
      this.spills.set(entity, s);
    }
    await s.spill.write(`${s.count ? ',\n' : '[\n'}${JSON.stringify(item)}`);
    s.count += 1;
  }

  counts(): Record<string, number> {
    return Object.fromEntries([...this.spills].map(([e, s]) => [e, s.count]).sort());
  }

  /** Ends every spill; the entities in name order with their deflated files. */
  async end(): Promise<[string, DeflatedEntry][]> {
    const out: [string, DeflatedEntry][] = [];
    for (const [entity, s] of [...this.spills].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await s.spill.write('\n]\n');
      out.push([entity, await s.spill.end()]);
    }
    return out;
  }

  abandon(): void {
    for (const s of this.spills.values()) s.spill.abandon();
  }
}
