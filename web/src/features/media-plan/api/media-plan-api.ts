import type { ActivityView } from '@server/modules/activities/replies';
import type { AccountChannelType } from '@server/modules/channel-types/replies';
import type { CustomColumn } from '@server/modules/custom-columns/replies';
import type {
  ExportedFile,
  MediaChannelSaved,
  MediaChannelView,
  MediaMixInfo,
  MediaMixLineView,
  MediaMixListItem,
  MediaMixView,
} from '@server/modules/media-plans/replies/plans';
import type { TemplateSummary } from '@server/modules/templates/replies';
import { exportLanguageOf } from '@server/shared/export-language';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

/**
 * The writes of the media plan screens (MediaMixService, the plan lines of AccountsService,
 * TemplatesService.ApplyTemplate); their reads are queries (plan-queries.ts). Each reply is the type
 * its route declares (lambdas/shared/replies/), so none is cast here; `scope` is the account of the
 * page (x-account-id).
 */
export type {
  AccountChannelType,
  ActivityView,
  CustomColumn,
  ExportedFile,
  MediaChannelSaved,
  MediaChannelView,
  MediaMixInfo,
  MediaMixLineView,
  MediaMixListItem,
  MediaMixView,
  TemplateSummary,
};
export type MediaChannelPayload = RequestOf<'AccountsService', 'SaveMediaChannel'>['mediaChannel'];

type Scope = number | string;
const opts = (scope: Scope) => ({ accountId: scope });

/** The account's copies of the channel-type catalogue, made when it has none yet. */
export const initChannelTypes = (scope: Scope) =>
  callApi('AccountsService', 'InitAccountChannelTypes', { reload: false }, opts(scope));

export const createMix = (scope: Scope, activityId: number, name: string) =>
  callApi('MediaMixService', 'SaveMediaMix', { mediaMix: { ID: 0, ActivityId: activityId, Name: name } }, opts(scope));

export const renameMix = (scope: Scope, mix: Pick<MediaMixView, 'ID' | 'ActivityId' | 'version'>, name: string) =>
  callApi(
    'MediaMixService',
    'SaveMediaMix',
    { mediaMix: { ID: mix.ID, ActivityId: mix.ActivityId, Name: name, version: mix.version } },
    opts(scope),
  );

export const saveLine = (scope: Scope, mediaChannel: MediaChannelPayload) =>
  callApi('AccountsService', 'SaveMediaChannel', { mediaChannel }, opts(scope));

export const deleteLine = (scope: Scope, channelId: number) =>
  callApi('AccountsService', 'DeleteMediaChannel', { channelId }, opts(scope));

export const applyTemplate = (scope: Scope, templateId: number, mediaMixId: number, totalBudget: number) =>
  callApi('TemplatesService', 'ApplyTemplate', { templateId, mediaMixId, totalBudget }, opts(scope));

/** `confirmOverBudget`: the planner confirmed sending a version over its activity's budget (else 409 OVER_BUDGET_UNCONFIRMED). */
export const submitMix = (scope: Scope, mediaMixId: number, version: number, confirmOverBudget = false) =>
  callApi(
    'MediaMixService',
    'SubmitMediaMix',
    { mediaMixId, version, ...(confirmOverBudget ? { confirmOverBudget } : {}) },
    opts(scope),
  );

export const approveMix = (scope: Scope, mediaMixId: number, version: number) =>
  callApi('MediaMixService', 'ApproveMediaMix', { mediaMixId, version }, opts(scope));

export const rejectMix = (scope: Scope, mediaMixId: number, version: number, reason: string) =>
  callApi('MediaMixService', 'RejectMediaMix', { mediaMixId, version, reason }, opts(scope));

export const newVersion = (scope: Scope, mediaMixId: number) =>
  callApi('MediaMixService', 'CreateMediaMixVersion', { mediaMixId }, opts(scope));

export const clientSignOff = (scope: Scope, mediaMixId: number) =>
  callApi('MediaMixService', 'ClientSignOff', { mediaMixId }, opts(scope));

export const clientDecline = (scope: Scope, mediaMixId: number, comment: string) =>
  callApi('MediaMixService', 'ClientDecline', { mediaMixId, comment }, opts(scope));

/** The file in the UI's language (Hebrew, or English for every other locale: the server's labels). */
export const exportMix = (scope: Scope, mediaMixId: number, locale: string) =>
  callApi('MediaMixService', 'ExportMediaMix', { mediaMixId, language: exportLanguageOf(locale) }, opts(scope));
