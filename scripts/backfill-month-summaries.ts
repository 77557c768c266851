/**
 * One-off: writes the month summaries (modules/performance-data/month-summary-store.dynamodb.ts) of data stored before they
 * existed. Not run in CI; safe to run again (the summaries are absolute, rewritten from the rollups).
 *
 *   TABLE_NAME=<the stage's table> AWS_REGION=<its region> npx tsx scripts/backfill-month-summaries.ts [--company <id>]
 *   (DYNAMODB_ENDPOINT=http://localhost:8000 for DynamoDB Local)
 *
 * Walks every stat partition (`C#<company>#DS#<type>#<externalAccountId>`, one Scan of the table's
 * keys, projected): its stored stats name the line, activity and account each was rolled up to, so
 * they seed a RollupBook with every (line, month) they touch; each is then summed again from the
 * line's day rollups of that source (refreshMonthSummaries: one Query per line and month). Run it
 * while no sync runs for the company (or run it again after), as a sync would write the same items.
 * Run it again once where summaries were written before `DayValue` existed: the month report reads
 * the rollups instead for a foreign-currency item with conversion value and no DayValue (docs/reports.md).
 */
import { ScanCommand, type ScanCommandOutput } from '../lambdas/aws/dynamodb/commands';
import type { ConnectorType } from '../lambdas/modules/connectors/platform';
import { ddb, tableName } from '../lambdas/aws/dynamodb/client';
import { readStats, RollupBook } from '../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import { refreshMonthSummaries } from '../lambdas/modules/performance-data/month-summary-store.dynamodb';

async function statPartitions(company: number | undefined): Promise<string[]> {
  const found = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page: ScanCommandOutput = await ddb().send(
      new ScanCommand({
        TableName: tableName(),
        ProjectionExpression: 'pk',
        FilterExpression: 'begins_with(pk, :p) AND contains(pk, :ds)',
        ExpressionAttributeValues: { ':p': company === undefined ? 'C#' : `C#${company}#DS#`, ':ds': '#DS#' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) found.add(String(item.pk));
    start = page.LastEvaluatedKey;
  } while (start);
  return [...found].sort();
}

/** The backfill (of one company, or all); returns the summary items written. */
export async function backfillMonthSummaries(
  company: number | undefined,
  log: (line: string) => void = () => undefined,
): Promise<number> {
  const partitions = await statPartitions(company);
  log(`${partitions.length} stat partitions`);
  let written = 0;
  for (const pk of partitions) {
    // C#<company>#DS#<type>#<externalAccountId> (the account id may itself hold '#').
    const [, companyId, , type, ...rest] = pk.split('#');
    const externalAccountId = rest.join('#');
    const book = new RollupBook(Number(companyId), type as ConnectorType, externalAccountId);
    for await (const page of readStats(
      Number(companyId),
      type as ConnectorType,
      externalAccountId,
      '0000-01-01',
      '9999-12-31',
      false,
    )) {
      for (const s of page) book.seed(s);
    }
    book.markAllDirty();
    const n = await refreshMonthSummaries(
      Number(companyId),
      type as ConnectorType,
      externalAccountId,
      book.takeTouched(),
    );
    written += n;
    log(`${pk}: ${n} summary items`);
  }
  return written;
}

async function main() {
  const at = process.argv.indexOf('--company');
  const company = at >= 0 ? Number(process.argv[at + 1]) : undefined;
  if (company !== undefined && !Number.isInteger(company)) throw new Error('--company takes a company id');
  const written = await backfillMonthSummaries(company, (line) => console.log(line));
  console.log(`done: ${written} summary items written`);
}

if (process.argv[1]?.endsWith('backfill-month-summaries.ts')) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
