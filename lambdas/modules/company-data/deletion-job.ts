import { log } from '../../core/logger';
import { keys } from '../../aws/dynamodb/keys';
import { userPoolAdminFromEnv, UserPoolError, type UserPoolAdmin } from '../../aws/user-pool-admin';
import { credentialStore, listAgentConnectors } from '../connectors';
import { companyFiles } from './company-files.s3';
import { companyUserSubs, deleteItems, type CompanyItem } from './company-items.dynamodb';
import { findCompanyItems, forgetCompanyPartitions, registeredPartitions } from './company-partitions.dynamodb';
import type { CompanyDataMessage, DeletionJob } from './job-store';
import { getJob } from './job-store.dynamodb';
import { progressOf, type Delivery } from './job-progress';

/** The partition key of every invitation mark, before the address. */
const INVITE_PK = keys.invite('').pk;

/**
 * The company deletion job (docs/operations.md "A company's own data"), in this order:
 * 1. users: the invitations in flight cancelled (their marks removed, so one still running writes no
 *    profile, and their pool users deleted), then every user-pool user of the company's profiles (no
 *    one signs in again);
 * 2. credentials and files: each agent connector's secret, every object under the company's
 *    prefixes (company-files.s3.ts);
 * 3. items: every item of its partitions and every pointer naming it (identity pointers, invitations
 *    in flight) — the identity pointers last of all reads, so a token still alive is refused;
 * 4. the proof: its partitions are read again (through the partition registry, or the whole table
 *    before the registry is complete), and the prefixes listed again: anything left ends the job in
 *    Error naming the counts (a retry deletes it); then the registry itself is removed.
 * Each step only deletes, so a delivery repeated after a failure picks up where the last one got to.
 * The job's record is in the platform's partition (C#0): it is not the company's, and stays.
 */

/** Deletes a pool user (by sub, or by the e-mail it was made with); false when there is none. */
async function deletePoolUser(users: UserPoolAdmin, username: string): Promise<boolean> {
  try {
    await users.deleteUser(username);
    return true;
  } catch (err) {
    if (err instanceof UserPoolError && err.code === 'UserNotFoundException') return false;
    throw err;
  }
}

/**
 * The company's invitations in flight (`EMAIL#<address>` / `INVITE` pointers naming it): the marks
 * first, since an invitation completes only while its mark is there (users' completeInvite), then
 * the pool user each may have made — one whose invitation died midway has no profile to find it by.
 */
async function cancelInvites(job: DeletionJob, tick: () => void, users: UserPoolAdmin): Promise<void> {
  const marks: CompanyItem[] = [];
  await findCompanyItems(
    job.CompanyId,
    (items) => {
      marks.push(...items.filter((i) => i.sk === 'INVITE' && i.pk.startsWith(INVITE_PK)));
    },
    { pointers: true, keysOnly: true },
  );
  await deleteItems(marks);
  job.ItemsDeleted += marks.length;
  for (const mark of marks) {
    if (await deletePoolUser(users, mark.pk.slice(INVITE_PK.length))) job.UsersDeleted++;
    tick();
  }
}

async function deleteUsers(job: DeletionJob, tick: () => void, users: UserPoolAdmin): Promise<void> {
  await cancelInvites(job, tick, users);
  for (const sub of await companyUserSubs(job.CompanyId)) {
    // A profile whose pool user is gone already (an earlier delivery, or never made by the seed) counts too.
    await deletePoolUser(users, sub);
    job.UsersDeleted++;
    tick();
  }
}

async function deleteFilesAndSecrets(job: DeletionJob, tick: () => void): Promise<void> {
  // The connectors are in the company's own partition: a Query finds them, no read of the table.
  for (const c of await listAgentConnectors(job.CompanyId))
    await credentialStore().delete({ companyId: job.CompanyId, agentConnectorId: c.ID });
  for (const key of await companyFiles.list(job.CompanyId)) {
    await companyFiles.delete(key);
    job.FilesDeleted++;
    tick();
  }
}

/** What is left of the company after the deletion: items (its partitions and pointers) and files. */
export async function companyRemains(companyId: number): Promise<{ items: number; files: number }> {
  const found = await findCompanyItems(companyId, () => undefined, { pointers: true, keysOnly: true });
  return { items: found.found, files: (await companyFiles.list(companyId)).length };
}

/** Runs one deletion; a job not Running (done, or gone) is left as it is. */
export async function runDeletionJob(
  m: CompanyDataMessage,
  delivery: Delivery,
  users: UserPoolAdmin = userPoolAdminFromEnv(),
): Promise<void> {
  const job = await getJob('deletion', 0, m.jobId);
  if (!job || job.Status !== 'Running' || job.CompanyId !== m.companyId) return;
  const final = delivery.receive >= delivery.maxReceives;
  job.Attempts = delivery.receive;
  const p = progressOf(job);
  const tick = () => p.tick();
  try {
    job.Phase = 'users';
    p.tick(true);
    await deleteUsers(job, tick, users);
    job.Phase = 'files';
    p.tick(true);
    await deleteFilesAndSecrets(job, tick);
    job.Phase = 'items';
    p.tick(true);
    await findCompanyItems(
      job.CompanyId,
      async (items) => {
        await deleteItems(items);
        job.ItemsDeleted += items.length;
        tick();
      },
      { pointers: true, keysOnly: true },
    );
    const left = await companyRemains(job.CompanyId);
    if (left.items || left.files)
      throw new Error(`${left.items} items and ${left.files} files were still there after the deletion`);
    // The registry goes last: until the proof above it named every partition the proof read.
    job.ItemsDeleted += await forgetCompanyPartitions(job.CompanyId);
    const registry = (await registeredPartitions(job.CompanyId)).length;
    if (registry) throw new Error(`${registry} entries of the partition registry were still there after the deletion`);
    await p.end('Done');
  } catch (err) {
    log.error('company deletion failed', {
      companyId: job.CompanyId,
      jobId: job.JobId,
      final,
      error: (err as Error).message,
    });
    if (!final) throw err;
    await p.end('Error', `The deletion stopped: ${(err as Error).message}; start it again to finish`);
  }
}
