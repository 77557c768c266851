import { startFakeS3, type FakeS3 } from '../../local/fakes/s3-server';
import { deliverCsvImportJob, runCsvImportJob } from '../../lambdas/modules/connectors/csv-import-run';
import { handler as deadLetterHandler } from '../../lambdas/jobs/csv-import-dead-letters';
import { handler as workerHandler } from '../../lambdas/jobs/csv-import-worker';
import { getCsvImportRun, putCsvImportRun } from '../../lambdas/modules/connectors/csv-import-store.dynamodb';
import { readStats } from '../../lambdas/modules/performance-data/daily-stat-store.dynamodb';
import {
  CSV_IMPORT_CALL_SECONDS,
  CSV_IMPORT_MAX_RECEIVES,
  CSV_INLINE_MAX_ROWS,
  CSV_TEMPLATE_HEADER,
} from '../../lambdas/shared/connectors';
import { csvImportHooks } from '../../lambdas/modules/connectors/sync/csv-import-queue';
import type { CsvUpload } from '../../lambdas/modules/connectors/replies/csv-imports';
import { expectError, expectOk } from '../media-plans/helpers';
import { invoke, makeCompany, type Company } from '../support/world';

/**
 * The CSV import writes exactly the bytes it checked: a file re-posted through the same upload form
 * while the import runs changes nothing of it, and the form is single-use. A file over
 * CSV_INLINE_MAX_ROWS rows is written by the CSV import job (here on the in-process runner, as at
 * `npm start`). The suite runs its own local S3 server, whose request hook acts between two requests
 * of the code under test (a re-post, a failure), so no timing is involved.
 */
let c: Company;
let agentId: number;
let s3: FakeS3;
const ACC = 'pin-acc-1';
const savedEndpoint = process.env.S3_ENDPOINT;

/** Armed with a form and a file: re-posts that file before the request that follows the first read of the form's key. */
const racer: { form?: CsvUpload; file?: string; readSeen: boolean; reposted: number } = {
  readSeen: false,
  reposted: 0,
};
/** Fails GETs of this key: the `failOn`-th read, or every read from it on when `from` (a storage failure in the middle of an import). */
const breaker: { key?: string; reads: number; failOn: number; from?: boolean } = { reads: 0, failOn: 0 };
/** The jobs the in-process runner started. */
const jobs: Promise<void>[] = [];

const call = (method: string, body: unknown) =>
  invoke('ConnectorsService', method, { as: c.admin, body, accountId: c.accounts.main.ID, timeoutMs: 120_000 });

async function post(form: CsvUpload, text: string): Promise<Response> {
  const body = new FormData();
  for (const [k, v] of Object.entries(form.Fields)) body.append(k, v);
  body.append('file', new Blob([text], { type: 'text/csv' }), 'stats.csv');
  return fetch(form.Url, { method: 'POST', body });
}

async function upload(text: string): Promise<CsvUpload> {
  const form = expectOk(
    await call('GetCsvUploadUrl', { agentConnectorId: agentId, fileName: 'stats.csv', size: Buffer.byteLength(text) }),
  ) as CsvUpload;
  expect((await post(form, text)).status).toBeLessThan(300);
  return form;
}

beforeAll(async () => {
  s3 = await startFakeS3({
    port: 0,
    buckets: [process.env.CREATIVES_BUCKET!],
    credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }],
    onRequest: async ({ method, key, copySource }) => {
      if (method === 'GET' && key === breaker.key) {
        const n = ++breaker.reads;
        if (n === breaker.failOn || (breaker.from && n >= breaker.failOn))
          throw new Error('storage failed in the middle');
      }
      const { form, file } = racer;
      if (!form || !file) return;
      if (racer.readSeen && method !== 'POST') {
        racer.readSeen = false;
        racer.form = undefined;
        racer.reposted++;
        expect((await post(form, file)).status).toBeLessThan(300);
        return;
      }
      // A read of the upload: a GET of its key, or a copy from it.
      if ((method === 'GET' && key === form.Fields.key) || copySource?.endsWith(`/${form.Fields.key}`))
        racer.readSeen = true;
    },
  });
  s3.server.unref();
  process.env.S3_ENDPOINT = s3.endpoint;
  // As at npm start: each job delivered again after a failure, up to the queue's receives.
  csvImportHooks.local = (job) => jobs.push(deliverCsvImportJob(job));
  c = await makeCompany('CSV Pinned Agency');
  agentId = expectOk(
    await call('SaveAgentConnector', { agentConnector: { ID: 0, ConnectorId: 4, Name: 'Pinned CSV' } }),
  ).ID;
  expectOk(
    await call('SaveAccountConnector', {
      accountConnector: {
        ID: 0,
        AccountId: c.accounts.main.ID,
        AgentConnectorId: agentId,
        ExternalAccountIds: [ACC],
        NamingRule: '',
      },
    }),
  );
});

afterAll(async () => {
  process.env.S3_ENDPOINT = savedEndpoint;
  csvImportHooks.local = undefined;
  await s3.stop();
});

const row = (date: string, campaign: string, spend: number) =>
  `${date},google_ads,${ACC},${campaign},Name ${campaign},1000,10,${spend},ILS,2,50.5,0`;

const stored = async (from = '2026-04-01', to = '2026-04-30') => {
  const out: Record<string, number> = {};
  for await (const page of readStats(c.companyId, 'csv_upload', ACC, from, to))
    for (const s of page) out[`${s.Date}#${s.CampaignId}`] = s.SpendMicros / 1e6;
  return out;
};

describe('the CSV import writes the bytes it checked', () => {
  it('a file re-posted through the same form while the import runs is not what gets written', async () => {
    const checked = [CSV_TEMPLATE_HEADER, row('2026-04-01', 'good1', 10), row('2026-04-02', 'good1', 20)].join('\n');
    const other = [
      CSV_TEMPLATE_HEADER,
      ...Array.from({ length: 2 }, (_, i) => row('2026-04-03', `bad#${i}/..`, 99)),
    ].join('\n');
    const form = await upload(checked);
    Object.assign(racer, { form, file: other, readSeen: false, reposted: 0 });
    const done = expectOk(
      await call('ImportCampaignStatsCsv', {
        agentConnectorId: agentId,
        importId: form.ImportId,
        fileName: 'stats.csv',
      }),
    );
    expect(racer.reposted).toBe(1);
    expect(done).toMatchObject({ Status: 'OK', RowsTotal: 2, RowsWritten: 2 });
    expect(await stored()).toEqual({ '2026-04-01#good1': 10, '2026-04-02#good1': 20 });
    expect(expectOk(await call('GetCsvImport', { importId: form.ImportId }))).toMatchObject({
      Status: 'OK',
      RowsWritten: 2,
    });
  });

  it('an upload form is single-use: a file posted again through it is never imported', async () => {
    const form = await upload([CSV_TEMPLATE_HEADER, row('2026-04-10', 'once', 5)].join('\n'));
    expectOk(await call('ImportCampaignStatsCsv', { agentConnectorId: agentId, importId: form.ImportId }));
    expect((await post(form, [CSV_TEMPLATE_HEADER, row('2026-04-11', 'twice', 7)].join('\n'))).status).toBeLessThan(
      300,
    );
    const again = await call('ImportCampaignStatsCsv', { agentConnectorId: agentId, importId: form.ImportId });
    expectError(again, 409);
    expect(again.body.ErrorCode).toBe('ALREADY_EXISTS');
    expect(Object.keys(await stored())).not.toContain('2026-04-11#twice');
  });
});

/** A file of `rows` rows over May 2026 (31 days × campaigns), each spend `spend`. */
function bigFile(rows: number, spend: number): string {
  const lines = [CSV_TEMPLATE_HEADER];
  for (let i = 0; i < rows; i++)
    lines.push(row(`2026-05-${String((i % 31) + 1).padStart(2, '0')}`, `job${Math.floor(i / 31)}`, spend));
  return lines.join('\n');
}

describe('an import over CSV_INLINE_MAX_ROWS rows runs as a job', () => {
  const rows = CSV_INLINE_MAX_ROWS + 1;

  it('answers 202 with the run, Running; the job writes it and the run says so', async () => {
    const form = await upload(bigFile(rows, 3));
    const r = await call('ImportCampaignStatsCsv', {
      agentConnectorId: agentId,
      importId: form.ImportId,
      fileName: 'big.csv',
    });
    expect(r.status).toBe(202);
    expect(r.body.Response).toMatchObject({ Status: 'Running', Phase: 'write', RowsTotal: rows, EndedAt: null });
    await Promise.all(jobs.splice(0));
    const run = expectOk(await call('GetCsvImport', { importId: form.ImportId }));
    expect(run).toMatchObject({
      Status: 'OK',
      Phase: 'done',
      RowsTotal: rows,
      RowsDone: rows,
      RowsWritten: rows,
      Error: null,
    });
    expect(Object.keys(await stored('2026-05-01', '2026-05-31'))).toHaveLength(rows);
    // A message delivered again writes nothing more and leaves the run as it was.
    await runCsvImportJob({ companyId: c.companyId, importId: form.ImportId });
    expect(expectOk(await call('GetCsvImport', { importId: form.ImportId }))).toEqual(run);
  }, 300_000);

  it('a storage failure in the middle fails that delivery only: the run stays Running, the next one writes it all', async () => {
    const form = await upload(bigFile(rows, 4));
    // The job reads the pinned file twice (its check again, then the write): the first write's reading fails.
    Object.assign(breaker, { key: form.Fields.key.replace(/\.csv$/, '.pinned'), reads: 0, failOn: 3, from: false });
    const r = await call('ImportCampaignStatsCsv', {
      agentConnectorId: agentId,
      importId: form.ImportId,
      fileName: 'big.csv',
    });
    expect(r.status).toBe(202);
    await Promise.all(jobs.splice(0));
    breaker.key = undefined;
    const run = expectOk(await call('GetCsvImport', { importId: form.ImportId }));
    expect(run).toMatchObject({
      Status: 'OK',
      Phase: 'done',
      RowsTotal: rows,
      RowsDone: rows,
      RowsWritten: rows,
      Error: null,
      ErrorReason: null,
    });
    expect(new Set(Object.values(await stored('2026-05-01', '2026-05-31')))).toEqual(new Set([4]));
  }, 300_000);

  it('a job failing every delivery ends Failed with its reason after the last one, stating the rows it wrote', async () => {
    const form = await upload(bigFile(rows, 5));
    // Every reading after the import call's check fails: the job can neither check nor write, on each delivery.
    Object.assign(breaker, { key: form.Fields.key.replace(/\.csv$/, '.pinned'), reads: 0, failOn: 2, from: true });
    const r = await call('ImportCampaignStatsCsv', {
      agentConnectorId: agentId,
      importId: form.ImportId,
      fileName: 'big.csv',
    });
    expect(r.status).toBe(202);
    await Promise.all(jobs.splice(0));
    breaker.key = undefined;
    expect(breaker.reads).toBe(1 + CSV_IMPORT_MAX_RECEIVES);
    const run = expectOk(await call('GetCsvImport', { importId: form.ImportId }));
    expect(run).toMatchObject({
      Status: 'Error',
      Phase: 'done',
      RowsTotal: rows,
      RowsWritten: 0,
      ErrorReason: 'recheckFailed',
      Attempts: CSV_IMPORT_MAX_RECEIVES,
    });
    // What the run says was written is what is stored: this file's values are nowhere.
    expect(new Set(Object.values(await stored('2026-05-01', '2026-05-31')))).toEqual(new Set([4]));
  }, 300_000);
});

describe('the queue: deliveries and dead letters', () => {
  const rows = CSV_INLINE_MAX_ROWS + 1;
  const record = (importId: string, receive: number) => ({
    messageId: `m-${importId}-${receive}`,
    body: JSON.stringify({ companyId: c.companyId, importId }),
    attributes: { ApproximateReceiveCount: String(receive) },
  });

  /** An import handed to the job, its message kept (not run): what the queue holds. */
  async function queued(spend: number): Promise<string> {
    const saved = csvImportHooks.local;
    csvImportHooks.local = () => undefined;
    try {
      const form = await upload(bigFile(rows, spend));
      expect(
        (await call('ImportCampaignStatsCsv', { agentConnectorId: agentId, importId: form.ImportId })).status,
      ).toBe(202);
      Object.assign(breaker, { key: form.Fields.key.replace(/\.csv$/, '.pinned'), reads: 0, failOn: 1, from: true });
      return form.ImportId;
    } finally {
      csvImportHooks.local = saved;
    }
  }

  it('the worker fails a delivery that is not the last (the queue sends it again) and ends the run on the last', async () => {
    const importId = await queued(6);
    expect(await workerHandler({ Records: [record(importId, 1)] })).toEqual({
      batchItemFailures: [{ itemIdentifier: `m-${importId}-1` }],
    });
    expect(expectOk(await call('GetCsvImport', { importId }))).toMatchObject({
      Status: 'Running',
      Phase: 'write',
      EndedAt: null,
    });
    expect(await workerHandler({ Records: [record(importId, CSV_IMPORT_MAX_RECEIVES)] })).toEqual({
      batchItemFailures: [],
    });
    breaker.key = undefined;
    expect(expectOk(await call('GetCsvImport', { importId }))).toMatchObject({
      Status: 'Error',
      Phase: 'done',
      ErrorReason: 'recheckFailed',
      RowsWritten: 0,
    });
  }, 300_000);

  it('a message in the dead-letter queue (a worker that died or timed out on every delivery) ends its run Failed; an ended run is left alone', async () => {
    const importId = await queued(7);
    breaker.key = undefined;
    expect(await deadLetterHandler({ Records: [record(importId, 1)] })).toEqual({ batchItemFailures: [] });
    const run = expectOk(await call('GetCsvImport', { importId }));
    expect(run).toMatchObject({
      Status: 'Error',
      Phase: 'done',
      ErrorReason: 'gaveUp',
      RowsWritten: 0,
      Attempts: CSV_IMPORT_MAX_RECEIVES,
    });
    expect(run.EndedAt).toEqual(expect.any(String));
    // Delivered again, or a job arriving late: the ended run stays as it is.
    expect(await deadLetterHandler({ Records: [record(importId, 2)] })).toEqual({ batchItemFailures: [] });
    await runCsvImportJob({ companyId: c.companyId, importId });
    expect(expectOk(await call('GetCsvImport', { importId }))).toEqual(run);
    // A body that is no job is refused (kept for a person to read), never a crash.
    expect(
      await deadLetterHandler({
        Records: [{ messageId: 'junk', body: '{"companyId":"x"}', attributes: { ApproximateReceiveCount: '1' } }],
      }),
    ).toEqual({ batchItemFailures: [{ itemIdentifier: 'junk' }] });
  }, 300_000);
});

describe('an import whose own call was cut off', () => {
  /**
   * A real inline import, whose stored run is then put back as a call cut off in the middle of its
   * write leaves it (Running, its last progress recorded `agoMs` before now): what the API's time
   * limit does to a call, with no waiting.
   */
  async function cutOff(spend: number, agoMs: number): Promise<string> {
    const form = await upload(bigFile(10, spend));
    expectOk(await call('ImportCampaignStatsCsv', { agentConnectorId: agentId, importId: form.ImportId }));
    const run = (await getCsvImportRun(
      c.companyId,
      new Date(Number(form.ImportId.slice(0, 13))).toISOString(),
      form.ImportId,
    ))!;
    const { EndedAt: _ended, ...rest } = run;
    await putCsvImportRun(c.companyId, {
      ...rest,
      Status: 'Running',
      Phase: 'write',
      RowsDone: 6,
      RowsWritten: 4,
      TouchedAt: new Date(Date.now() - agoMs).toISOString(),
    });
    return form.ImportId;
  }

  it('ends in Error when read, saying how far it got, and the reply is what is stored', async () => {
    const importId = await cutOff(8, 2 * CSV_IMPORT_CALL_SECONDS * 1000 + 5_000);
    const run = expectOk(await call('GetCsvImport', { importId }));
    expect(run).toMatchObject({ Status: 'Error', Phase: 'done', ErrorReason: 'stopped', RowsDone: 6, RowsWritten: 4 });
    expect(run.Error).toMatch(/6 of 10 rows/);
    expect(run.EndedAt).toEqual(expect.any(String));
    expect(expectOk(await call('GetCsvImport', { importId }))).toEqual(run);
  }, 120_000);

  it('a call still within its time is left Running', async () => {
    const importId = await cutOff(9, 1_000);
    expect(expectOk(await call('GetCsvImport', { importId }))).toMatchObject({
      Status: 'Running',
      EndedAt: null,
      ErrorReason: null,
    });
  }, 120_000);
});
