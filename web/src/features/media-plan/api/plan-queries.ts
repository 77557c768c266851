import type { QueryClient } from '@tanstack/react-query';
import { minorToNumber } from '@server/shared/money';
import { callApi } from '../../../lib/api-client';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { getSession } from '../../../lib/auth';
import { isStaff } from '../../../lib/authorization';
import { queryClient } from '../../../lib/query-client';
import { inputOfLine } from '../model/line-form';
import { totalsOf } from '../model/plan-figures';
import type { VersionInfo, VersionLineView } from './media-plan-api';

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

const listTimers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * A write of this editor changed version `versionId` (a line saved, added or deleted, the plan renamed):
 * `change` is applied to the cached version, and its row of the cached versions list takes the
 * name, version and totals of the result, computed by the money module as the API computes them,
 * so the list and the footer agree at once. The list is then read again from the server (once
 * the writes have paused for 800 ms: at most one read per burst of autosaves).
 */
export function planWritten(
  qc: QueryClient,
  scope: number,
  versionId: number,
  change: (info: VersionInfo) => VersionInfo,
): void {
  const info = qc.setQueryData(planQueries.info(scope, versionId).queryKey, (old) => (old ? change(old) : old));
  if (!info) return;
  const listKey = planQueries.list(scope, info.ActivityId).queryKey;
  const totals = totalsOf(info.Lines.map(inputOfLine), info.Pricing);
  qc.setQueryData(
    listKey,
    (list) =>
      list && {
        ...list,
        Items: list.Items.map((v) =>
          v.ID === versionId
            ? {
                ...v,
                Name: info.Name,
                version: info.version,
                LineCount: info.Lines.length,
                Net: totals && minorToNumber(totals.net),
                Total: totals && minorToNumber(totals.total),
              }
            : v,
        ),
      },
  );
  const id = JSON.stringify(listKey);
  clearTimeout(listTimers.get(id));
  listTimers.set(
    id,
    setTimeout(() => {
      listTimers.delete(id);
      void qc.invalidateQueries({ queryKey: listKey, exact: true });
    }, 800),
  );
}

/** The cached version with `line` (as the server answered it) in place of its older copy, or added. */
export const withLine =
  (line: VersionLineView) =>
  (info: VersionInfo): VersionInfo => ({
    ...info,
    Lines: info.Lines.some((l) => l.ID === line.ID)
      ? info.Lines.map((l) => (l.ID === line.ID ? line : l))
      : [...info.Lines, line],
  });

const MEDIA_PLAN_PATH = /^\/accounts\/(\d+)\/activities\/(\d+)\/mediaMix\/list\/?$/i;

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
  const m = MEDIA_PLAN_PATH.exec(location.pathname);
  const session = getSession();
  if (!m || !session) return;
  const accountId = Number(m[1]);
  const activityId = Number(m[2]);
  const asked = Number(new URLSearchParams(location.search).get('version'));
  void queryClient.prefetchQuery(planQueries.activity(accountId, activityId));
  void queryClient.prefetchQuery(planQueries.columns(accountId));
  if (isStaff(session.profile)) void queryClient.prefetchQuery(planQueries.channelTypes(accountId));
  if (Number.isInteger(asked) && asked > 0) {
    void queryClient.prefetchQuery(planQueries.info(accountId, asked));
    void queryClient.prefetchQuery(planQueries.list(accountId, activityId));
    return;
  }
  const newest = callApi('MediaMixService', 'GetMediaMixInfo', { activityId }, { accountId }).catch(() => null);
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
