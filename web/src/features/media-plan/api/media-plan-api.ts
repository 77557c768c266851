import type { AccountChannelTypesList } from '../../../../../lambdas/domain/account-channel-types';
import type { ActivityView } from '../../../../../lambdas/domain/activities';
import type { MediaChannelSaved } from '../../../../../lambdas/domain/media-channels';
import type { ExportedFile } from '../../../../../lambdas/domain/media-mix-export';
import type { ApplyTemplateResult } from '../../../../../lambdas/domain/media-mix-templates';
import type {
  MediaChannelView, MediaMixInfo, MediaMixLineView, MediaMixListItem, MediaMixView,
} from '../../../../../lambdas/domain/media-mixes';
import type { AccountChannelType } from '../../../../../lambdas/repositories/account-channel-types';
import type { CustomColumn } from '../../../../../lambdas/repositories/custom-columns';
import type { TemplateSummary } from '../../../../../lambdas/repositories/templates';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

/**
 * The calls of the media plan screens (MediaMixService, the plan lines of AccountsService,
 * TemplatesService.ApplyTemplate, the media-plan custom columns). Reply types are the domain
 * modules' own (type imports only); `scope` is the account of the page (x-account-id).
 */
export type {
  AccountChannelType, ActivityView, CustomColumn, ExportedFile, MediaChannelSaved, MediaChannelView, MediaMixInfo,
  MediaMixLineView, MediaMixListItem, MediaMixView, TemplateSummary,
};
export type MediaChannelPayload = RequestOf<'AccountsService', 'SaveMediaChannel'>['mediaChannel'];

type Scope = number | string;
const opts = (scope: Scope, signal?: AbortSignal) => ({ accountId: scope, signal });

export const fetchMixList = (scope: Scope, activityId: number, signal?: AbortSignal) =>
  callApi('MediaMixService', 'GetMediaMixList', { activityId }, opts(scope, signal)) as Promise<{ ActivityId: number; Items: MediaMixListItem[] }>;

export const fetchMixInfo = (scope: Scope, mediaMixId: number, signal?: AbortSignal) =>
  callApi('MediaMixService', 'GetMediaMixInfo', { mediaMixId }, opts(scope, signal)) as Promise<MediaMixInfo>;

export const fetchActivity = (scope: Scope, activityId: number, signal?: AbortSignal) =>
  callApi('ActivitiesService', 'GetActivityInfo', { activityId }, opts(scope, signal)) as Promise<ActivityView>;

export const fetchChannelTypes = (scope: Scope, signal?: AbortSignal) =>
  callApi('AccountsService', 'GetAccountChannelTypesList', {}, opts(scope, signal)) as Promise<AccountChannelTypesList>;

/** The account's copies of the channel-type catalogue, made when it has none yet. */
export const initChannelTypes = (scope: Scope) =>
  callApi('AccountsService', 'InitAccountChannelTypes', { reload: false }, opts(scope)) as Promise<AccountChannelTypesList>;

export const fetchPlanColumns = (scope: Scope, signal?: AbortSignal) =>
  callApi('CustomColumnsService', 'GetCustomColumnsList', { scope: 'mediaPlan' }, opts(scope, signal)) as Promise<{ Items: CustomColumn[] }>;

export const fetchTemplates = (scope: Scope, signal?: AbortSignal) =>
  callApi('TemplatesService', 'GetTemplatesList', {}, opts(scope, signal)) as Promise<{ Items: TemplateSummary[] }>;

export const createMix = (scope: Scope, activityId: number, name: string) =>
  callApi('MediaMixService', 'SaveMediaMix', { mediaMix: { ID: 0, ActivityId: activityId, Name: name } }, opts(scope)) as Promise<MediaMixView>;

export const renameMix = (scope: Scope, mix: Pick<MediaMixView, 'ID' | 'ActivityId' | 'version'>, name: string) =>
  callApi('MediaMixService', 'SaveMediaMix', { mediaMix: { ID: mix.ID, ActivityId: mix.ActivityId, Name: name, version: mix.version } }, opts(scope)) as Promise<MediaMixView>;

export const saveLine = (scope: Scope, mediaChannel: MediaChannelPayload) =>
  callApi('AccountsService', 'SaveMediaChannel', { mediaChannel }, opts(scope)) as Promise<MediaChannelSaved>;

export const deleteLine = (scope: Scope, channelId: number) =>
  callApi('AccountsService', 'DeleteMediaChannel', { channelId }, opts(scope)) as Promise<MediaChannelView>;

export const applyTemplate = (scope: Scope, templateId: number, mediaMixId: number, totalBudget: number) =>
  callApi('TemplatesService', 'ApplyTemplate', { templateId, mediaMixId, totalBudget }, opts(scope)) as Promise<ApplyTemplateResult>;

export const submitMix = (scope: Scope, mediaMixId: number, version: number) =>
  callApi('MediaMixService', 'SubmitMediaMix', { mediaMixId, version }, opts(scope)) as Promise<MediaMixView>;

export const approveMix = (scope: Scope, mediaMixId: number, version: number) =>
  callApi('MediaMixService', 'ApproveMediaMix', { mediaMixId, version }, opts(scope)) as Promise<MediaMixView>;

export const rejectMix = (scope: Scope, mediaMixId: number, version: number, reason: string) =>
  callApi('MediaMixService', 'RejectMediaMix', { mediaMixId, version, reason }, opts(scope)) as Promise<MediaMixView>;

export const newVersion = (scope: Scope, mediaMixId: number) =>
  callApi('MediaMixService', 'CreateMediaMixVersion', { mediaMixId }, opts(scope)) as Promise<MediaMixView>;

export const clientSignOff = (scope: Scope, mediaMixId: number) =>
  callApi('MediaMixService', 'ClientSignOff', { mediaMixId }, opts(scope)) as Promise<MediaMixView>;

export const clientDecline = (scope: Scope, mediaMixId: number, comment: string) =>
  callApi('MediaMixService', 'ClientDecline', { mediaMixId, comment }, opts(scope)) as Promise<MediaMixView>;

export const exportMix = (scope: Scope, mediaMixId: number) =>
  callApi('MediaMixService', 'ExportMediaMix', { mediaMixId }, opts(scope)) as Promise<ExportedFile>;
