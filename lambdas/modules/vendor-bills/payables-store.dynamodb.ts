import { tableName } from '../../aws/dynamodb/client';
import { companyPk, pad, prefixValues, SK_PREFIX } from '../../aws/dynamodb/keys';
import { decodeKeyToken, keyToken, type ListPage } from '../../aws/dynamodb/page-token';
import { keyCondition, queryAll, queryPage, type KeyRange } from '../../aws/dynamodb/query-page';
import type { Write } from '../../aws/dynamodb/transaction';
import type { PayStatus } from './replies';
import type { BillRow, PayablesCounter } from './store';

/**
 * What keeps the payables list to one page of reads (docs/vendor-bills.md, "Payables"): beside each
 * bill's row `VBROW#<due>#<id>`,
 * - its open row `VBOPEN#<due>#<id>` (the same row) while it is not fully paid, so the open and
 *   overdue tabs are key ranges split at the company's today;
 * - the company's counters `VBTOT#<due month>#<paid|unpaid>#<currency>` (bills, gross, paid), changed
 *   with ADD in the bill's own transaction, so they always agree with the rows.
 */
const OPEN = 'VBOPEN#';
const TOTAL = 'VBTOT#';
const ROW = 'VBROW#';
const KEYS = ['pk', 'sk'] as const;

export const isUnpaid = (b: Pick<BillRow, 'PaidMinor' | 'GrossMinor'>) => b.PaidMinor < b.GrossMinor;

export const payablesKeys = {
  open: (companyId: number, b: Pick<BillRow, 'ID' | 'DueDate'>) => ({
    pk: companyPk(companyId),
    sk: `${OPEN}${b.DueDate}#${pad(b.ID)}`,
  }),
  total: (companyId: number, b: Pick<BillRow, 'DueDate' | 'Currency' | 'PaidMinor' | 'GrossMinor'>) => ({
    pk: companyPk(companyId),
    sk: `${TOTAL}${b.DueDate.slice(0, 7)}#${isUnpaid(b) ? 'unpaid' : 'paid'}#${b.Currency}`,
  }),
};

type Change = { bills: number; gross: number; paid: number };

/** The counter changes of a bill's write: out of its old bucket, into its new one (one update per bucket). */
function counterChanges(companyId: number, before: BillRow | null, after: BillRow | null): Map<string, Change> {
  const by = new Map<string, Change>();
  const add = (b: BillRow, sign: 1 | -1) => {
    const sk = payablesKeys.total(companyId, b).sk;
    const t = by.get(sk) ?? { bills: 0, gross: 0, paid: 0 };
    by.set(sk, { bills: t.bills + sign, gross: t.gross + sign * b.GrossMinor, paid: t.paid + sign * b.PaidMinor });
  };
  if (before) add(before, -1);
  if (after) add(after, 1);
  return by;
}

/** The open row and counter writes of a bill's change, for its transaction (`before` null: a new bill). */
export function payablesWrites(companyId: number, before: BillRow | null, after: BillRow): Write[] {
  const out: Write[] = [];
  const was = before && isUnpaid(before) ? payablesKeys.open(companyId, before) : null;
  const now = isUnpaid(after) ? payablesKeys.open(companyId, after) : null;
  if (was && was.sk !== now?.sk) out.push({ Delete: { TableName: tableName(), Key: was } });
  if (now) out.push({ Put: { TableName: tableName(), Item: { ...now, entity: 'VendorBillOpenRow', ...after } } });
  for (const [sk, t] of counterChanges(companyId, before, after)) {
    if (!t.bills && !t.gross && !t.paid) continue;
    out.push({
      Update: {
        TableName: tableName(),
        Key: { pk: companyPk(companyId), sk },
        UpdateExpression: 'SET #e = :e ADD Bills :n, GrossMinor :g, PaidMinor :p',
        ExpressionAttributeNames: { '#e': 'entity' },
        ExpressionAttributeValues: { ':e': 'VendorBillTotals', ':n': t.bills, ':g': t.gross, ':p': t.paid },
      },
    });
  }
  return out;
}

/**
 * The open rows and counter items of bills written without the store (seeds and tests that write
 * rows in bulk): what the store's transactions would have left.
 */
export function payablesItemsOf(companyId: number, rows: readonly BillRow[]): Record<string, unknown>[] {
  const open = rows
    .filter(isUnpaid)
    .map((r) => ({ ...payablesKeys.open(companyId, r), entity: 'VendorBillOpenRow', ...r }));
  const sums = new Map<string, Change>();
  for (const r of rows)
    for (const [sk, t] of counterChanges(companyId, null, r)) {
      const s = sums.get(sk) ?? { bills: 0, gross: 0, paid: 0 };
      sums.set(sk, { bills: s.bills + t.bills, gross: s.gross + t.gross, paid: s.paid + t.paid });
    }
  const counters = [...sums].map(([sk, t]) => ({
    pk: companyPk(companyId),
    sk,
    entity: 'VendorBillTotals',
    Bills: t.bills,
    GrossMinor: t.gross,
    PaidMinor: t.paid,
  }));
  return [...open, ...counters];
}

const strip = (i: Record<string, unknown>) => {
  const { pk: _p, sk: _s, entity: _e, ...rest } = i;
  return rest as unknown as BillRow;
};

/** Every counter of the company (a few per due month: a small Query). */
export async function payablesCounters(companyId: number): Promise<PayablesCounter[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: SK_PREFIX,
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ...prefixValues(TOTAL) },
  });
  return items.map((i) => {
    const [month, kind, currency] = String(i.sk).slice(TOTAL.length).split('#');
    return {
      Month: month,
      Unpaid: kind === 'unpaid',
      Currency: Number(currency) as 1 | 2,
      Bills: Number(i.Bills),
      GrossMinor: Number(i.GrossMinor),
      PaidMinor: Number(i.PaidMinor),
    };
  });
}

/** The bills not fully paid whose due date is in `month` (YYYY-MM). */
export async function openRowsDueIn(companyId: number, month: string): Promise<BillRow[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: SK_PREFIX,
    ExpressionAttributeValues: { ':pk': companyPk(companyId), ...prefixValues(`${OPEN}${month}-`) },
  });
  return items.map(strip);
}

/** The key range of a pay status: open and overdue split the open rows at today (overdue: due before it). */
function rangeOf(companyId: number, status: PayStatus | undefined, today: string): KeyRange {
  const partition = { attr: 'pk', value: companyPk(companyId) };
  if (status === 'open')
    return { keyAttributes: KEYS, partition, sort: { attr: 'sk', from: `${OPEN}${today}`, to: `${OPEN}\uffff` } };
  if (status === 'overdue')
    return { keyAttributes: KEYS, partition, sort: { attr: 'sk', from: OPEN, to: `${OPEN}${today}` } };
  return { keyAttributes: KEYS, partition, sort: { attr: 'sk', prefix: ROW } };
}

/** One page of the company's payables rows of a pay status (all: none), by due date then id. */
export async function billRowsPage(
  companyId: number,
  status: PayStatus | undefined,
  today: string,
  nextToken: string | null | undefined,
  limit: number,
): Promise<ListPage<BillRow>> {
  const range = rangeOf(companyId, status, today);
  const start = decodeKeyToken(nextToken, range);
  const paid = status === 'paid' ? { FilterExpression: 'PaidMinor >= GrossMinor' } : {};
  const page = await queryPage({ TableName: tableName(), ...keyCondition(range), ...paid }, limit, start, KEYS);
  return { items: page.items.map(strip), nextToken: keyToken(page.lastKey) };
}
