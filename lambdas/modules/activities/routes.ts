import { activityIdInput, getActivitiesList, saveActivity, setActivityStatus } from './schemas';
import type { ActivitiesPage, ActivityView } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * ActivitiesService: campaign flights (docs/domain.md). Every route is account-scoped:
 * x-account-id is the page's main account (a sub-account page sees only its own flights). Reading
 * needs access to the account; changing needs agency staff (a client user reads only).
 */
export const saveActivityRoute = /* @__PURE__ */ route({
  service: 'ActivitiesService',
  method: 'SaveActivity',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: saveActivity,
  reply: replyOf<ActivityView>,
  summary:
    'Creates an activity as Draft (ID <= 0) or updates one from the version read; status changes go through SetActivityStatus',
});

export const getActivitiesListRoute = /* @__PURE__ */ route({
  service: 'ActivitiesService',
  method: 'GetActivitiesList',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'required',
  input: getActivitiesList,
  reply: replyOf<ActivitiesPage>,
  summary:
    "A main account's activities and its sub-accounts' (or one sub-account's), overlapping fromDate..toDate, by status, newest start first",
});

export const getActivityInfoRoute = /* @__PURE__ */ route({
  service: 'ActivitiesService',
  method: 'GetActivityInfo',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'required',
  input: activityIdInput,
  reply: replyOf<ActivityView>,
  summary: 'One activity of the account of the page',
});

export const setActivityStatusRoute = /* @__PURE__ */ route({
  service: 'ActivitiesService',
  method: 'SetActivityStatus',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: setActivityStatus,
  reply: replyOf<ActivityView>,
  summary: 'Moves an activity along Draft → Planned → Live → Completed, or to Cancelled (409 for any other move)',
});

export const deleteActivityRoute = /* @__PURE__ */ route({
  service: 'ActivitiesService',
  method: 'DeleteActivity',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: activityIdInput,
  reply: replyOf<ActivityView>,
  summary: 'Archives an activity: out of the lists and the account totals, restorable',
});

export const restoreActivityRoute = /* @__PURE__ */ route({
  service: 'ActivitiesService',
  method: 'RestoreActivity',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: activityIdInput,
  reply: replyOf<ActivityView>,
  summary: 'Brings an archived activity back',
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const ACTIVITIES_SERVICE_ROUTES = [
  saveActivityRoute,
  getActivitiesListRoute,
  getActivityInfoRoute,
  setActivityStatusRoute,
  deleteActivityRoute,
  restoreActivityRoute,
] as const;
