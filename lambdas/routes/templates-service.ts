import { getTemplatesList, saveTemplate, templateIdInput } from '../schemas/templates';
import type { ListOf } from '../shared/replies/reply';
import type { Template, TemplateInfo, TemplateSummary } from '../shared/replies/templates';
import { REQUIRES } from '../shared/policy';
import { replyOf, route } from './route';

/**
 * Media-plan templates: company-wide settings. accountScope 'optional': templates belong to the
 * company, not to an account, but when the page names its account (x-account-id) the kit checks
 * the caller may see it, like every other request.
 */
export const TEMPLATES_SERVICE_ROUTES = [
  route({
    service: 'TemplatesService', method: 'GetTemplatesList', access: 'read', requires: REQUIRES.staff, accountScope: 'optional',
    input: getTemplatesList,
    reply: replyOf<ListOf<TemplateSummary>>(),
    summary: "The company's active templates (archived: true, the archived ones) by name (without lines; LineCount)",
  }),
  route({
    service: 'TemplatesService', method: 'SaveTemplate', access: 'write', requires: REQUIRES.generalSettings, accountScope: 'optional',
    input: saveTemplate,
    reply: replyOf<Template>(),
    summary: 'Creates (ID <= 0) or updates a template; 1-100 lines whose shares add up to exactly 100 %',
  }),
  route({
    service: 'TemplatesService', method: 'GetTemplateInfo', access: 'read', requires: REQUIRES.staff, accountScope: 'optional',
    input: templateIdInput,
    reply: replyOf<TemplateInfo>(),
    summary: 'One template with its lines and their channel type names',
  }),
  route({
    service: 'TemplatesService', method: 'DeleteTemplate', access: 'write', requires: REQUIRES.generalSettings, accountScope: 'optional',
    input: templateIdInput,
    reply: replyOf<Template>(),
    summary: 'Archives a template (restorable; nothing is destroyed)',
  }),
  route({
    service: 'TemplatesService', method: 'RestoreTemplate', access: 'write', requires: REQUIRES.generalSettings, accountScope: 'optional',
    input: templateIdInput,
    reply: replyOf<Template>(),
    summary: 'Brings an archived template back (an active one is answered unchanged)',
  }),
] as const;
