import {
  checkDailyGrainCsv,
  csvLines,
  csvRefusalError,
  readCheckedDailyGrainCsv,
  type CsvRowIssue,
} from './csv/csv-daily-grain';
import { NotFoundError, PayloadTooLargeError, type AppError } from '../../core/errors';
import { log } from '../../core/logger';
import { upsertDiscoveredCampaign } from './campaign-store.dynamodb';
import {
  getAccountConnector,
  getAgentConnector,
  listExternalLinks,
  recordAgentConnectorHealth,
} from './connector-store.dynamodb';
import { csvUploads } from './csv-upload-store.s3';
import { getCsvImportRun, putCsvImportRun } from './csv-import-store.dynamodb';
import type { CsvImportRun } from './csv-import-store';
import {
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_RECEIVES,
  CSV_IMPORT_MAX_ROWS,
  EXTERNAL_ID_PATTERN,
} from '../../shared/connectors';
import type { CsvImportFailure } from './replies/csv-imports';
import type { CsvImportJob } from './sync/csv-import-queue';
import { writeCsvRows, type AccountSpan } from './sync/csv-import';
import type { SyncPorts } from './sync/sync-ports';
import { lineTargetsOf } from './campaigns';

/**
 * The check and the write of a pinned CSV upload (modules/connectors/csv-upload-store.s3.ts), shared by the import
 * call (a file of up to CSV_INLINE_MAX_ROWS rows) and the CSV import job (a larger one). Both read the
 * pinned copy only, so what is written is exactly what was checked.
 */

/** The sync's campaign ports without the rule's engine: upsert (new campaigns unread by the rule), stored mappings. */
const csvPorts: Pick<SyncPorts, 'upsertCampaigns' | 'lineTargets'> = {
  async upsertCampaigns(companyId, _agentConnectorId, campaigns) {
    for (const c of campaigns) {
      await upsertDiscoveredCampaign(companyId, {
        ConnectorType: c.connectorType,
        ExternalAccountId: c.externalAccountId,
        ExternalCampaignId: c.externalCampaignId,
        Name: c.name,
        Status: '',
      });
    }
  },
  lineTargets: (companyId, refs) => lineTargetsOf(companyId, refs),
};

const kb = (bytes: number) => Math.ceil(bytes / 1024);
export const tooLarge = (bytes: number) =>
  new PayloadTooLargeError(
    `csv: the file is ${kb(bytes)} kB; an import takes at most ${kb(CSV_IMPORT_MAX_BYTES)} kB (split it)`,
    'CSV_TOO_LARGE',
    { kb: kb(bytes), maxKb: kb(CSV_IMPORT_MAX_BYTES) },
  );

/** The run's key part: the import id starts with its start in epoch ms. */
export const startedAtOf = (importId: string) => new Date(Number(importId.slice(0, 13))).toISOString();

/** The ad accounts the connection (or its one account connector) links; 404 for an account connector not of it. */
export async function linkedAccounts(
  companyId: number,
  agentId: number,
  agentName: string,
  accountConnectorId?: number,
): Promise<Set<string>> {
  let links = (await listExternalLinks(companyId)).filter((l) => l.AgentConnectorId === agentId);
  if (accountConnectorId !== undefined) {
    const ac = await getAccountConnector(companyId, accountConnectorId, true);
    if (!ac || ac.Archived || ac.AgentConnectorId !== agentId) {
      throw new NotFoundError(`Account connector ${accountConnectorId} of ${agentName} was not found`, 'NOT_FOUND', {
        entity: 'AccountConnector',
        id: accountConnectorId,
      });
    }
    links = links.filter((l) => l.AccountConnectorId === ac.ID);
  }
  return new Set(links.map((l) => l.ExternalAccountId));
}

/** The run's progress puts (at most once a second, one at a time) and its end. */
export interface RunProgress {
  tick(force?: boolean): void;
  settled(): Promise<void>;
  end(status: 'OK' | 'Error', error?: string, reason?: CsvImportFailure): Promise<void>;
}

export function progressOf(companyId: number, run: CsvImportRun): RunProgress {
  let lastPut = Date.now();
  let puts: Promise<void> = Promise.resolve();
  return {
    tick(force = false) {
      if (!force && Date.now() - lastPut < 1000) return;
      lastPut = Date.now();
      run.TouchedAt = new Date(lastPut).toISOString();
      const snapshot = { ...run };
      puts = puts.then(() => putCsvImportRun(companyId, snapshot)).catch(() => undefined);
    },
    settled: () => puts,
    async end(status, error, reason) {
      await puts;
      Object.assign(run, {
        Status: status,
        Phase: 'done',
        EndedAt: new Date().toISOString(),
        ...(error ? { Error: error, ErrorReason: reason ?? 'stopped' } : {}),
      });
      await putCsvImportRun(companyId, run);
      await csvUploads.discard(companyId, run.RunId).catch(() => undefined);
    },
  };
}

/** A checked file: its rows, and each ad account's first and last day (what the write needs). */
export type CsvCheck = { ok: true; rows: number; spans: Map<string, AccountSpan> } | { ok: false; refusal: AppError };

/**
 * Checks the pinned file whole — every row by the parser, every ad account against `linked` (named
 * once, on its first line), every campaign id as a key part — and sets the run's figures.
 */
export async function checkPinned(
  companyId: number,
  run: CsvImportRun,
  linked: Set<string>,
  p: RunProgress,
): Promise<CsvCheck> {
  const file = await csvUploads.open(companyId, run.RunId);
  if (!file) throw new Error('csv: the pinned file is gone');
  if (file.size > CSV_IMPORT_MAX_BYTES) return { ok: false, refusal: tooLarge(file.size) };
  const spans = new Map<string, AccountSpan>();
  const days = new Set<string>();
  const campaigns = new Set<string>();
  const unlinked = new Set<string>();
  const rowCheck = (s: {
    externalAccountId: string;
    externalCampaignId: string;
    date: string;
  }): CsvRowIssue[] | undefined => {
    const issues: CsvRowIssue[] = [];
    if (!linked.has(s.externalAccountId)) {
      if (!unlinked.has(s.externalAccountId)) {
        unlinked.add(s.externalAccountId);
        issues.push({ column: 'account', reason: 'ACCOUNT_NOT_LINKED', params: { account: s.externalAccountId } });
      }
    } else {
      const span = spans.get(s.externalAccountId);
      if (!span) spans.set(s.externalAccountId, { from: s.date, to: s.date });
      else {
        if (s.date < span.from) span.from = s.date;
        if (s.date > span.to) span.to = s.date;
      }
    }
    if (!EXTERNAL_ID_PATTERN.test(s.externalCampaignId))
      issues.push({ column: 'campaign id', reason: 'EXTERNAL_ID_FORMAT', params: {} });
    days.add(s.date);
    campaigns.add(`${s.externalAccountId}\u0001${s.externalCampaignId}`);
    return issues;
  };
  const check = await checkDailyGrainCsv(csvLines(file.body), {
    maxRows: CSV_IMPORT_MAX_ROWS,
    rowCheck,
    onProgress: (q) => {
      run.LinesChecked = q.lines;
      run.RowsRead = q.rows;
      p.tick();
    },
  });
  if (!check.ok) return { ok: false, refusal: csvRefusalError(check.refusal) };
  Object.assign(run, {
    Phase: 'write',
    RowsRead: check.rows,
    RowsTotal: check.rows,
    Days: days.size,
    Campaigns: campaigns.size,
    Accounts: spans.size,
    From: [...days].reduce((a, b) => (a < b ? a : b)),
    To: [...days].reduce((a, b) => (a > b ? a : b)),
  });
  p.tick(true);
  return { ok: true, rows: check.rows, spans };
}

/**
 * Writes the checked pinned file through the sync's write path; the run ends OK. A failure ends it
 * in Error saying how far it got when `final` (the call's own write, the job's last delivery); else
 * the run stays Running with its figures (the next delivery writes it again) and the error is thrown.
 * RowsWritten counts the earlier deliveries' writes too: a later one skips what they stored.
 */
export async function writePinned(
  companyId: number,
  run: CsvImportRun,
  checked: { rows: number; spans: Map<string, AccountSpan> },
  p: RunProgress,
  final = true,
): Promise<void> {
  const before = run.RowsWritten;
  try {
    const again = await csvUploads.open(companyId, run.RunId);
    if (!again) throw new Error('csv: the pinned file went away between its check and its reading');
    const figures = await writeCsvRows(
      companyId,
      run.AgentConnectorId,
      readCheckedDailyGrainCsv(csvLines(again.body), checked.rows),
      checked.spans,
      {
        ports: csvPorts,
        onProgress: (q) => {
          run.RowsDone = q.rowsDone;
          run.RowsWritten = before + q.rowsWritten;
          run.RollupsWritten = q.rollupsWritten;
          p.tick();
        },
      },
    );
    Object.assign(run, {
      RowsDone: figures.rowsDone,
      RowsWritten: before + figures.rowsWritten,
      RollupsWritten: figures.rollupsWritten,
    });
  } catch (err) {
    log.error('csv import failed while writing', {
      companyId,
      agentConnectorId: run.AgentConnectorId,
      importId: run.RunId,
      attempt: run.Attempts,
      final,
      error: (err as Error).message,
    });
    if (!final) {
      p.tick(true);
      await p.settled();
      throw err;
    }
    await p.end(
      'Error',
      `The import stopped after ${run.RowsDone} of ${run.RowsTotal} rows (${run.RowsWritten} written); import the file again to finish (what was written is kept, nothing doubles)`,
      'stopped',
    );
    throw err;
  }
  await p.end('OK');
  await recordAgentConnectorHealth(companyId, run.AgentConnectorId, {
    Status: 'OK',
    LastError: '',
    LastSyncAt: run.EndedAt!,
  });
}

/** Which delivery of the job's message this is (SQS's ApproximateReceiveCount), of how many the queue makes. */
export interface Delivery {
  receive: number;
  maxReceives: number;
}

/**
 * The CSV import job: writes one queued import. A run that is not waiting for its write (done, or
 * gone) is left as it is, so a message delivered twice writes once; a run whose write was cut off (a
 * worker that died, a delivery that failed) is written again on the next delivery — the write skips
 * what is stored already. The file is checked again first (a link removed meanwhile refuses it:
 * nothing written). A delivery that fails before the last throws and leaves the run Running, so the
 * queue delivers it again; the last one records its failure on the run, which the console polls.
 */
export async function runCsvImportJob(
  job: CsvImportJob,
  delivery: Delivery = { receive: 1, maxReceives: 1 },
): Promise<void> {
  const { companyId, importId } = job;
  const run = await getCsvImportRun(companyId, startedAtOf(importId), importId);
  if (!run || run.Status !== 'Running' || run.Phase !== 'write') return;
  const final = delivery.receive >= delivery.maxReceives;
  run.Attempts = delivery.receive;
  const p = progressOf(companyId, run);
  let checked: CsvCheck;
  try {
    const agent = await getAgentConnector(companyId, run.AgentConnectorId, true);
    if (!agent || agent.Archived) throw new Error(`csv: connection ${run.AgentConnectorId} is gone`);
    checked = await checkPinned(
      companyId,
      run,
      await linkedAccounts(companyId, agent.ID, agent.Name, run.AccountConnectorId ?? undefined),
      p,
    );
  } catch (err) {
    if (!final) throw err;
    await p.end(
      'Error',
      `The file could not be checked again before writing (${(err as Error).message}); nothing more was written`,
      'recheckFailed',
    );
    return;
  }
  if (!checked.ok) {
    await p.end(
      'Error',
      `The file no longer passes its check (${checked.refusal.message}); nothing was written`,
      'noLongerPasses',
    );
    return;
  }
  // On the last delivery writePinned has recorded the failure on the run: the message is done with.
  await writePinned(companyId, run, checked, p, final).catch((err: unknown) => {
    if (!final) throw err;
  });
}

/**
 * A job whose message the queue gave up (the dead-letter queue: every delivery failed, or its worker
 * died or ran out of time each time): its run, if still Running, ends in Error with the rows the run
 * recorded as written (progress is recorded at most once a second, so at least those).
 */
export async function failCsvImportJob(job: CsvImportJob): Promise<void> {
  const { companyId, importId } = job;
  const run = await getCsvImportRun(companyId, startedAtOf(importId), importId);
  if (!run || run.Status !== 'Running') return;
  run.Attempts = CSV_IMPORT_MAX_RECEIVES;
  await progressOf(companyId, run).end(
    'Error',
    `The import job failed on each of its ${CSV_IMPORT_MAX_RECEIVES} attempts and was given up; at least ${run.RowsWritten} of ${run.RowsTotal} rows were written; import the file again to finish (what was written is kept, nothing doubles)`,
    'gaveUp',
  );
}

/**
 * The queue in process (npm start, the tests): the job delivered up to CSV_IMPORT_MAX_RECEIVES times
 * while a delivery fails, then given up as the cloud's dead-letter queue gives it up.
 */
export async function deliverCsvImportJob(job: CsvImportJob): Promise<void> {
  for (let receive = 1; receive <= CSV_IMPORT_MAX_RECEIVES; receive++) {
    try {
      await runCsvImportJob(job, { receive, maxReceives: CSV_IMPORT_MAX_RECEIVES });
      return;
    } catch (err) {
      log.warn('csv import delivery failed', { importId: job.importId, receive, error: (err as Error).message });
    }
  }
  await failCsvImportJob(job);
}
