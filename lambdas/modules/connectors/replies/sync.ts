/** Replies of the connector sync's routes. Plain TypeScript: the console imports it. */

/** ConnectorsService.SyncAgentConnectorNow: what was queued, and when. */
export interface SyncNowReply {
  AgentConnectorId: number;
  /** Sync jobs queued: one per linked external ad account. */
  Jobs: number;
  ExternalAccountIds: string[];
  /** When the sync was asked for (ISO); the connection's LastSyncAt moves past it as the jobs end. */
  RequestedAt: string;
}
