import { getSession } from '../../../lib/auth';
import { isStaff } from '../../../lib/authorization';
import { fetchActivity, fetchChannelTypes, fetchMixInfo, fetchMixList, fetchPlanColumns } from './media-plan-api';

/**
 * The plan screen's first calls, started as soon as its route chunk is evaluated (before React has
 * rendered the layout and mounted the screen), and the selected version's GetMediaMixInfo as soon as
 * the list answers: the screen takes these promises instead of asking again. An answer is taken
 * once, and only within a few seconds, so nothing stale is ever shown.
 */
const FRESH_MS = 10_000;

/** What each prefetched call answers: its route's reply, so a taken answer needs no cast. */
interface Answers {
  list: Awaited<ReturnType<typeof fetchMixList>>;
  activity: Awaited<ReturnType<typeof fetchActivity>>;
  columns: Awaited<ReturnType<typeof fetchPlanColumns>>;
  types: Awaited<ReturnType<typeof fetchChannelTypes>>;
  info: Awaited<ReturnType<typeof fetchMixInfo>>;
}
type Kind = keyof Answers;
interface Entry<T> { at: number; promise: Promise<T> }
export interface PrefetchKey<K extends Kind> { kind: K; id: string }

const pending: { [K in Kind]: Map<string, Entry<Answers[K]>> } = {
  list: new Map(), activity: new Map(), columns: new Map(), types: new Map(), info: new Map(),
};

function put<K extends Kind>(key: PrefetchKey<K>, promise: Promise<Answers[K]>): Promise<Answers[K]> {
  promise.catch(() => undefined); // an unused failure is not "unhandled"; the screen asks again
  pending[key.kind].set(key.id, { at: Date.now(), promise });
  return promise;
}

/** The prefetched answer of `key` (once), else a fresh call. */
export function takeOr<K extends Kind>(key: PrefetchKey<K>, load: () => Promise<Answers[K]>): Promise<Answers[K]> {
  const store = pending[key.kind];
  const hit = store.get(key.id);
  store.delete(key.id);
  return hit && Date.now() - hit.at < FRESH_MS ? hit.promise : load();
}

const key = <K extends Kind>(kind: K, ...ids: number[]): PrefetchKey<K> => ({ kind, id: ids.join(':') });

export const keys = {
  list: (accountId: number, activityId: number) => key('list', accountId, activityId),
  activity: (accountId: number, activityId: number) => key('activity', accountId, activityId),
  columns: (accountId: number) => key('columns', accountId),
  types: (accountId: number) => key('types', accountId),
  info: (accountId: number, mixId: number) => key('info', accountId, mixId),
};

const MEDIA_PLAN_PATH = /^\/accounts\/(\d+)\/activities\/(\d+)\/mediaMix\/list\/?$/i;

/** Starts the calls of the plan at `location` (the page being opened), if it is one. */
export function prefetchPlan(location: Pick<Location, 'pathname' | 'search'>): void {
  const m = MEDIA_PLAN_PATH.exec(location.pathname);
  const session = getSession();
  if (!m || !session) return;
  const accountId = Number(m[1]);
  const activityId = Number(m[2]);
  const asked = Number(new URLSearchParams(location.search).get('version'));
  const list = put(keys.list(accountId, activityId), fetchMixList(accountId, activityId));
  put(keys.activity(accountId, activityId), fetchActivity(accountId, activityId));
  put(keys.columns(accountId), fetchPlanColumns(accountId));
  if (isStaff(session.profile)) put(keys.types(accountId), fetchChannelTypes(accountId));
  if (Number.isInteger(asked) && asked > 0) put(keys.info(accountId, asked), fetchMixInfo(accountId, asked));
  else {
    list.then((l) => {
      const first = l.Items[0];
      if (first) put(keys.info(accountId, first.ID), fetchMixInfo(accountId, first.ID));
    }, () => undefined);
  }
}
