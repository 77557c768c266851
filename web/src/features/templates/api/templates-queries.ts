import { apiQuery, queryKeyOf } from '../../../lib/api-query';
import { useApiMutation, type RouteReads } from '../../../lib/api-mutation';
import {
  deleteTemplate,
  fetchCatalogue,
  fetchTemplate,
  fetchTemplates,
  restoreTemplate,
  saveTemplate,
} from './templates-api';

/**
 * The templates screen's reads as TanStack Query options (lib/api-query.ts). The list has the key
 * the plan editor's template picker would have without an account; the catalogue is the channel-type
 * screen's own key, so either screen's answer serves the other.
 */
export const templateQueries = {
  list: (archived: boolean) =>
    apiQuery(queryKeyOf('TemplatesService', 'GetTemplatesList', { archived }), (signal) =>
      fetchTemplates(archived, signal),
    ),
  info: (templateId: number) =>
    apiQuery(queryKeyOf('TemplatesService', 'GetTemplateInfo', { templateId }), (signal) =>
      fetchTemplate(templateId, signal),
    ),
  catalogue: () =>
    apiQuery(queryKeyOf('ChannelTypesService', 'GetChannelTypesList', {}), (signal) => fetchCatalogue(signal)),
};

/** What a template write changes: every list of templates (the plan editor's picker too) and the templates read whole. */
const TEMPLATE_READS: readonly RouteReads[] = [
  ['TemplatesService', 'GetTemplatesList'],
  ['TemplatesService', 'GetTemplateInfo'],
];

/** The templates screen's writes, each invalidating the reads it changes once it succeeds. */
export function useTemplateWrites() {
  return {
    save: useApiMutation(saveTemplate, TEMPLATE_READS),
    archive: useApiMutation(deleteTemplate, TEMPLATE_READS),
    restore: useApiMutation(restoreTemplate, TEMPLATE_READS),
  };
}
