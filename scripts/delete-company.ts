/**
 * Deletes a company with the same job as CompaniesService.DeleteCompany (docs/operations.md "A
 * company's own data: export and deletion"), run here in this process: every item of its partitions
 * and the pointers naming it, every file under its prefixes of the creatives bucket, every pool user
 * of its profiles, each connector secret — then the job checks nothing is left. The job's record and
 * its audit entry go to the platform's partition, as the route's do. Company 0 (the platform) is
 * refused; the company's name must be typed exactly.
 *
 *   TABLE_NAME=… CREATIVES_BUCKET=… USER_POOL_ID=… MIXDESK_STAGE=… AWS_REGION=… \
 *     npx tsx scripts/delete-company.ts --company <id> --confirm-name "<the company's name>" --by <your e-mail>
 *   (the AWS credentials as AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN; locally
 *   DYNAMODB_ENDPOINT, S3_ENDPOINT, COGNITO_ADMIN_ENDPOINT of `npm start`'s stack)
 */
import { companyDataHooks, deliverCompanyDataJob } from '../lambdas/modules/company-data';
import { getCompanyDeletionFor, startCompanyDeletion } from '../lambdas/modules/company-data/jobs';

/** The value after `--name`, or undefined. */
const argOf = (args: string[], name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

async function main() {
  const args = process.argv.slice(2);
  const companyId = Number(argOf(args, '--company'));
  if (!(Number.isInteger(companyId) && companyId > 0))
    throw new Error('--company takes a company id (a positive integer; 0 is the platform)');
  const confirmName = argOf(args, '--confirm-name');
  if (!confirmName) throw new Error("--confirm-name takes the company's name, exactly");
  const by = argOf(args, '--by');
  if (!by || !by.includes('@')) throw new Error('--by takes your e-mail address (the audit entry names it)');
  let job: Promise<void> | undefined;
  companyDataHooks.local = (m) => {
    job = deliverCompanyDataJob(m);
  };
  // The operator belongs to no company of the table: only the platform (0) is refused as "own".
  const started = await startCompanyDeletion(
    { email: by, sub: `script:${by}`, companyId: 0 },
    { companyId, confirmName },
  );
  console.log(`deleting company ${companyId} (${started.CompanyName}): job ${started.DeletionId}`);
  await job;
  const done = await getCompanyDeletionFor(started.DeletionId);
  console.log(
    `${done.Status}: ${done.UsersDeleted} pool users, ${done.FilesDeleted} files, ${done.ItemsDeleted} items deleted${done.Error ? ` — ${done.Error}` : ''}`,
  );
  if (done.Status !== 'Done') process.exit(1);
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exit(1);
});
