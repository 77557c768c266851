import { randomUUID } from 'node:crypto';
import { checkDailyGrainCsv, csvLines, csvRefusalError, readCheckedDailyGrainCsv, type CsvRowIssue } from '../connectors/csv-daily-grain';
import { ConflictError, NotFoundError, PayloadTooLargeError, ValidationError } from '../kit/errors';
import { log } from '../kit/logger';
import { getAccountConnector, getAgentConnector, listExternalLinks } from '../repositories/connectors';
import { createCsvImportRun, csvUploads, deleteCsvImportRun, getCsvImportRun, putCsvImportRun, type CsvImportRun } from '../repositories/csv-imports';
import type { UserProfile } from '../repositories/profiles';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS, CSV_UPLOAD_SECONDS, EXTERNAL_ID_PATTERN } from '../shared/connectors';
import type { AgentConnector } from '../shared/replies/connectors';
import type { CsvImportView, CsvUpload } from '../shared/replies/csv-imports';
import { writeCsvRows, type AccountSpan } from '../sync/csv-import';
import { upsertDiscoveredCampaign } from '../repositories/campaigns';
import { recordAgentConnectorHealth } from '../repositories/connectors';
import type { SyncPorts } from '../sync/sync-ports';
import { lineTargetsOf } from './campaigns';

/**
 * The CSV upload of the daily grain (issue 12 §2; docs/connectors-meta-tiktok-csv.md "CSV import"):
 * 1. GetCsvUploadUrl: a pre-signed POST for the file (the browser sends it straight to storage,
 *    with its own progress), named by a new import id;
 * 2. ImportCampaignStatsCsv: the file is checked WHOLE — every row by the parser, every ad account
 *    against the connection's account connectors, every campaign id as a key part — and refused with
 *    every bad line (400, nothing written), or written through the sync's write path
 *    (sync/csv-import.ts). The run records the progress (lines checked, rows written of the total)
 *    as it goes; the call answers the end. Inside the API's 29 s: the limits of shared/connectors.ts.
 * 3. GetCsvImport: the run as it stands, which the console polls while 2 runs.
 *
 * Naming rules: a route never bundles the RE2 engine (the rule is read where the sync runs:
 * domain/campaign-rule-mappings.ts), so the import maps a campaign by what is stored — its explicit
 * mapping, or the rule reading stored on it — and creates new campaigns unmapped; an explicit
 * mapping made afterwards (AccountsService.SaveCampaign) moves the imported history to the line.
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
const tooLarge = (bytes: number) => new PayloadTooLargeError(
  `csv: the file is ${kb(bytes)} kB; an import takes at most ${kb(CSV_IMPORT_MAX_BYTES)} kB (split it)`, 'CSV_TOO_LARGE', { kb: kb(bytes), maxKb: kb(CSV_IMPORT_MAX_BYTES) },
);

/** The company's CSV upload connection `id` (404 when another company's or unknown; 400 when not a CSV upload). */
async function csvConnector(caller: UserProfile, id: number): Promise<AgentConnector> {
  const agent = await getAgentConnector(caller.companyId, id, true);
  if (!agent) throw new NotFoundError(`Agent connector ${id} was not found`, 'NOT_FOUND', { entity: 'AgentConnector', id });
  if (agent.Archived) throw new ConflictError(`Agent connector ${id} is archived`, 'ENTITY_ARCHIVED', { entity: 'AgentConnector', id });
  if (agent.ConnectorType !== 'csv_upload') {
    throw new ValidationError(`agentConnectorId: ${agent.Name} is not a CSV upload connection`, 'FIELD_INVALID', {
      field: 'agentConnectorId', detail: 'is not a CSV upload connection', reason: 'INVALID',
    });
  }
  return agent;
}

/** ConnectorsService.GetCsvUploadUrl: where the browser posts the file (413 when it is over the limit). */
export async function getCsvUploadUrlFor(caller: UserProfile, input: { agentConnectorId: number; fileName: string; size: number }): Promise<CsvUpload> {
  await csvConnector(caller, input.agentConnectorId);
  if (input.size < 1) throw new ValidationError('csv: the file is empty', 'CSV_EMPTY');
  if (input.size > CSV_IMPORT_MAX_BYTES) throw tooLarge(input.size);
  const importId = `${Date.now()}-${randomUUID()}`;
  const form = await csvUploads.uploadForm(caller.companyId, importId, CSV_IMPORT_MAX_BYTES, CSV_UPLOAD_SECONDS);
  return { ImportId: importId, Url: form.url, Fields: form.fields, MaxBytes: CSV_IMPORT_MAX_BYTES, MaxRows: CSV_IMPORT_MAX_ROWS };
}

const startedAtOf = (importId: string) => new Date(Number(importId.slice(0, 13))).toISOString();

function viewOf(run: CsvImportRun): CsvImportView {
  return {
    ImportId: run.RunId, AgentConnectorId: run.AgentConnectorId, AccountConnectorId: run.AccountConnectorId, FileName: run.FileName,
    Status: run.Status === 'Running' ? 'Running' : run.Status === 'OK' ? 'OK' : 'Error',
    Phase: run.Phase, LinesChecked: run.LinesChecked, RowsTotal: run.RowsTotal, RowsDone: run.RowsDone, RowsWritten: run.RowsWritten,
    Days: run.Days, Campaigns: run.Campaigns, Accounts: run.Accounts, From: run.From, To: run.To,
    StartedAt: run.StartedAt, EndedAt: run.EndedAt ?? null, Error: run.Error ?? null,
  };
}

/** ConnectorsService.GetCsvImport. */
export async function getCsvImportFor(caller: UserProfile, importId: string): Promise<CsvImportView> {
  const run = await getCsvImportRun(caller.companyId, startedAtOf(importId), importId);
  if (!run) throw new NotFoundError(`CSV import ${importId} was not found`, 'NOT_FOUND', { entity: 'CsvImport', id: importId });
  return viewOf(run);
}

export interface ImportCsvInput {
  agentConnectorId: number;
  accountConnectorId?: number;
  importId: string;
  fileName?: string;
}

/**
 * ConnectorsService.ImportCampaignStatsCsv: checks the uploaded file whole, then writes it. A file
 * with any bad row (the parser's reasons, an ad account the connection's account connectors do not
 * link — named once, on its first line —, a campaign id that cannot be a key) is refused with every
 * line (400 CSV_LINE_INVALID, the first 20 listed) and nothing is written.
 */
export async function importCampaignStatsCsvFor(caller: UserProfile, input: ImportCsvInput): Promise<CsvImportView> {
  const { companyId } = caller;
  const agent = await csvConnector(caller, input.agentConnectorId);
  let links = (await listExternalLinks(companyId)).filter((l) => l.AgentConnectorId === agent.ID);
  if (input.accountConnectorId !== undefined) {
    const ac = await getAccountConnector(companyId, input.accountConnectorId, true);
    if (!ac || ac.Archived || ac.AgentConnectorId !== agent.ID) {
      throw new NotFoundError(`Account connector ${input.accountConnectorId} of ${agent.Name} was not found`, 'NOT_FOUND', { entity: 'AccountConnector', id: input.accountConnectorId });
    }
    links = links.filter((l) => l.AccountConnectorId === ac.ID);
  }
  const linked = new Set(links.map((l) => l.ExternalAccountId));

  const file = await csvUploads.open(companyId, input.importId);
  if (!file) throw new ConflictError('csv: the file has not reached storage (or its upload expired); upload it again', 'CSV_NOT_UPLOADED');
  if (file.size > CSV_IMPORT_MAX_BYTES) {
    await csvUploads.discard(companyId, input.importId);
    throw tooLarge(file.size);
  }

  const run: CsvImportRun = {
    Kind: 'csv', RunId: input.importId, AgentConnectorId: agent.ID, AccountConnectorId: input.accountConnectorId ?? null,
    ConnectorType: 'csv_upload', ExternalAccountId: '', FileName: input.fileName ?? '',
    StartedAt: startedAtOf(input.importId), From: '', To: '', RowsRead: 0, RowsWritten: 0, RollupsWritten: 0, Attempts: 1, Status: 'Running',
    Phase: 'check', LinesChecked: 0, RowsTotal: 0, RowsDone: 0, Days: 0, Campaigns: 0, Accounts: 0,
  };
  await createCsvImportRun(companyId, run, new ConflictError(`The import ${input.importId} was started already; upload the file again to import it again`, 'ALREADY_EXISTS', { entity: 'CsvImport', id: input.importId }));

  // Progress: the run is put at most once a second, one put at a time; the end waits for the last.
  let lastPut = Date.now();
  let puts: Promise<void> = Promise.resolve();
  const progress = () => {
    if (Date.now() - lastPut < 1000) return;
    lastPut = Date.now();
    const snapshot = { ...run };
    puts = puts.then(() => putCsvImportRun(companyId, snapshot)).catch(() => undefined);
  };
  const end = async (status: 'OK' | 'Error', error?: string) => {
    await puts;
    Object.assign(run, { Status: status, Phase: 'done', EndedAt: new Date().toISOString(), ...(error ? { Error: error } : {}) });
    await putCsvImportRun(companyId, run);
    await csvUploads.discard(companyId, input.importId).catch(() => undefined);
  };

  // 1. The check: every row, every account, every campaign id; what the write needs of each account.
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
  let check;
  try {
    check = await checkDailyGrainCsv(csvLines(file.body), {
      maxRows: CSV_IMPORT_MAX_ROWS, rowCheck,
      onProgress: (p) => {
        run.LinesChecked = p.lines;
        run.RowsRead = p.rows;
        progress();
      },
    });
  } catch (err) {
    await end('Error', 'The file could not be read; upload it again');
    throw err;
  }
  if (!check.ok) {
    // Refused: nothing of the file was written, and no run is left (as any refused input leaves nothing).
    await puts;
    await deleteCsvImportRun(companyId, run);
    await csvUploads.discard(companyId, input.importId).catch(() => undefined);
    throw csvRefusalError(check.refusal);
  }
  Object.assign(run, {
    Phase: 'write', RowsRead: check.rows, RowsTotal: check.rows, Days: days.size, Campaigns: campaigns.size, Accounts: spans.size,
    From: [...days].reduce((a, b) => (a < b ? a : b)), To: [...days].reduce((a, b) => (a > b ? a : b)),
  });
  days.clear();
  campaigns.clear();
  lastPut = 0;
  progress();

  // 2. The write, from a second reading of the stored file.
  try {
    const again = await csvUploads.open(companyId, input.importId);
    if (!again) throw new Error('csv: the upload went away between its check and its reading');
    const figures = await writeCsvRows(companyId, agent.ID, readCheckedDailyGrainCsv(csvLines(again.body), check.rows), spans, {
      ports: csvPorts,
      onProgress: (p) => {
        run.RowsDone = p.rowsDone;
        run.RowsWritten = p.rowsWritten;
        run.RollupsWritten = p.rollupsWritten;
        progress();
      },
    });
    Object.assign(run, { RowsDone: figures.rowsDone, RowsWritten: figures.rowsWritten, RollupsWritten: figures.rollupsWritten });
  } catch (err) {
    log.error('csv import failed while writing', { companyId, agentConnectorId: agent.ID, importId: input.importId, error: (err as Error).message });
    await end('Error', `The import stopped after ${run.RowsDone} of ${run.RowsTotal} rows; import the file again to finish (what was written is kept, nothing doubles)`);
    throw err;
  }
  await end('OK');
  await recordAgentConnectorHealth(companyId, agent.ID, { Status: 'OK', LastError: '', LastSyncAt: run.EndedAt! });
  return viewOf(run);
}
