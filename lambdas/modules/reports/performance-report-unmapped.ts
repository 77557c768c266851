import { listExternalLinks } from '../connectors';
import type { Account } from '../tenancy';
import { readUnmappedStats } from '../monitoring';
import { cachedAccounts } from '../tenancy';
import { inParallel } from '../../core/in-parallel';
import type { ActualDay } from '../performance';
import type { Period } from './periods';

/** Stat items one report reads at most for its Unmapped rows (as System Monitoring's unmapped read). */
export const UNMAPPED_REPORT_BUDGET = 300_000;

/** One account's spend on its linked ad accounts that no plan line owns, by day and currency. */
export interface UnmappedActuals {
  account: Account;
  rows: ActualDay[];
}

/**
 * The report's "Unmapped" rows (docs/reports.md): for each account the caller may count (`counts`:
 * visible, inside the account asked), the stats of its linked ad accounts over `span` stored without
 * a plan line (modules/monitoring/store.dynamodb readUnmappedStats: the stat partition, mapped stats
 * filtered out by DynamoDB), 8 ad accounts at a time, stopping before the next one once
 * UNMAPPED_REPORT_BUDGET stat items were read (`truncated`). Ad accounts linked to no account are
 * nobody's: not read. Conversions and video views are not kept on an unmapped stat's read: 0.
 */
export async function readUnmappedActuals(
  companyId: number,
  counts: (a: Account) => boolean,
  span: Period,
): Promise<{ accounts: UnmappedActuals[]; truncated: boolean }> {
  const links = await listExternalLinks(companyId);
  if (!links.length) return { accounts: [], truncated: false };
  const byId = new Map(
    (await cachedAccounts(companyId, [...new Set(links.map((l) => l.AccountId))])).map((a) => [a.ID, a]),
  );
  const read = links
    .filter((l) => {
      const a = byId.get(l.AccountId);
      return !!a && counts(a);
    })
    .sort(
      (a, b) =>
        a.ConnectorType.localeCompare(b.ConnectorType) || a.ExternalAccountId.localeCompare(b.ExternalAccountId),
    );
  let scanned = 0;
  let skipped = 0;
  const rowsOf = new Map<number, ActualDay[]>();
  await inParallel(
    read,
    async (l) => {
      if (scanned >= UNMAPPED_REPORT_BUDGET) {
        skipped += 1;
        return;
      }
      const got = await readUnmappedStats(companyId, l.ConnectorType, l.ExternalAccountId, span.from, span.to);
      scanned += got.scanned;
      const rows = rowsOf.get(l.AccountId) ?? [];
      for (const s of got.stats) {
        rows.push({
          Period: s.Date,
          Currency: s.Currency,
          Impressions: s.Impressions,
          Clicks: s.Clicks,
          SpendMicros: s.SpendMicros,
          ConversionsMilli: 0,
          ConversionValueMicros: 0,
          VideoViews: 0,
        });
      }
      if (rows.length) rowsOf.set(l.AccountId, rows);
    },
    8,
  );
  return { accounts: [...rowsOf].map(([id, rows]) => ({ account: byId.get(id)!, rows })), truncated: skipped > 0 };
}
