import {
  applyTemplate,
  channelIdInput,
  clientDecline,
  exportVersionInput,
  versionIdInput,
  versionInfoInput,
  versionListInput,
  versionTransition,
  rejectVersion,
  saveLine,
  saveVersion,
  submitVersionInput,
} from './schemas/plans';
import { importVersion, previewVersionImport } from './schemas/plan-import';
import { IMPORT_MAX_BODY_BYTES } from '../../shared/plan-workbook';
import type { PlanImportPreview, PlanImportResult } from './replies/plan-import';
import type {
  ApplyTemplateResult,
  ExportedFile,
  LineInfo,
  LineSaved,
  LineView,
  VersionInfo,
  VersionList,
  VersionView,
} from './replies/plans';
import { replyOf, route } from '../../kit/route';

/**
 * MediaMixService: media plans (versions of an activity's plan) and their approval lifecycle
 * (docs/domain.md). Every route is account-scoped: x-account-id is the page's main
 * account (or the sub-account the activity is booked on) and the activity must belong to it.
 * Client-only users read Approved versions only and answer them (sign-off/decline); agency staff
 * plan and submit; a MediaPlanApprover approves or rejects.
 * Plan lines are AccountsService.GetMediaChannelInfo/SaveMediaChannel/DeleteMediaChannel.
 */
export const saveVersionRoute = /* @__PURE__ */ route({
  service: 'MediaMixService',
  method: 'SaveMediaMix',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: saveVersion,
  reply: replyOf<VersionView>,
  summary: "Starts an activity's plan (ID <= 0: version 1, Draft) or renames a Draft from the version read",
});

export const getVersionListRoute = /* @__PURE__ */ route({
  service: 'MediaMixService',
  method: 'GetMediaMixList',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'required',
  input: versionListInput,
  reply: replyOf<VersionList>,
  summary:
    "The versions of an activity's plan, newest first, with net and total (client users: Approved versions only)",
});

export const getVersionInfoRoute = /* @__PURE__ */ route({
  service: 'MediaMixService',
  method: 'GetMediaMixInfo',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'required',
  input: versionInfoInput,
  reply: replyOf<VersionInfo>,
  summary:
    "One version (or an activity's newest the caller may see) with its lines, line amounts, planned KPIs and totals, also converted USD<->ILS (RateMissing when no rate)",
});

export const exportVersionRoute = /* @__PURE__ */ route({
  service: 'MediaMixService',
  method: 'ExportMediaMix',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'required',
  input: exportVersionInput,
  reply: replyOf<ExportedFile>,
  summary:
    'One version as an .xlsx file (FileName, ContentType, ContentDisposition, Base64) in `language` (he: right to left; default en): lines, totals, version, approval and client stamps',
});

export const submitVersionRoute = /* @__PURE__ */ route({
  service: 'MediaMixService',
  method: 'SubmitMediaMix',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: submitVersionInput,
  reply: replyOf<VersionView>,
  summary:
    "Draft -> Submitted (the version needs at least one line); over the activity's budget only with confirmOverBudget (409 OVER_BUDGET_UNCONFIRMED naming the amount), recorded on the version",
});

export const rejectVersionRoute = /* @__PURE__ */ route({
  service: 'MediaMixService',
  method: 'RejectMediaMix',
  access: 'write',
  requires: 'mediaPlanApprover',
  accountScope: 'required',
  input: rejectVersion,
  reply: replyOf<VersionView>,
  summary: 'Submitted -> Rejected with a reason',
});

export const createNextVersionRoute = /* @__PURE__ */ route({
  service: 'MediaMixService',
  method: 'CreateMediaMixVersion',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: versionIdInput,
  reply: replyOf<VersionView>,
  summary:
    'A new Draft (version = latest + 1) copied from an Approved or Rejected version; one Draft or Submitted version at a time',
});

export const approveVersionRoute = /* @__PURE__ */ route({
  service: 'MediaMixService',
  method: 'ApproveMediaMix',
  access: 'write',
  requires: 'mediaPlanApprover',
  accountScope: 'required',
  input: versionTransition,
  reply: replyOf<VersionView>,
  summary: 'Submitted -> Approved; fixes the exchange rate of the approval date and the pricing (409 when no rate)',
});

export const clientSignOffRoute = /* @__PURE__ */ route({
  service: 'MediaMixService',
  method: 'ClientSignOff',
  access: 'write',
  requires: 'clientZone',
  accountScope: 'required',
  input: versionIdInput,
  reply: replyOf<VersionView>,
  summary: 'A client user of the account signs off the latest Approved version (it stays Approved)',
});

export const clientDeclineRoute = /* @__PURE__ */ route({
  service: 'MediaMixService',
  method: 'ClientDecline',
  access: 'write',
  requires: 'clientZone',
  accountScope: 'required',
  input: clientDecline,
  reply: replyOf<VersionView>,
  summary:
    'A client user of the account declines the latest Approved version with a comment (it stays Approved, flagged)',
});

export const previewVersionImportRoute = /* @__PURE__ */ route({
  service: 'MediaMixService',
  method: 'PreviewMediaMixImport',
  access: 'read',
  requires: 'staff',
  accountScope: 'required',
  maxBodyBytes: IMPORT_MAX_BODY_BYTES,
  input: previewVersionImport,
  reply: replyOf<PlanImportPreview>,
  summary:
    "What importing an edited export (`file`: the .xlsx as base64, at most 2 MB) would change: the new Draft's number, lines added, changed (before -> after) and removed, and the Token the import presents; 400 IMPORT_REFUSED naming the sheet, row and column otherwise",
});

export const importVersionRoute = /* @__PURE__ */ route({
  service: 'MediaMixService',
  method: 'ImportMediaMix',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  maxBodyBytes: IMPORT_MAX_BODY_BYTES,
  input: importVersion,
  reply: replyOf<PlanImportResult>,
  summary:
    "Imports an edited export previewed with PreviewMediaMixImport (its Token) as a new Draft version (latest + 1) with exactly the file's lines; nothing is written on any refusal",
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const MEDIA_MIX_SERVICE_ROUTES = [
  saveVersionRoute,
  getVersionListRoute,
  getVersionInfoRoute,
  exportVersionRoute,
  submitVersionRoute,
  rejectVersionRoute,
  createNextVersionRoute,
  approveVersionRoute,
  clientSignOffRoute,
  clientDeclineRoute,
  previewVersionImportRoute,
  importVersionRoute,
] as const;

/**
 * TemplatesService.ApplyTemplate: kept apart from the template settings routes (modules/templates/routes.ts)
 * because it changes a media plan, not a template: agency staff, account-scoped like the plan it fills.
 */
export const applyTemplateRoute = /* @__PURE__ */ route({
  service: 'TemplatesService',
  method: 'ApplyTemplate',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: applyTemplate,
  reply: replyOf<ApplyTemplateResult>,
  summary:
    "Adds a template's lines to a Draft media mix: totalBudget split by the shares to the minor unit, the activity's dates, the account's channel types",
});

export const TEMPLATE_APPLICATION_ROUTES = [applyTemplateRoute] as const;

export const getLineInfoRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'GetMediaChannelInfo',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'required',
  input: channelIdInput,
  reply: replyOf<LineInfo>,
  summary: 'One plan line with its amounts and planned KPIs (client users: lines of Approved versions only)',
});

export const saveLineRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'SaveMediaChannel',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: saveLine,
  reply: replyOf<LineSaved>,
  summary:
    "Adds (ID <= 0) or changes a line of a Draft media mix from the version read; dates within the activity's; fees default from the account channel type",
});

export const deleteLineRoute = /* @__PURE__ */ route({
  service: 'AccountsService',
  method: 'DeleteMediaChannel',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: channelIdInput,
  reply: replyOf<LineView>,
  summary: 'Archives a line of a Draft media mix: out of the plan and its totals, kept with its audit entry',
});

export const MEDIA_CHANNEL_ROUTES = [getLineInfoRoute, saveLineRoute, deleteLineRoute] as const;
