/**
 * One-off: builds the payables counters and open rows (docs/vendor-bills.md "Payables") of bills
 * written before they existed. Safe to run again (it rebuilds them whole from the bill rows); run it
 * while nobody saves or pays a bill. Without `--all`, only companies with bills and no counters.
 *
 *   TABLE_NAME=<the stage's table> AWS_REGION=<its region> npx tsx scripts/backfill-payables-totals.ts [--company <id>] [--all]
 *   (DYNAMODB_ENDPOINT=http://localhost:8000 for DynamoDB Local)
 */
import { listCompanyIds } from '../lambdas/modules/tenancy';
import { payablesTotalsMissing, rebuildPayablesTotals } from '../lambdas/modules/vendor-bills';

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--company');
  const asked = Number(args[at + 1]);
  if (at >= 0 && !(Number.isInteger(asked) && asked > 0))
    throw new Error('--company takes a company id (a positive integer)');
  const companies = at >= 0 ? [asked] : await listCompanyIds();
  for (const companyId of companies) {
    if (!args.includes('--all') && !(await payablesTotalsMissing(companyId))) continue;
    const done = await rebuildPayablesTotals(companyId);
    console.log(`company ${companyId}: ${done.rows} bill rows → ${done.written} items (${done.removed} replaced)`);
  }
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exit(1);
});
