import { callApi } from '../../../lib/api-client';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { getSession } from '../../../lib/auth';
import { isStaff } from '../../../lib/authorization';
import { queryClient } from '../../../lib/query-client';
import { askedVersion, planAddress } from './plan-address';

/**
 * The plan screen's reads, as TanStack Query options (lib/api-query.ts: key = route + account +
 * input). The screen, the editor, the template dialog and the prefetch below use these and nothing
 * else, so every figure on the page comes from one cache: the footer from the cached version's
 * lines, the versions list from the cached list, which line writes update together (planWritten).
 */
export const planQueries = {
  list: (accountId: number, activityId: number) =>
    apiQuery(queryKeyOf('MediaMixService', 'GetMediaMixList', { activityId }, accountId), (signal) =>
      callApi('MediaMixService', 'GetMediaMixList', { activityId }, { accountId, signal }),
    ),
  info: (accountId: number, versionId: number) =>
    apiQuery(queryKeyOf('MediaMixService', 'GetMediaMixInfo', { mediaMixId: versionId }, accountId), (signal) =>
      callApi('MediaMixService', 'GetMediaMixInfo', { mediaMixId: versionId }, { accountId, signal }),
    ),
  /** The newest version of an activity the caller may see, by the activity (the prefetch's read beside the list). */
  newest: (accountId: number, activityId: number) =>
    apiQuery(queryKeyOf('MediaMixService', 'GetMediaMixInfo', { activityId }, accountId), (signal) =>
      callApi('MediaMixService', 'GetMediaMixInfo', { activityId }, { accountId, signal }),
    ),
  activity: (accountId: number, activityId: number) =>
    apiQuery(queryKeyOf('ActivitiesService', 'GetActivityInfo', { activityId }, accountId), (signal) =>
      callApi('ActivitiesService', 'GetActivityInfo', { activityId }, { accountId, signal }),
    ),
  columns: (accountId: number) =>
    apiQuery(queryKeyOf('CustomColumnsService', 'GetCustomColumnsList', { scope: 'mediaPlan' }, accountId), (signal) =>
      callApi('CustomColumnsService', 'GetCustomColumnsList', { scope: 'mediaPlan' }, { accountId, signal }),
    ),
  /** The company's vendors for the lines' Vendor cells (agency staff): active ones, or with archived true the archived ones a line may still name. */
  vendors: (accountId: number, archived: boolean) =>
    apiQuery(queryKeyOf('VendorsService', 'GetVendorsList', { archived, pageSize: 200 }, accountId), (signal) =>
      callApi('VendorsService', 'GetVendorsList', { archived, pageSize: 200 }, { accountId, signal }),
    ),
  channelTypes: (accountId: number) =>
    apiQuery(queryKeyOf('AccountsService', 'GetAccountChannelTypesList', {}, accountId), (signal) =>
      callApi('AccountsService', 'GetAccountChannelTypesList', {}, { accountId, signal }),
    ),
  templates: (accountId: number) =>
    apiQuery(queryKeyOf('TemplatesService', 'GetTemplatesList', {}, accountId), (signal) =>
      callApi('TemplatesService', 'GetTemplatesList', {}, { accountId, signal }),
    ),
};

/**
 * Starts the reads of the plan at `location` (the page being opened), if it is one: the route's
 * prefetch (FeatureRoute.prefetch), run as soon as its chunk arrives, before React has rendered the
 * layout. Without a `?version=`, the version shown is the newest: its lines are asked for by the
 * activity (GetMediaMixInfo { activityId }) beside the versions list, not after it, and once the
 * list names that version the answer goes into the cache under the version's own key (the screen's
 * query joins it while it is on its way). The screen's queries find these answers in the cache
 * (fresh for 10 s) instead of asking again.
 */
export function prefetchPlan(location: Pick<Location, 'pathname' | 'search'>): void {
  const address = planAddress(location.pathname);
  const session = getSession();
  if (!address || !session) return;
  const { accountId, activityId } = address;
  const asked = askedVersion(location.search);
  void queryClient.prefetchQuery(planQueries.activity(accountId, activityId));
  void queryClient.prefetchQuery(planQueries.columns(accountId));
  if (isStaff(session.profile)) void queryClient.prefetchQuery(planQueries.channelTypes(accountId));
  if (asked !== null) {
    void queryClient.prefetchQuery(planQueries.info(accountId, asked));
    void queryClient.prefetchQuery(planQueries.list(accountId, activityId));
    return;
  }
  // Through the cache, as every read here: the router's loader runs this again for the same address
  // (early-route.ts sent it first), and the second finds the first's call in flight.
  const newest = queryClient.fetchQuery(planQueries.newest(accountId, activityId)).catch(() => null);
  queryClient.fetchQuery(planQueries.list(accountId, activityId)).then(
    (l) => {
      const first = l.Items[0];
      if (!first) return;
      const byId = planQueries.info(accountId, first.ID);
      void queryClient.prefetchQuery({
        ...byId,
        queryFn: async ({ signal }) => {
          const n = await newest;
          return n && n.ID === first.ID
            ? n
            : callApi('MediaMixService', 'GetMediaMixInfo', { mediaMixId: first.ID }, { accountId, signal });
        },
      });
    },
    () => undefined,
  );
}
