import type {
  ActivityAnalysis,
  AnalysisFactView,
  AnalysisFallback,
  AnalysisFigureView,
  GroupPromptView,
} from '@server/modules/ai-analysis/replies';
import type { ChannelGroup } from '@server/modules/channel-types/replies';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type { ActivityAnalysis, AnalysisFactView, AnalysisFallback, AnalysisFigureView, ChannelGroup, GroupPromptView };
export type AnalysisInput = RequestOf<'AnalyticsService', 'RunActivityAnalysis'>;
export type GroupPromptPayload = RequestOf<'AccountsService', 'SaveGroupPropmts'>['groupPropmts'][number];

/** The channel groups in the order lists show them (lambdas/shared/channel-type-lists.ts CHANNEL_GROUPS, restated: no zod here). */
export const CHANNEL_GROUPS: readonly ChannelGroup[] = ['Search', 'Social', 'Video', 'Display', 'Offline'];

/** The main accounts (mainAccountId -1), first 500 by name: the account choices. */
export const mainAccountsQuery = () => {
  const input = { mainAccountId: -1, pageSize: 500 };
  return apiQuery(queryKeyOf('AccountsService', 'GetAccountsList', input), (signal) =>
    callApi('AccountsService', 'GetAccountsList', input, { signal }),
  );
};

/** The account's activities (its sub-accounts' too), newest start first, first 500: the activity choices. */
export const activitiesQuery = (accountId: number) => {
  const input = { accountId, pageSize: 500 };
  return apiQuery(queryKeyOf('ActivitiesService', 'GetActivitiesList', input, accountId), (signal) =>
    callApi('ActivitiesService', 'GetActivitiesList', input, { accountId, signal }),
  );
};

/** The versions of an activity's plan, newest first: the version choices. */
export const versionsQuery = (accountId: number, activityId: number) => {
  const input = { activityId };
  return apiQuery(queryKeyOf('MediaMixService', 'GetMediaMixList', input, accountId), (signal) =>
    callApi('MediaMixService', 'GetMediaMixList', input, { accountId, signal }),
  );
};

/** AnalyticsService.RunActivityAnalysis: a write-like action (it may take seconds and spend tokens), run on demand. */
export function runAnalysis({ accountId, ...input }: AnalysisInput & { accountId: number }): Promise<ActivityAnalysis> {
  return callApi('AnalyticsService', 'RunActivityAnalysis', input, { accountId });
}

/** The account's prompt of each channel group (one per group, the built-in default until saved). */
export const groupPromptsQuery = (accountId: number) =>
  apiQuery(queryKeyOf('AccountsService', 'GetGroupPropmptsList', {}, accountId), (signal) =>
    callApi('AccountsService', 'GetGroupPropmptsList', {}, { accountId, signal }),
  );

/** Saves one group's prompt from the version read; answers every group's prompt as saved. */
export function saveGroupPrompt(accountId: number, prompt: GroupPromptPayload) {
  return callApi('AccountsService', 'SaveGroupPropmts', { groupPropmts: [prompt] }, { accountId });
}
