import { ConflictError, NotFoundError } from '../../core/errors';
import { getAgentConnector, listGlobalConnectorOverrides } from './connector-store.dynamodb';
import type { UserProfile } from '../tenancy';
import { deleteSyncRequest, getSyncRequest, putSyncRequest, syncRunsSince } from './sync-request-store.dynamodb';
import type { SyncRequest } from './sync-request-store';
import { log } from '../../core/logger';
import { CONNECTOR_SEEDS } from '../../shared/connectors';
import { canCall, REQUIRES } from '../../shared/policy';
import type { LinkSync } from './replies/connectors';
import type { SyncNowReply } from './replies/sync';
import type { SyncJob } from './sync/sync-account';
import { syncJobsOf, syncNowQueue } from './sync/sync-now';

/**
 * How long a Sync now holds its connector at most: past it a second Sync now is let through even if
 * the first never reported an end (a job lost, a worker stopped at its 10-minute timeout). Queuing an
 * account twice is harmless — a sync replaces its window, nothing doubles — so the hold is a courtesy
 * against double clicks and duplicated work, not a lock.
 */
export const SYNC_NOW_HOLD_MS = 15 * 60 * 1000;
/** A run's StartedAt is the worker's clock, RequestedAt the route's: runs this much earlier still count. */
const CLOCK_SLACK_MS = 2000;

/**
 * Whether a Sync now is still under way: within the hold, until every external account it queued has
 * a run started since that has ended (OK, NoAccess or Error). A queued job has no run yet, a started
 * one is Running: both keep it under way.
 */
async function underWay(companyId: number, request: SyncRequest, now: number): Promise<boolean> {
  const at = Date.parse(request.RequestedAt);
  if (!(now - at < SYNC_NOW_HOLD_MS)) return false;
  const runs = await syncRunsSince(companyId, request.AgentConnectorId, new Date(at - CLOCK_SLACK_MS).toISOString());
  return request.ExternalAccountIds.some(
    (ext) => !runs.some((r) => r.ExternalAccountId === ext && r.Status !== 'Running'),
  );
}

const inactiveConnector = async (connectorId: number): Promise<string | undefined> => {
  const seed = CONNECTOR_SEEDS.find((s) => s.ID === connectorId);
  const override = (await listGlobalConnectorOverrides()).find((o) => o.ID === connectorId);
  return !seed || override?.Active === false ? (override?.Name ?? seed?.Name ?? String(connectorId)) : undefined;
};

/**
 * Queues `jobs` of a connection under its hold (one request item per connection, written
 * conditionally): `busy` when a sync of it is still under way; the request is taken back when the
 * queue refuses the jobs.
 */
async function queueUnderHold(
  caller: UserProfile,
  agentConnectorId: number,
  jobs: SyncJob[],
  now: number,
  busy: ConflictError,
): Promise<SyncRequest> {
  const companyId = caller.companyId;
  const previous = await getSyncRequest(companyId, agentConnectorId);
  if (previous && (await underWay(companyId, previous, now))) throw busy;
  const queue = syncNowQueue();
  const request: SyncRequest = {
    AgentConnectorId: agentConnectorId,
    RequestedAt: new Date(now).toISOString(),
    RequestedBy: caller.email,
    ExternalAccountIds: jobs.map((j) => j.externalAccountId),
  };
  await putSyncRequest(companyId, request, previous?.RequestedAt, busy);
  try {
    await queue.send(jobs);
  } catch (err) {
    await deleteSyncRequest(companyId, request).catch(() => undefined);
    throw err;
  }
  return request;
}

/**
 * ConnectorsService.SyncAgentConnectorNow: queues a sync of every external account an
 * account connector links to this connection, on the platform's queue, as the daily dispatcher does.
 * Refused: an unknown (or another company's) connection 404; archived, its connector switched off,
 * a CSV upload, nothing linked, or a Sync now of it still under way: 409 with the reason.
 */
export async function syncAgentConnectorNowFor(
  caller: UserProfile,
  id: number,
  now = Date.now(),
): Promise<SyncNowReply> {
  const companyId = caller.companyId;
  const agent = await getAgentConnector(companyId, id, true);
  if (!agent)
    throw new NotFoundError(`Agent connector ${id} was not found`, 'NOT_FOUND', { entity: 'AgentConnector', id });
  if (agent.Archived)
    throw new ConflictError(`Agent connector ${agent.ID} is archived`, 'ENTITY_ARCHIVED', {
      entity: 'AgentConnector',
      id: agent.ID,
    });
  if (agent.ConnectorType === 'csv_upload') {
    throw new ConflictError(
      `${agent.Name} is a CSV upload connection: its data is imported from files, not synced`,
      'SYNC_NOT_SUPPORTED',
      { connector: agent.Name },
    );
  }
  const inactive = await inactiveConnector(agent.ConnectorId);
  if (inactive !== undefined)
    throw new ConflictError(`The ${inactive} connector is not active`, 'CONNECTOR_INACTIVE', { connector: inactive });
  const jobs = await syncJobsOf(companyId, id);
  if (!jobs.length) {
    throw new ConflictError(
      `${agent.Name} has no ad account linked to an account yet; link accounts first`,
      'SYNC_NO_LINKED_ACCOUNTS',
      { connector: agent.Name },
    );
  }
  const busy = new ConflictError(`A sync of ${agent.Name} is already under way`, 'SYNC_ALREADY_RUNNING', {
    connector: agent.Name,
  });
  const request = await queueUnderHold(caller, id, jobs, now, busy);
  return {
    AgentConnectorId: id,
    Jobs: jobs.length,
    ExternalAccountIds: request.ExternalAccountIds,
    RequestedAt: request.RequestedAt,
  };
}

/**
 * After a saved account connector: a sync of the ad accounts the save changed (added, or all of the
 * link's when its naming rule changed), never of another link's, under Sync now's hold and only for
 * a caller who may Sync now. Anything else leaves the change to the next scheduled sync; the save
 * itself is made already and never fails here.
 */
export async function syncAfterLinkSave(
  caller: UserProfile,
  agentConnectorId: number,
  changedIds: readonly string[],
  now = Date.now(),
): Promise<LinkSync> {
  if (!changedIds.length) return 'none';
  if (!canCall(caller, REQUIRES.generalSettings)) return 'nextScheduledRun';
  const agent = await getAgentConnector(caller.companyId, agentConnectorId, true);
  if (!agent || agent.Archived || agent.ConnectorType === 'csv_upload') return 'none';
  if ((await inactiveConnector(agent.ConnectorId)) !== undefined) return 'nextScheduledRun';
  const jobs = (await syncJobsOf(caller.companyId, agentConnectorId)).filter((j) =>
    changedIds.includes(j.externalAccountId),
  );
  if (!jobs.length) return 'none';
  const busy = new ConflictError(`A sync of ${agent.Name} is already under way`, 'SYNC_ALREADY_RUNNING', {
    connector: agent.Name,
  });
  try {
    await queueUnderHold(caller, agentConnectorId, jobs, now, busy);
    return 'queued';
  } catch (err) {
    if (err === busy) return 'underWay';
    log.warn('sync after a link change not queued; the next scheduled sync applies it', {
      companyId: caller.companyId,
      agentConnectorId,
      error: (err as Error).message,
    });
    return 'nextScheduledRun';
  }
}
