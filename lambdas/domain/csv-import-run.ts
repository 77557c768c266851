import { checkDailyGrainCsv, csvLines, csvRefusalError, readCheckedDailyGrainCsv, type CsvRowIssue } from '../connectors/csv-daily-grain';
import { NotFoundError, PayloadTooLargeError, type AppError } from '../kit/errors';
import { log } from '../kit/logger';
import { upsertDiscoveredCampaign } from '../repositories/campaigns';
import { getAccountConnector, getAgentConnector, listExternalLinks, recordAgentConnectorHealth } from '../repositories/connectors';
import { csvUploads, getCsvImportRun, putCsvImportRun, type CsvImportRun } from '../repositories/csv-imports';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS, EXTERNAL_ID_PATTERN } from '../shared/connectors';
import type { CsvImportJob } from '../sync/csv-import-queue';
import { writeCsvRows, type AccountSpan } from '../sync/csv-import';
import type { SyncPorts } from '../sync/sync-ports';
import { lineTargetsOf } from './campaigns';

/**
 * The check and the write of a pinned CSV upload (repositories/csv-imports.ts), shared by the import
 * call (a file of up to CSV_INLINE_MAX_ROWS rows) and the CSV import job (a larger one). Both read the
 * pinned copy only, so what is written is exactly what was checked.
 */

/** The sync's campaign ports without the rule's engine: upsert (new campaigns unread by the rule), stored mappings. */
const csvPorts: Pick<SyncPorts, 'upsertCampaigns' | 'lineTargets'> = {
  async upsertCampaigns(companyId, _agentConnectorId, campaigns) {
    for (const c of campaigns) {
      await upsertDiscoveredCampaign(companyId, {
        ConnectorType: c.connectorType, ExternalAccountId: c.externalAccountId, ExternalCampaignId: c.externalCampaignId, Name: c.name, Status: '',
      });
    }
  },
  lineTargets: (companyId, refs) => lineTargetsOf(companyId, refs),
};

const kb = (bytes: number) => Math.ceil(bytes / 1024);
export const tooLarge = (bytes: number) => new PayloadTooLargeError(
  `csv: the file is ${kb(bytes)} kB; an import takes at most ${kb(CSV_IMPORT_MAX_BYTES)} kB (split it)`, 'CSV_TOO_LARGE', { kb: kb(bytes), maxKb: kb(CSV_IMPORT_MAX_BYTES) },
);

/** The run's key part: the import id starts with its start in epoch ms. */
export const startedAtOf = (importId: string) => new Date(Number(importId.slice(0, 13))).toISOString();

/** The ad accounts the connection (or its one account connector) links; 404 for an account connector not of it. */
export async function linkedAccounts(companyId: number, agentId: number, agentName: string, accountConnectorId?: number): Promise<Set<string>> {
  let links = (await listExternalLinks(companyId)).filter((l) => l.AgentConnectorId === agentId);
  if (accountConnectorId !== undefined) {
    const ac = await getAccountConnector(companyId, accountConnectorId, true);
    if (!ac || ac.Archived || ac.AgentConnectorId !== agentId) {
      throw new NotFoundError(`Account connector ${accountConnectorId} of ${agentName} was not found`, 'NOT_FOUND', { entity: 'AccountConnector', id: accountConnectorId });
    }
    links = links.filter((l) => l.AccountConnectorId === ac.ID);
  }
  return new Set(links.map((l) => l.ExternalAccountId));
}

/** The run's progress puts (at most once a second, one at a time) and its end. */
export interface RunProgress {
  tick(force?: boolean): void;
  settled(): Promise<void>;
  end(status: 'OK' | 'Error', error?: string): Promise<void>;
}

export function progressOf(companyId: number, run: CsvImportRun): RunProgress {
  let lastPut = Date.now();
  let puts: Promise<void> = Promise.resolve();
  return {
    tick(force = false) {
      if (!force && Date.now() - lastPut < 1000) return;
      lastPut = Date.now();
      const snapshot = { ...run };
      puts = puts.then(() => putCsvImportRun(companyId, snapshot)).catch(() => undefined);
    },
    settled: () => puts,
    async end(status, error) {
      await puts;
      Object.assign(run, { Status: status, Phase: 'done', EndedAt: new Date().toISOString(), ...(error ? { Error: error } : {}) });
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
export async function checkPinned(companyId: number, run: CsvImportRun, linked: Set<string>, p: RunProgress): Promise<CsvCheck> {
  const file = await csvUploads.open(companyId, run.RunId);
  if (!file) throw new Error('csv: the pinned file is gone');
  if (file.size > CSV_IMPORT_MAX_BYTES) return { ok: false, refusal: tooLarge(file.size) };
  const spans = new Map<string, AccountSpan>();
  const days = new Set<string>();
  const campaigns = new Set<string>();
  const unlinked = new Set<string>();
  const rowCheck = (s: { externalAccountId: string; externalCampaignId: string; date: string }): CsvRowIssue[] | undefined => {
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
    if (!EXTERNAL_ID_PATTERN.test(s.externalCampaignId)) issues.push({ column: 'campaign id', reason: 'EXTERNAL_ID_FORMAT', params: {} });
    days.add(s.date);
    campaigns.add(`${s.externalAccountId}\u0001${s.externalCampaignId}`);
    return issues;
  };
  const check = await checkDailyGrainCsv(csvLines(file.body), {
    maxRows: CSV_IMPORT_MAX_ROWS, rowCheck,
    onProgress: (q) => {
      run.LinesChecked = q.lines;
      run.RowsRead = q.rows;
      p.tick();
    },
  });
  if (!check.ok) return { ok: false, refusal: csvRefusalError(check.refusal) };
  Object.assign(run, {
    Phase: 'write', RowsRead: check.rows, RowsTotal: check.rows, Days: days.size, Campaigns: campaigns.size, Accounts: spans.size,
    From: [...days].reduce((a, b) => (a < b ? a : b)), To: [...days].reduce((a, b) => (a > b ? a : b)),
  });
  p.tick(true);
  return { ok: true, rows: check.rows, spans };
}

/** Writes the checked pinned file through the sync's write path; the run ends OK, or Error saying how far it got. */
export async function writePinned(companyId: number, run: CsvImportRun, checked: { rows: number; spans: Map<string, AccountSpan> }, p: RunProgress): Promise<void> {
  try {
    const again = await csvUploads.open(companyId, run.RunId);
    if (!again) throw new Error('csv: the pinned file went away between its check and its reading');
    const figures = await writeCsvRows(companyId, run.AgentConnectorId, readCheckedDailyGrainCsv(csvLines(again.body), checked.rows), checked.spans, {
      ports: csvPorts,
      onProgress: (q) => {
        run.RowsDone = q.rowsDone;
        run.RowsWritten = q.rowsWritten;
        run.RollupsWritten = q.rollupsWritten;
        p.tick();
      },
    });
    Object.assign(run, { RowsDone: figures.rowsDone, RowsWritten: figures.rowsWritten, RollupsWritten: figures.rollupsWritten });
  } catch (err) {
    log.error('csv import failed while writing', { companyId, agentConnectorId: run.AgentConnectorId, importId: run.RunId, error: (err as Error).message });
    await p.end('Error', `The import stopped after ${run.RowsDone} of ${run.RowsTotal} rows; import the file again to finish (what was written is kept, nothing doubles)`);
    throw err;
  }
  await p.end('OK');
  await recordAgentConnectorHealth(companyId, run.AgentConnectorId, { Status: 'OK', LastError: '', LastSyncAt: run.EndedAt! });
}

/**
 * The CSV import job: writes one queued import. A run that is not waiting for its write (done, or
 * gone) is left as it is, so a message delivered twice writes once; a run whose write was cut off (a
 * worker that died) is written again on the next delivery — the write skips what is stored already.
 * The file is checked again first (a link removed meanwhile refuses it: nothing written). Every end
 * is recorded on the run, which is what the console polls.
 */
export async function runCsvImportJob(job: CsvImportJob): Promise<void> {
  const { companyId, importId } = job;
  const run = await getCsvImportRun(companyId, startedAtOf(importId), importId);
  if (!run || run.Status !== 'Running' || run.Phase !== 'write') return;
  const p = progressOf(companyId, run);
  let checked: CsvCheck;
  try {
    const agent = await getAgentConnector(companyId, run.AgentConnectorId, true);
    if (!agent || agent.Archived) throw new Error(`csv: connection ${run.AgentConnectorId} is gone`);
    checked = await checkPinned(companyId, run, await linkedAccounts(companyId, agent.ID, agent.Name, run.AccountConnectorId ?? undefined), p);
  } catch (err) {
    await p.end('Error', `The file could not be checked again before writing (${(err as Error).message}); nothing was written`);
    return;
  }
  if (!checked.ok) {
    await p.end('Error', `The file no longer passes its check (${checked.refusal.message}); nothing was written`);
    return;
  }
  // writePinned has recorded a failure on the run already; the message is not retried over it.
  await writePinned(companyId, run, checked, p).catch(() => undefined);
}
