import type { ChannelType } from '../../../../../lambdas/repositories/channel-types';
import type { Template, TemplateSummary } from '../../../../../lambdas/repositories/templates';
import type { TemplateInfo } from '../../../../../lambdas/domain/templates';
import { callApi } from '../../../lib/api-client';
import type { RequestOf } from '../../../lib/api-types';

export type { ChannelType, Template, TemplateInfo, TemplateSummary };
export type TemplatePayload = RequestOf<'TemplatesService', 'SaveTemplate'>['template'];

/** Templates are company settings: no account in the path, so no x-account-id. `archived`: the deleted ones. */
export function fetchTemplates(archived = false, signal?: AbortSignal) {
  return callApi('TemplatesService', 'GetTemplatesList', { archived }, { signal }) as Promise<{ Items: TemplateSummary[] }>;
}

export function fetchTemplate(templateId: number) {
  return callApi('TemplatesService', 'GetTemplateInfo', { templateId }) as Promise<TemplateInfo>;
}

export function saveTemplate(template: TemplatePayload) {
  return callApi('TemplatesService', 'SaveTemplate', { template }) as Promise<Template>;
}

export function deleteTemplate(templateId: number) {
  return callApi('TemplatesService', 'DeleteTemplate', { templateId }) as Promise<Template>;
}

export function restoreTemplate(templateId: number) {
  return callApi('TemplatesService', 'RestoreTemplate', { templateId }) as Promise<Template>;
}

/** The global channel-type catalogue the lines pick from. */
export function fetchCatalogue(signal?: AbortSignal) {
  return callApi('ChannelTypesService', 'GetChannelTypesList', {}, { signal }) as Promise<{ Items: ChannelType[] }>;
}
