import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { ZipFileWriter } from '../lambdas/core/zip';
import { EntitySpills } from '../lambdas/modules/company-data/entity-spills';

/**
 * The company export's own work per item, DynamoDB's reads left out: a Scan page's wire JSON parsed
 * and unmarshalled, each item written to its entity's deflated spill (the job's EntitySpills), then
 * the spills copied into the archive (docs/operations.md "A company's own data" gives the figure).
 * Items like a day's ad statistics, ~300 bytes of DynamoDB JSON each, in pages of 1 MB or less.
 *
 *   npx tsx bench/export-cpu.ts [items, default 500000]
 */
const PER_PAGE = 2_800;
const ENTITIES = 8;

function statItem(i: number) {
  return {
    pk: `C#42#DS#${i % 500}`,
    sk: `D#2026-${String(1 + (i % 12)).padStart(2, '0')}-${i}`,
    entity: `Entity${i % ENTITIES}`,
    Impressions: i * 7,
    Clicks: i % 97,
    Cost: i * 0.013,
    CampaignId: `cmp-${i % 3000}`,
    AdSetId: `as-${i}`,
    Name: `Campaign name number ${i % 3000} — קמפיין`,
    Currency: 'ILS',
    Day: '2026-05-01',
  };
}

async function main() {
  const items = Number(process.argv[2] ?? 500_000);
  const page = JSON.stringify({ Items: Array.from({ length: PER_PAGE }, (_, i) => marshall(statItem(i))) });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mixdesk-export-cpu-'));
  try {
    const spills = new EntitySpills(dir);
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let read = 0; read < items; read += PER_PAGE) {
      const wire = JSON.parse(page) as { Items: Parameters<typeof unmarshall>[0][] };
      for (const raw of wire.Items.slice(0, items - read)) {
        const item = unmarshall(raw) as { pk: string; sk: string; entity: string };
        await spills.add(item.entity, item);
      }
    }
    const entities = await spills.end();
    const spilled = performance.now();
    const zip = await ZipFileWriter.create(path.join(dir, 'archive.zip'));
    for (const [entity, entry] of entities) await zip.addSpill(`items/${entity}.json`, entry);
    await zip.close();
    const ms = performance.now() - start;
    const used = process.cpuUsage(cpu);
    const archive = (await stat(path.join(dir, 'archive.zip'))).size;
    console.log(
      `${items} items: ${(ms / 1000).toFixed(1)} s (${((ms * 1000) / items).toFixed(1)} µs an item; ` +
        `the spills ${((spilled - start) / 1000).toFixed(1)} s, the archive ${((ms - (spilled - start)) / 1000).toFixed(1)} s), ` +
        `CPU ${((used.user + used.system) / 1e6).toFixed(1)} s, archive ${(archive / 1e6).toFixed(1)} MB, ` +
        `page ${(page.length / 1e6).toFixed(2)} MB of ${PER_PAGE} items`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
