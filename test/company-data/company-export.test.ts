import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteCommand, QueryCommand, ScanCommand } from '../../lambdas/aws/dynamodb/commands';
import { keys } from '../../lambdas/aws/dynamodb/keys';
import { main as admin } from '../../scripts/admin';
import { ddb, tableName } from '../../lambdas/aws/dynamodb/client';
import { companyDataHooks, deliverCompanyDataJob } from '../../lambdas/modules/company-data';
import { entityOf } from '../../lambdas/modules/company-data/export-job';
import type { CompanyItem } from '../../lambdas/modules/company-data/company-items.dynamodb';
import { readXlsx } from '../../lambdas/core/xlsx-read';
import { seedApproved, seedDraft } from '../support/media-plans';
import { invoke, makeCompany, tableSnapshot, useOwnTable, type Company } from '../support/world';

/**
 * The company export on DynamoDB Local and the local S3 server: an Admin's export holds every item
 * of the company's partitions, grouped by entity, and the plan files; the archive is read back with
 * `unzip` and checked against the table; no other company's item is in it, and no one else's call
 * reaches it.
 */
let c: Company;
let other: Company;
const jobs: Promise<void>[] = [];
const settle = async () => {
  while (jobs.length) await jobs.shift();
};

beforeAll(async () => {
  await useOwnTable('company-export');
  companyDataHooks.local = (m) => jobs.push(deliverCompanyDataJob(m));
  c = await makeCompany('Export Agency');
  other = await makeCompany('Other Agency');
  await seedApproved(c, 2);
  await seedDraft(c, 1);
  await seedDraft(other, 1);
}, 30_000);

afterAll(() => {
  companyDataHooks.local = undefined;
});

/**
 * Every item of a company's partitions, straight from the table: its data, and its partition
 * registry's entries (bookkeeping, not exported).
 */
async function companyItems(companyId: number): Promise<{ data: CompanyItem[]; registry: CompanyItem[] }> {
  const out: CompanyItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey }));
    for (const i of (page.Items ?? []) as CompanyItem[])
      if (i.pk === `C#${companyId}` || i.pk.startsWith(`C#${companyId}#`)) out.push(i);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const registry = `C#${companyId}#PARTS`;
  return { data: out.filter((i) => i.pk !== registry), registry: out.filter((i) => i.pk === registry) };
}

async function exportOf(as: Company['admin']) {
  const started = await invoke('CompaniesService', 'StartCompanyExport', { as, body: {} });
  expect(started.status).toBe(200);
  expect(started.body.Response).toMatchObject({ Status: 'Running', DownloadUrl: null });
  await settle();
  const done = await invoke('CompaniesService', 'GetCompanyExport', {
    as,
    body: { exportId: started.body.Response.ExportId },
  });
  expect(done.status).toBe(200);
  return done.body.Response;
}

function unzipped(archive: Buffer): { dir: string; files: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'company-export-'));
  writeFileSync(path.join(dir, 'archive.zip'), archive);
  // The system's unzip reads the archive: its CRCs and central directory are checked too (-t).
  execFileSync('unzip', ['-tq', 'archive.zip'], { cwd: dir });
  execFileSync('unzip', ['-q', 'archive.zip', '-d', 'out'], { cwd: dir });
  const walk = (d: string): string[] =>
    readdirSync(path.join(dir, 'out', d), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)],
    );
  return { dir: path.join(dir, 'out'), files: walk('').sort() };
}

describe('StartCompanyExport → GetCompanyExport', () => {
  it("writes every item of the company, by entity, with its plan files and a manifest; nothing of another company's", async () => {
    const send = jest.spyOn(ddb(), 'send');
    const view = await exportOf(c.admin);
    const calls = send.mock.calls.map(([command]) => command);
    send.mockRestore();
    // Read through the company's partition registry: no Scan, no Query of another company's partition.
    expect(calls.some((command) => command instanceof ScanCommand)).toBe(false);
    const read = calls
      .filter((command): command is QueryCommand => command instanceof QueryCommand)
      .map((command) => String(command.input.ExpressionAttributeValues?.[':pk']));
    expect(read.filter((pk) => pk.startsWith(`C#${other.companyId}`))).toEqual([]);
    expect(view).toMatchObject({ Status: 'Done', Phase: 'done', Error: null });
    expect(view.DownloadUrl).toMatch(/^http/);
    const res = await fetch(view.DownloadUrl);
    expect(res.status).toBe(200);
    const { dir, files } = unzipped(Buffer.from(await res.arrayBuffer()));
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ Format: 'mixdesk-company-export/1', CompanyId: c.companyId });
      // Kinds, not partitions: no id of a plan or a user's sub among them.
      expect(manifest.PartitionKinds).toEqual(expect.arrayContaining([`C#${c.companyId}#MIX#<id>`]));
      for (const k of manifest.PartitionKinds) expect(k).not.toMatch(/#(\d+|[0-9a-f-]{36})$/);

      // What the table holds now, grouped the same way; the export's own record is the one item
      // written after the read (its end), so it is counted as it was read: once.
      const { data: table, registry } = await companyItems(c.companyId);
      // The registry names every partition the company's items are in (the export read those alone).
      const registered = new Set(registry.map((i) => i.sk));
      const partitions = [...new Set(table.map((i) => i.pk))].filter((pk) => pk !== `C#${c.companyId}`);
      expect(partitions.length).toBeGreaterThanOrEqual(5);
      expect(partitions.filter((pk) => !registered.has(pk))).toEqual([]);
      const expected: Record<string, number> = {};
      for (const i of table) expected[entityOf(c.companyId, i)] = (expected[entityOf(c.companyId, i)] ?? 0) + 1;
      expect(manifest.Counts).toEqual(expected);
      expect(manifest.Items).toBe(table.length);
      expect(view.Counts).toEqual(expected);
      expect(expected.Account).toBe(3);
      expect(expected.MediaMix).toBe(2);
      expect(expected.User).toBe(6);
      expect(expected.AuditEntry).toBeGreaterThan(0);

      const itemFiles = files.filter((f) => f.startsWith('items/'));
      expect(itemFiles).toEqual(
        Object.keys(expected)
          .map((e) => `items/${e}.json`)
          .sort(),
      );
      const keys = new Set<string>();
      for (const f of itemFiles) {
        const items = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CompanyItem[];
        expect(items.length).toBe(expected[path.basename(f, '.json')]);
        for (const i of items) keys.add(`${i.pk}|${i.sk}`);
      }
      expect([...keys].sort()).toEqual(table.map((i) => `${i.pk}|${i.sk}`).sort());

      // One Excel file per plan version, readable, as ExportMediaMix writes it.
      const plans = files.filter((f) => f.startsWith('reports/plans/'));
      expect(plans).toHaveLength(2);
      expect(manifest.Files).toEqual(expect.arrayContaining([...itemFiles, ...plans]));
      for (const p of plans) expect(readXlsx(readFileSync(path.join(dir, p))).sheets.length).toBeGreaterThan(0);

      // Nothing of the other company, anywhere in the archive.
      for (const f of files)
        expect(readFileSync(path.join(dir, f)).toString('latin1')).not.toContain(`C#${other.companyId}`);
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  }, 30_000);

  it("another company's Admin gets neither the job nor its file; a user who is not an Admin cannot start one", async () => {
    const started = await invoke('CompaniesService', 'StartCompanyExport', { as: c.admin, body: {} });
    await settle();
    const id = started.body.Response.ExportId;
    const before = await tableSnapshot();
    const foreign = await invoke('CompaniesService', 'GetCompanyExport', { as: other.admin, body: { exportId: id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.ErrorCode).toBe('NOT_FOUND');
    for (const as of [c.planner, c.analyst, c.client]) {
      const refused = await invoke('CompaniesService', 'StartCompanyExport', { as, body: {} });
      expect(refused.status).toBe(403);
      expect((await invoke('CompaniesService', 'GetCompanyExport', { as, body: { exportId: id } })).status).toBe(403);
    }
    expect(jobs).toHaveLength(0);
    expect(await tableSnapshot()).toEqual(before);
    // The other company's own export holds its own items only.
    const theirs = await exportOf(other.admin);
    expect(theirs.Status).toBe('Done');
    expect(theirs.Counts.Account).toBe(3);
  }, 30_000);

  it('builds the archive in a temporary folder of its own and removes it, also when every delivery fails', async () => {
    // The job's temporary folders go under TMPDIR (os.tmpdir()); a folder of this test's own sees only its exports.
    const scratch = mkdtempSync(path.join(tmpdir(), 'export-scratch-'));
    const saved = { tmp: process.env.TMPDIR, bucket: process.env.CREATIVES_BUCKET };
    process.env.TMPDIR = scratch;
    try {
      expect((await exportOf(other.admin)).Status).toBe('Done');
      expect(readdirSync(scratch)).toEqual([]);
      process.env.CREATIVES_BUCKET = 'no-such-bucket';
      const failed = await exportOf(other.admin);
      expect(failed).toMatchObject({ Status: 'Error', DownloadUrl: null });
      expect(failed.Error).toMatch(/bucket does not exist/);
      expect(readdirSync(scratch)).toEqual([]);
    } finally {
      // Assigning undefined to process.env would store the string 'undefined'.
      for (const [name, value] of [
        ['TMPDIR', saved.tmp],
        ['CREATIVES_BUCKET', saved.bucket],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 30_000);

  it('reads the whole table until the registry is complete; `admin record-partitions` registers what is there and completes it', async () => {
    const before = await companyItems(c.companyId);
    const mark = keys.partitionRegistry();
    // A table from before the registry: no mark, and the company's entries missing.
    await ddb().send(new DeleteCommand({ TableName: tableName(), Key: mark }));
    for (const i of before.registry)
      await ddb().send(new DeleteCommand({ TableName: tableName(), Key: { pk: i.pk, sk: i.sk } }));
    const send = jest.spyOn(ddb(), 'send');
    const scanned = await exportOf(c.admin);
    const scans = send.mock.calls.filter(([command]) => command instanceof ScanCommand);
    send.mockRestore();
    expect(scanned).toMatchObject({ Status: 'Done', Error: null });
    expect(scans.length).toBeGreaterThan(0);
    expect(scanned.Counts.Account).toBe(3);

    const out: string[] = [];
    expect(await admin(['record-partitions', '--local'], (line) => out.push(line))).toBe(0);
    expect(out.join('\n')).toMatch(/^Registered \d+ partitions and pointers/);
    const after = await companyItems(c.companyId);
    expect(after.registry.map((i) => i.sk).sort()).toEqual(expect.arrayContaining(before.registry.map((i) => i.sk)));
    const marked = await ddb().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'pk = :pk AND sk = :sk',
        ExpressionAttributeValues: { ':pk': mark.pk, ':sk': mark.sk },
      }),
    );
    expect(marked.Items).toHaveLength(1);
    // As `npm run deploy` runs it: a complete registry is left as it is, without a Scan.
    const again: string[] = [];
    const spy = jest.spyOn(ddb(), 'send');
    expect(await admin(['record-partitions', '--if-incomplete', '--local'], (line) => again.push(line))).toBe(0);
    const scansAgain = spy.mock.calls.filter(([command]) => command instanceof ScanCommand);
    spy.mockRestore();
    expect(again).toEqual([expect.stringMatching(/is complete already\.$/)]);
    expect(scansAgain).toEqual([]);
    // The registry's reading exports what the Scan did, and the second export's start and its audit entry.
    const registered = await exportOf(c.admin);
    expect(registered.Counts).toEqual({
      ...scanned.Counts,
      CompanyExport: scanned.Counts.CompanyExport + 1,
      AuditEntry: scanned.Counts.AuditEntry + 1,
    });
  }, 60_000);
});
