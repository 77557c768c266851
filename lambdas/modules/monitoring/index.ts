/** What other modules may use of monitoring: nothing else of this folder. */
export { listLiveActivities, listSyncStates, readUnmappedStats, type LiveActivity } from './store';
