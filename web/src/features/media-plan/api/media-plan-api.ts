import type { ActivityView } from '@server/modules/activities/replies';
import type { AccountChannelType } from '@server/modules/channel-types/replies';
import type { CustomColumn } from '@server/modules/custom-columns/replies';
import type {
  ExportedFile,
  LineSaved,
  LineView,
  VersionInfo,
  VersionLineView,
  VersionListItem,
  VersionView,
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
  LineSaved,
  LineView,
  VersionInfo,
  VersionLineView,
  VersionListItem,
  VersionView,
  TemplateSummary,
};
export type LinePayload = RequestOf<'AccountsService', 'SaveMediaChannel'>['mediaChannel'];

type Scope = number | string;
const opts = (scope: Scope) => ({ accountId: scope });

/** The account's copies of the channel-type catalogue, made when it has none yet. */
export const initChannelTypes = (scope: Scope) =>
  callApi('AccountsService', 'InitAccountChannelTypes', { reload: false }, opts(scope));

export const createVersion = (scope: Scope, activityId: number, name: string) =>
  callApi('MediaMixService', 'SaveMediaMix', { mediaMix: { ID: 0, ActivityId: activityId, Name: name } }, opts(scope));

export const renameVersion = (
  scope: Scope,
  planVersion: Pick<VersionView, 'ID' | 'ActivityId' | 'version'>,
  name: string,
) =>
  callApi(
    'MediaMixService',
    'SaveMediaMix',
    { mediaMix: { ID: planVersion.ID, ActivityId: planVersion.ActivityId, Name: name, version: planVersion.version } },
    opts(scope),
  );

export const saveLine = (scope: Scope, line: LinePayload) =>
  callApi('AccountsService', 'SaveMediaChannel', { mediaChannel: line }, opts(scope));

export const deleteLine = (scope: Scope, channelId: number) =>
  callApi('AccountsService', 'DeleteMediaChannel', { channelId }, opts(scope));

export const applyTemplate = (scope: Scope, templateId: number, versionId: number, totalBudget: number) =>
  callApi('TemplatesService', 'ApplyTemplate', { templateId, mediaMixId: versionId, totalBudget }, opts(scope));

/** `confirmOverBudget`: the planner confirmed sending a version over its activity's budget (else 409 OVER_BUDGET_UNCONFIRMED). */
export const submitVersion = (scope: Scope, versionId: number, version: number, confirmOverBudget = false) =>
  callApi(
    'MediaMixService',
    'SubmitMediaMix',
    { mediaMixId: versionId, version, ...(confirmOverBudget ? { confirmOverBudget } : {}) },
    opts(scope),
  );

export const approveVersion = (scope: Scope, versionId: number, version: number) =>
  callApi('MediaMixService', 'ApproveMediaMix', { mediaMixId: versionId, version }, opts(scope));

export const rejectVersion = (scope: Scope, versionId: number, version: number, reason: string) =>
  callApi('MediaMixService', 'RejectMediaMix', { mediaMixId: versionId, version, reason }, opts(scope));

export const newVersion = (scope: Scope, versionId: number) =>
  callApi('MediaMixService', 'CreateMediaMixVersion', { mediaMixId: versionId }, opts(scope));

export const clientSignOff = (scope: Scope, versionId: number) =>
  callApi('MediaMixService', 'ClientSignOff', { mediaMixId: versionId }, opts(scope));

export const clientDecline = (scope: Scope, versionId: number, comment: string) =>
  callApi('MediaMixService', 'ClientDecline', { mediaMixId: versionId, comment }, opts(scope));

/** The file in the UI's language (Hebrew, or English for every other locale: the server's labels). */
export const exportVersion = (scope: Scope, versionId: number, locale: string) =>
  callApi(
    'MediaMixService',
    'ExportMediaMix',
    { mediaMixId: versionId, language: exportLanguageOf(locale) },
    opts(scope),
  );
