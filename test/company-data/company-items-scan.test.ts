import { ScanCommand } from '../../lambdas/aws/dynamodb/commands';
import { ddb } from '../../lambdas/aws/dynamodb/client';
import { batchWrite } from '../../lambdas/modules/performance-data';
import {
  scanCompanyItems,
  SCAN_SEGMENTS,
  type CompanyItem,
} from '../../lambdas/modules/company-data/company-items.dynamodb';
import { QueryCommand } from '../../lambdas/aws/dynamodb/commands';
import { readCompanyPartitions } from '../../lambdas/modules/company-data/company-partitions.dynamodb';
import { useOwnTable } from '../support/world';

/**
 * company-items.dynamodb.ts on DynamoDB Local: the parallel Scan of a table larger than one page
 * per segment hands over each of the company's items exactly once, none of another company's, and
 * one page at a time. The partition registry's reading (company-partitions.dynamodb.ts) hands over
 * the same items from Queries of the company's own partitions alone.
 */
const PARTITIONS = 40;
const registry = (companyId: number) => `C#${companyId}#PARTS`;
const PER_COMPANY = 1_500;
// Items of ~4 KB: a page (1 MB) holds ~250, so each segment's share takes several.
const padding = 'x'.repeat(4_000);

beforeAll(async () => {
  await useOwnTable('company-items-scan');
  const requests = [];
  for (let i = 0; i < 2 * PER_COMPANY; i++) {
    const companyId = i % 2 ? 71 : 72;
    requests.push({
      PutRequest: { Item: { pk: `C#${companyId}#DS#${i % PARTITIONS}`, sk: `D#${i}`, padding } },
    });
  }
  // A company whose id starts the same way is not the company.
  requests.push({ PutRequest: { Item: { pk: 'C#710', sk: 'COMPANY', padding } } });
  await batchWrite(requests, 8);
}, 60_000);

it('reads every segment to its end: each item of the company once, nothing else, one page at a time', async () => {
  const send = jest.spyOn(ddb(), 'send');
  const seen: CompanyItem[] = [];
  let visiting = 0;
  let overlapped = false;
  let pages = 0;
  const progress = await scanCompanyItems(71, async (items) => {
    visiting += 1;
    overlapped ||= visiting > 1;
    pages += 1;
    // A visit that waits (as a file write does) while the other segments' pages arrive.
    await new Promise((resolve) => setTimeout(resolve, 5));
    seen.push(...items);
    visiting -= 1;
  });
  const scans = send.mock.calls.map(([c]) => c).filter((c): c is ScanCommand => c instanceof ScanCommand);
  send.mockRestore();
  expect(overlapped).toBe(false);
  // Every segment read more than one page (a page is at most 1 MB).
  expect(pages).toBe(scans.length);
  for (let s = 0; s < SCAN_SEGMENTS; s++) expect(scans.filter((c) => c.input.Segment === s).length).toBeGreaterThan(1);
  // The company's items, and its registry's entries (its items' 20 partitions), which are its items too.
  const entries = seen.filter((i) => i.pk === registry(71));
  const data = seen.filter((i) => i.pk !== registry(71));
  expect(entries).toHaveLength(PARTITIONS / 2);
  expect(data).toHaveLength(PER_COMPANY);
  expect(new Set(data.map((i) => `${i.pk}|${i.sk}`)).size).toBe(PER_COMPANY);
  for (const i of data) expect(i.pk).toMatch(/^C#71#DS#/);
  // The whole table: both companies' items and registries, the look-alike company, the registry's mark.
  expect(progress).toEqual({ scanned: 2 * PER_COMPANY + 1 + PARTITIONS + 1, found: PER_COMPANY + PARTITIONS / 2 });
}, 60_000);

it("reads the company's registered partitions alone: each item once, nothing else, one page at a time", async () => {
  const send = jest.spyOn(ddb(), 'send');
  const seen: CompanyItem[] = [];
  let visiting = 0;
  let overlapped = false;
  const progress = await readCompanyPartitions(71, async (items) => {
    visiting += 1;
    overlapped ||= visiting > 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    seen.push(...items);
    visiting -= 1;
  });
  const calls = send.mock.calls.map(([c]) => c);
  send.mockRestore();
  expect(overlapped).toBe(false);
  expect(calls.some((c) => c instanceof ScanCommand)).toBe(false);
  const read = new Set(
    calls
      .filter((c): c is QueryCommand => c instanceof QueryCommand)
      .map((c) => c.input.ExpressionAttributeValues?.[':pk']),
  );
  // Its registry, its main partition and its 20 stat partitions; nothing of company 72 or 710.
  expect([...read].sort()).toEqual(
    [registry(71), 'C#71', ...Array.from({ length: PARTITIONS / 2 }, (_, i) => `C#71#DS#${2 * i + 1}`)].sort(),
  );
  expect(seen).toHaveLength(PER_COMPANY);
  expect(new Set(seen.map((i) => `${i.pk}|${i.sk}`)).size).toBe(PER_COMPANY);
  expect(progress).toEqual({ scanned: PER_COMPANY, found: PER_COMPANY });
}, 60_000);
