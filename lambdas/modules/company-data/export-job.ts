import { log } from '../../core/logger';
import { writeZip, type ZipEntry } from '../../core/zip';
import { exportVersion } from '../media-plans';
import { getProfile } from '../tenancy';
import { companyFiles, exportKeyOf } from './company-files.s3';
import { scanCompanyItems, type CompanyItem } from './company-items.dynamodb';
import type { CompanyDataMessage, ExportJob } from './job-store';
import { getJob } from './job-store.dynamodb';
import { progressOf, type Delivery } from './job-progress';

/**
 * The company export job (docs/operations.md "A company's own data"): reads every item of the
 * company's partitions (company-items.dynamodb.ts), groups them by entity, adds the Excel file of
 * each plan version (the plan export's own builder, ExportMediaMix's file) and writes ONE zip to
 * `exports/<company>/<job>.zip`:
 *
 *   manifest.json                  format, company, time, who, counts per entity, the files
 *   items/<Entity>.json            the items of one entity as stored (keys included), a JSON array, one item a line
 *   reports/plans/<activity>-<version id>-v<n>.xlsx   each plan version as ExportMediaMix writes it
 */

export const EXPORT_FORMAT = 'mixdesk-company-export/1';
/** Plan files per archive: the rest are named in the manifest (`PlanFilesLeftOut`), their items are in items/. */
const MAX_PLAN_FILES = 1000;

/**
 * The file an item goes to: its `entity` attribute, except in the audit partition (there `entity`
 * names what was changed) and on items without one (named by their key: the main partition's by
 * the sort key's first part, e.g. COUNTER; the others by the partition's, e.g. DS, RLINE).
 */
export function entityOf(companyId: number, item: CompanyItem): string {
  const family = item.pk === `C#${companyId}` ? item.sk.split('#')[0] : (item.pk.split('#')[2] ?? 'Other');
  if (family === 'AUDIT' && item.pk !== `C#${companyId}`) return 'AuditEntry';
  const named = typeof item.entity === 'string' && /^[A-Za-z][A-Za-z0-9]{0,63}$/.test(item.entity) ? item.entity : '';
  return named || (/^[A-Za-z0-9_]{1,64}$/.test(family) ? family : 'Other');
}

/** A partition's kind: its last id (a number, or a user's sub) as `<id>`. */
const partitionOf = (pk: string) => pk.replace(/#(?:\d+|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12})$/i, '#<id>');

async function planFiles(job: ExportJob, headers: CompanyItem[]): Promise<{ files: ZipEntry[]; leftOut: number }> {
  const starter = await getProfile(job.CompanyId, job.StartedBySub);
  if (!starter || starter.status !== 'active') throw new Error('the Admin who started the export is no longer active');
  const files: ZipEntry[] = [];
  for (const h of headers.slice(0, MAX_PLAN_FILES)) {
    const file = await exportVersion(starter, Number(h.AccountId), Number(h.ID));
    files.push({
      name: `reports/plans/${Number(h.ActivityId)}-${Number(h.ID)}-v${Number(h.Version)}.xlsx`,
      data: Buffer.from(file.Base64, 'base64'),
    });
  }
  return { files, leftOut: Math.max(0, headers.length - MAX_PLAN_FILES) };
}

/** Runs one export; a job not Running (done, or gone) is left as it is, so a message delivered twice writes once. */
export async function runExportJob(m: CompanyDataMessage, delivery: Delivery): Promise<void> {
  const job = await getJob('export', m.companyId, m.jobId);
  if (!job || job.Status !== 'Running') return;
  const final = delivery.receive >= delivery.maxReceives;
  Object.assign(job, { Attempts: delivery.receive, Phase: 'scan', ItemsRead: 0, Partitions: 0, Counts: {} });
  const p = progressOf(job);
  p.tick(true);
  try {
    const groups = new Map<string, CompanyItem[]>();
    const partitions = new Set<string>();
    await scanCompanyItems(job.CompanyId, (items) => {
      for (const item of items) {
        const entity = entityOf(job.CompanyId, item);
        const group = groups.get(entity);
        if (group) group.push(item);
        else groups.set(entity, [item]);
        partitions.add(item.pk);
      }
      job.ItemsRead += items.length;
      job.Partitions = partitions.size;
      p.tick();
    });
    job.Phase = 'archive';
    job.Counts = Object.fromEntries([...groups].map(([e, items]) => [e, items.length]).sort());
    p.tick(true);
    const plans = await planFiles(
      job,
      (groups.get('MediaMix') ?? []).filter((h) => h.sk === 'M'),
    );
    const entries: ZipEntry[] = [...groups].sort().map(([entity, items]) => ({
      name: `items/${entity}.json`,
      data: `[\n${items.map((i) => JSON.stringify(i)).join(',\n')}\n]\n`,
    }));
    const manifest = {
      Format: EXPORT_FORMAT,
      CompanyId: job.CompanyId,
      CompanyName: job.CompanyName,
      ExportedAt: new Date().toISOString(),
      ExportedBy: job.StartedBy,
      Items: job.ItemsRead,
      Partitions: job.Partitions,
      PartitionKinds: [...new Set([...partitions].map(partitionOf))].sort(),
      Counts: job.Counts,
      Files: [...entries.map((e) => e.name), ...plans.files.map((f) => f.name)],
      PlanFilesLeftOut: plans.leftOut,
    };
    const key = exportKeyOf(job.CompanyId, job.JobId);
    await companyFiles.putArchive(
      key,
      writeZip([{ name: 'manifest.json', data: `${JSON.stringify(manifest, null, 2)}\n` }, ...entries, ...plans.files]),
    );
    job.FileKey = key;
    await p.end('Done');
  } catch (err) {
    log.error('company export failed', {
      companyId: job.CompanyId,
      jobId: job.JobId,
      final,
      error: (err as Error).message,
    });
    if (!final) throw err;
    await p.end('Error', `The export stopped: ${(err as Error).message}; start it again`);
  }
}
