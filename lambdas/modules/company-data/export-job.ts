import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { log } from '../../core/logger';
import { ZipFileWriter } from '../../core/zip';
import { exportVersion } from '../media-plans';
import { getProfile } from '../tenancy';
import { companyFiles, exportKeyOf } from './company-files.s3';
import type { CompanyItem } from './company-items.dynamodb';
import { findCompanyItems } from './company-partitions.dynamodb';
import type { CompanyDataMessage, ExportJob } from './job-store';
import { getJob } from './job-store.dynamodb';
import { EntitySpills } from './entity-spills';
import { progressOf, type Delivery } from './job-progress';

/**
 * The company export job (docs/operations.md "A company's own data"): reads every item of the
 * company's partitions (company-partitions.dynamodb.ts), groups them by entity, adds the Excel file of
 * each plan version (the plan export's own builder, ExportMediaMix's file) and writes ONE zip to
 * `exports/<company>/<job>.zip`. Nothing is held whole in memory: each entity's items are deflated
 * into a temporary file as the scan reads them, the archive is written to a file from those, and the
 * file is uploaded in parts (aws/s3-upload.ts), so the size is bounded by the function's disk:
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

/**
 * Where the job's temporary folder goes: the function's disk (Lambda's /tmp, sized for it in the
 * stack). TMPDIR is read here as os.tmpdir() would, because a test's sandbox has an environment
 * of its own that Node's os module does not see.
 */
const scratchRoot = () => process.env.TMPDIR || tmpdir();

/** A plan version's Excel file in the archive. */
const planFileName = (h: CompanyItem) =>
  `reports/plans/${Number(h.ActivityId)}-${Number(h.ID)}-v${Number(h.Version)}.xlsx`;

/** Each plan version's Excel file, built one at a time as the starter would download it, straight into the archive. */
async function addPlanFiles(zip: ZipFileWriter, job: ExportJob, headers: CompanyItem[]): Promise<void> {
  const starter = await getProfile(job.CompanyId, job.StartedBySub);
  if (!starter || starter.status !== 'active') throw new Error('the Admin who started the export is no longer active');
  for (const h of headers) {
    const file = await exportVersion(starter, Number(h.AccountId), Number(h.ID));
    await zip.addBytes(planFileName(h), Buffer.from(file.Base64, 'base64'));
  }
}

/** manifest.json: what the archive holds and whose it is. */
function manifestOf(job: ExportJob, partitions: Set<string>, files: string[], planFilesLeftOut: number) {
  return {
    Format: EXPORT_FORMAT,
    CompanyId: job.CompanyId,
    CompanyName: job.CompanyName,
    ExportedAt: new Date().toISOString(),
    ExportedBy: job.StartedBy,
    Items: job.ItemsRead,
    Partitions: job.Partitions,
    PartitionKinds: [...new Set([...partitions].map(partitionOf))].sort(),
    Counts: job.Counts,
    Files: files,
    PlanFilesLeftOut: planFilesLeftOut,
  };
}

/** Runs one export; a job not Running (done, or gone) is left as it is, so a message delivered twice writes once. */
export async function runExportJob(m: CompanyDataMessage, delivery: Delivery): Promise<void> {
  const job = await getJob('export', m.companyId, m.jobId);
  if (!job || job.Status !== 'Running') return;
  const final = delivery.receive >= delivery.maxReceives;
  Object.assign(job, { Attempts: delivery.receive, Phase: 'scan', ItemsRead: 0, Partitions: 0, Counts: {} });
  const p = progressOf(job);
  p.tick(true);
  const dir = await mkdtemp(path.join(scratchRoot(), 'mixdesk-export-'));
  const spills = new EntitySpills(dir);
  try {
    const headers: CompanyItem[] = [];
    const partitions = new Set<string>();
    await findCompanyItems(job.CompanyId, async (items) => {
      for (const item of items) {
        const entity = entityOf(job.CompanyId, item);
        await spills.add(entity, item);
        if (entity === 'MediaMix' && item.sk === 'M') headers.push(item);
        partitions.add(item.pk);
      }
      job.ItemsRead += items.length;
      job.Partitions = partitions.size;
      p.tick();
    });
    job.Phase = 'archive';
    job.Counts = spills.counts();
    p.tick(true);
    const entities = await spills.end();
    // Newest first: past the limit a company gets the files it most likely wants, the same every run.
    const plans = headers.sort((a, b) => Number(b.ID) - Number(a.ID)).slice(0, MAX_PLAN_FILES);
    const itemFiles = entities.map(([entity]) => `items/${entity}.json`);
    const manifest = manifestOf(
      job,
      partitions,
      [...itemFiles, ...plans.map(planFileName)],
      headers.length - plans.length,
    );
    const archive = path.join(dir, 'archive.zip');
    const zip = await ZipFileWriter.create(archive);
    try {
      await zip.addBytes('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
      for (const [i, [, spilled]] of entities.entries()) await zip.addSpill(itemFiles[i], spilled);
      await addPlanFiles(zip, job, plans);
      await zip.close();
    } catch (err) {
      await zip.abandon();
      throw err;
    }
    const key = exportKeyOf(job.CompanyId, job.JobId);
    await companyFiles.putArchive(key, archive);
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
  } finally {
    spills.abandon();
    await rm(dir, { recursive: true, force: true });
  }
}
