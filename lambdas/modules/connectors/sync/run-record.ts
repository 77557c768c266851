import { randomUUID } from 'node:crypto';
import { putSyncRun, putSyncState } from '../sync-run-store.dynamodb';
import type { SyncRun, SyncState } from '../sync-run-store';
import type { DayRange } from '../http/day-slices';
import { PlatformError } from '../platform';
import type { SyncPorts } from './sync-ports';

/** What one run is about: the account synced, its state before the run and the window read. */
export interface RunScope {
  companyId: number;
  agentConnectorId: number;
  externalAccountId: string;
  state: SyncState | undefined;
  window: DayRange;
}

export function newRun(scope: RunScope, type: SyncRun['ConnectorType'], at: number, shortOf?: string): SyncRun {
  return {
    RunId: randomUUID(),
    AgentConnectorId: scope.agentConnectorId,
    ConnectorType: type,
    ExternalAccountId: scope.externalAccountId,
    StartedAt: new Date(at).toISOString(),
    From: scope.window.from,
    To: scope.window.to,
    RowsRead: 0,
    RowsWritten: 0,
    RollupsWritten: 0,
    Attempts: 1,
    Status: 'Running',
    ...(shortOf ? { BackfillShortOf: shortOf } : {}),
  };
}

/**
 * The run says why it waits while it waits (still Running): Monitoring shows a failing platform at
 * its first failed call, whether the client retries it itself or the engine does.
 */
export async function noteFailure(companyId: number, run: SyncRun, err: PlatformError): Promise<void> {
  run.Error = err.message;
  run.ErrorKind = err.kind;
  if (err.platformCode) run.PlatformCode = err.platformCode;
  else delete run.PlatformCode;
  await putSyncRun(companyId, run);
}

export const statusOfKind = (kind: PlatformError['kind']): SyncRun['Status'] =>
  kind === 'auth' || kind === 'permission' ? 'NoAccess' : 'Error';

/**
 * Step "record run": the run's outcome, the account's sync state (what is stored now reaches), and
 * the connector's health. A naming rule the engine refuses is the connector's error too (the data
 * came in; the mapping needs the user).
 */
export async function finishRun(
  scope: RunScope,
  run: SyncRun,
  ports: SyncPorts,
  outcome: { status: SyncRun['Status']; at: number; error?: PlatformError | Error; ruleError?: string },
): Promise<SyncRun> {
  const { companyId, agentConnectorId, externalAccountId, state, window } = scope;
  const { status, error, ruleError } = outcome;
  run.Status = status;
  run.EndedAt = new Date(outcome.at).toISOString();
  // A failure of an earlier attempt is not the outcome of one that succeeded.
  delete run.Error;
  delete run.ErrorKind;
  delete run.PlatformCode;
  if (error) {
    run.Error = error.message;
    if (error instanceof PlatformError) {
      run.ErrorKind = error.kind;
      if (error.platformCode) run.PlatformCode = error.platformCode;
    }
  }
  await putSyncRun(companyId, run);
  const ok = status === 'OK';
  await putSyncState(companyId, {
    AgentConnectorId: agentConnectorId,
    ExternalAccountId: externalAccountId,
    LastSyncedTo: ok ? window.to : state?.LastSyncedTo,
    SyncedFrom: ok && !(state?.SyncedFrom && state.SyncedFrom <= window.from) ? window.from : state?.SyncedFrom,
    LastSyncAt: ok ? run.EndedAt : state?.LastSyncAt,
    Status: status,
    ...(error ? { LastError: error.message, LastErrorAt: run.EndedAt } : {}),
  });
  const problem = [error?.message, ruleError].filter(Boolean).join('; ');
  const recorded = status === 'Running' || (ok && ruleError) ? 'Error' : status;
  const kind =
    error instanceof PlatformError && !ruleError
      ? { errorKind: error.kind, platformCode: error.platformCode ?? '' }
      : {};
  await ports.recordResult(companyId, agentConnectorId, externalAccountId, {
    status: recorded,
    at: run.EndedAt,
    ...(problem ? { error: problem } : {}),
    ...kind,
  });
  return run;
}
