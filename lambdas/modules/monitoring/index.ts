/** What other modules may use of monitoring: nothing else of this folder. */
export { listLiveActivities, listSyncStates, readUnmappedStats } from './store.dynamodb';
export type { LiveActivity } from './store';
