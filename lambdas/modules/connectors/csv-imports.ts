import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError, ValidationError, type AppError } from '../../core/errors';
import { getAgentConnector } from './connector-store.dynamodb';
import { createCsvImportRun, deleteCsvImportRun, getCsvImportRun, putCsvImportRun } from './csv-import-store.dynamodb';
import { csvUploads } from './csv-upload-store.s3';
import type { CsvImportRun } from './csv-import-store';
import type { UserProfile } from '../tenancy';
import {
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  CSV_IMPORT_CALL_SECONDS,
  CSV_INLINE_MAX_ROWS,
  CSV_UPLOAD_SECONDS,
} from '../../shared/connectors';
import type { AgentConnector } from './replies/connectors';
import type { CsvImportView, CsvUpload } from './replies/csv-imports';
import { queueCsvImport } from './sync/csv-import-queue';
import { checkPinned, linkedAccounts, progressOf, startedAtOf, tooLarge, writePinned } from './csv-import-run';

/**
 * The CSV upload of the daily grain (docs/connectors-meta-tiktok-csv.md "CSV import"):
 * 1. GetCsvUploadUrl: a pre-signed POST for the file (the browser sends it straight to storage,
 *    with its own progress), named by a new import id;
 * 2. ImportCampaignStatsCsv: claims the upload (one import per import id: the form is single-use),
 *    pins its bytes (a server-side copy that no form can overwrite), checks the pinned file WHOLE —
 *    every row by the parser, every ad account against the connection's account connectors, every
 *    campaign id as a key part — and refuses it with every bad line (400, nothing written, no run
 *    left), or writes it through the sync's write path (sync/csv-import.ts): itself up to
 *    CSV_INLINE_MAX_ROWS rows (answering the end), else through the CSV import job (answering 202
 *    with the run, Running). The run records the progress (lines checked, rows written of the total).
 * 3. GetCsvImport: the run as it stands, which the console polls while 2 runs.
 *
 * Naming rules: a route never bundles the RE2 engine (the rule is read where the sync runs:
 * modules/connectors/campaign-rule-mappings.ts), so the import maps a campaign by what is stored — its explicit
 * mapping, or the rule reading stored on it — and creates new campaigns unmapped; an explicit
 * mapping made afterwards (AccountsService.SaveCampaign) moves the imported history to the line.
 */

/** The company's CSV upload connection `id` (404 when another company's or unknown; 400 when not a CSV upload). */
async function csvConnector(caller: UserProfile, id: number): Promise<AgentConnector> {
  const agent = await getAgentConnector(caller.companyId, id, true);
  if (!agent)
    throw new NotFoundError(`Agent connector ${id} was not found`, 'NOT_FOUND', { entity: 'AgentConnector', id });
  if (agent.Archived)
    throw new ConflictError(`Agent connector ${id} is archived`, 'ENTITY_ARCHIVED', { entity: 'AgentConnector', id });
  if (agent.ConnectorType !== 'csv_upload') {
    throw new ValidationError(`agentConnectorId: ${agent.Name} is not a CSV upload connection`, 'FIELD_INVALID', {
      field: 'agentConnectorId',
      detail: 'is not a CSV upload connection',
      reason: 'INVALID',
    });
  }
  return agent;
}

/** ConnectorsService.GetCsvUploadUrl: where the browser posts the file (413 when it is over the limit). */
export async function getCsvUploadUrlFor(
  caller: UserProfile,
  input: { agentConnectorId: number; fileName: string; size: number },
): Promise<CsvUpload> {
  await csvConnector(caller, input.agentConnectorId);
  if (input.size < 1) throw new ValidationError('csv: the file is empty', 'CSV_EMPTY');
  if (input.size > CSV_IMPORT_MAX_BYTES) throw tooLarge(input.size);
  const importId = `${Date.now()}-${randomUUID()}`;
  const form = await csvUploads.uploadForm(caller.companyId, importId, CSV_IMPORT_MAX_BYTES, CSV_UPLOAD_SECONDS);
  return {
    ImportId: importId,
    Url: form.url,
    Fields: form.fields,
    MaxBytes: CSV_IMPORT_MAX_BYTES,
    MaxRows: CSV_IMPORT_MAX_ROWS,
  };
}

function viewOf(run: CsvImportRun): CsvImportView {
  return {
    ImportId: run.RunId,
    AgentConnectorId: run.AgentConnectorId,
    AccountConnectorId: run.AccountConnectorId,
    FileName: run.FileName,
    Status: run.Status === 'Running' ? 'Running' : run.Status === 'OK' ? 'OK' : 'Error',
    Phase: run.Phase,
    LinesChecked: run.LinesChecked,
    RowsTotal: run.RowsTotal,
    RowsDone: run.RowsDone,
    RowsWritten: run.RowsWritten,
    Days: run.Days,
    Campaigns: run.Campaigns,
    Accounts: run.Accounts,
    From: run.From,
    To: run.To,
    StartedAt: run.StartedAt,
    EndedAt: run.EndedAt ?? null,
    Error: run.Error ?? null,
    ErrorReason: run.Status === 'Running' || run.Status === 'OK' ? null : (run.ErrorReason ?? 'stopped'),
    Attempts: run.Attempts,
  };
}

/**
 * An import the call itself was checking or writing, not recorded for twice the call's time limit:
 * the call was cut off (nothing else will end it, unlike a queued job's dead letters).
 */
const isCutOff = (run: CsvImportRun, now: number) =>
  run.Status === 'Running' &&
  !run.Queued &&
  now - Date.parse(run.TouchedAt ?? run.StartedAt) > 2 * CSV_IMPORT_CALL_SECONDS * 1000;

/** ConnectorsService.GetCsvImport: a run whose call was cut off is ended in Error first, so the reply says what is stored. */
export async function getCsvImportFor(caller: UserProfile, importId: string): Promise<CsvImportView> {
  const run = await getCsvImportRun(caller.companyId, startedAtOf(importId), importId);
  if (!run)
    throw new NotFoundError(`CSV import ${importId} was not found`, 'NOT_FOUND', { entity: 'CsvImport', id: importId });
  if (isCutOff(run, Date.now()))
    await progressOf(caller.companyId, run).end(
      'Error',
      `The import stopped after ${run.RowsDone} of ${run.RowsTotal} rows (at least ${run.RowsWritten} written): its call ran out of time; import the file again to finish (what was written is kept, nothing doubles)`,
      'stopped',
    );
  return viewOf(run);
}

export interface ImportCsvInput {
  agentConnectorId: number;
  accountConnectorId?: number;
  importId: string;
  fileName?: string;
}

/** The run of an import as it starts: Running, in its check phase, nothing counted yet. */
function newCsvImportRun(input: ImportCsvInput, agentConnectorId: number): CsvImportRun {
  return {
    Kind: 'csv',
    RunId: input.importId,
    AgentConnectorId: agentConnectorId,
    AccountConnectorId: input.accountConnectorId ?? null,
    ConnectorType: 'csv_upload',
    ExternalAccountId: '',
    FileName: input.fileName ?? '',
    StartedAt: startedAtOf(input.importId),
    From: '',
    To: '',
    RowsRead: 0,
    RowsWritten: 0,
    RollupsWritten: 0,
    Attempts: 1,
    Status: 'Running',
    Phase: 'check',
    TouchedAt: new Date().toISOString(),
    LinesChecked: 0,
    RowsTotal: 0,
    RowsDone: 0,
    Days: 0,
    Campaigns: 0,
    Accounts: 0,
  };
}

/**
 * ConnectorsService.ImportCampaignStatsCsv: checks the uploaded file whole, then writes it (or hands
 * the write to the CSV import job). A file with any bad row (the parser's reasons, an ad account the
 * connection's account connectors do not link — named once, on its first line —, a campaign id that
 * cannot be a key) is refused with every line (400 CSV_LINE_INVALID, the first 20 listed) and
 * nothing is written.
 */
export async function importCampaignStatsCsvFor(caller: UserProfile, input: ImportCsvInput): Promise<CsvImportView> {
  const { companyId } = caller;
  const agent = await csvConnector(caller, input.agentConnectorId);
  const linked = await linkedAccounts(companyId, agent.ID, agent.Name, input.accountConnectorId);
  const run = newCsvImportRun(input, agent.ID);
  // The claim comes first, so only one import ever pins (and reads) this upload.
  await createCsvImportRun(
    companyId,
    run,
    new ConflictError(
      `The import ${input.importId} was started already; upload the file again to import it again`,
      'ALREADY_EXISTS',
      { entity: 'CsvImport', id: input.importId },
    ),
  );
  const p = progressOf(companyId, run);
  // Refused: nothing of the file was written, and no run is left (as any refused input leaves nothing).
  const refuse = async (err: AppError): Promise<never> => {
    await p.settled();
    await deleteCsvImportRun(companyId, run);
    await csvUploads.discard(companyId, input.importId).catch(() => undefined);
    throw err;
  };
  let pinned: boolean;
  try {
    pinned = await csvUploads.pin(companyId, input.importId);
  } catch (err) {
    await deleteCsvImportRun(companyId, run);
    throw err;
  }
  if (!pinned)
    return refuse(
      new ConflictError(
        'csv: the file has not reached storage (or its upload expired); upload it again',
        'CSV_NOT_UPLOADED',
      ),
    );
  let check;
  try {
    check = await checkPinned(companyId, run, linked, p);
  } catch (err) {
    await p.end('Error', 'The file could not be read; upload it again', 'unreadable');
    throw err;
  }
  if (!check.ok) return refuse(check.refusal);
  if (check.rows > CSV_INLINE_MAX_ROWS) {
    await p.settled();
    run.Queued = true;
    await putCsvImportRun(companyId, run);
    try {
      await queueCsvImport({ companyId, importId: input.importId });
    } catch (err) {
      await p.end('Error', 'The import could not be started; nothing was written, import the file again', 'notQueued');
      throw err;
    }
    return viewOf(run);
  }
  await writePinned(companyId, run, check, p);
  return viewOf(run);
}
