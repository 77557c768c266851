import type { ChannelType } from '@server/modules/channel-types/replies';
import type { Template, TemplateInfo, TemplateSummary } from '@server/modules/templates/replies';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type { ChannelType, Template, TemplateInfo, TemplateSummary };
export type TemplatePayload = RequestOf<'TemplatesService', 'SaveTemplate'>['template'];

/** Templates are company settings: no account in the path, so no x-account-id. `archived`: the deleted ones. */
export function fetchTemplates(archived = false, signal?: AbortSignal) {
  return callApi('TemplatesService', 'GetTemplatesList', { archived }, { signal });
}

export function fetchTemplate(templateId: number, signal?: AbortSignal) {
  return callApi('TemplatesService', 'GetTemplateInfo', { templateId }, { signal });
}

export function saveTemplate(template: TemplatePayload) {
  return callApi('TemplatesService', 'SaveTemplate', { template });
}

export function deleteTemplate(templateId: number) {
  return callApi('TemplatesService', 'DeleteTemplate', { templateId });
}

export function restoreTemplate(templateId: number) {
  return callApi('TemplatesService', 'RestoreTemplate', { templateId });
}

/** The global channel-type catalogue the lines pick from. */
export function fetchCatalogue(signal?: AbortSignal) {
  return callApi('ChannelTypesService', 'GetChannelTypesList', {}, { signal });
}
