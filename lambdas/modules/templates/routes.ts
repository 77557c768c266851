import { getTemplatesList, saveTemplate, templateIdInput } from './schemas';
import type { ListOf } from '../../shared/replies/reply';
import type { Template, TemplateInfo, TemplateSummary } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * Media-plan templates: company-wide settings. accountScope 'optional': templates belong to the
 * company, not to an account, but when the page names its account (x-account-id) the kit checks
 * the caller may see it, like every other request.
 */
export const getTemplatesListRoute = /* @__PURE__ */ route({
  service: 'TemplatesService',
  method: 'GetTemplatesList',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: getTemplatesList,
  reply: replyOf<ListOf<TemplateSummary>>,
  summary: "The company's active templates (archived: true, the archived ones) by name (without lines; LineCount)",
});

export const saveTemplateRoute = /* @__PURE__ */ route({
  service: 'TemplatesService',
  method: 'SaveTemplate',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: saveTemplate,
  reply: replyOf<Template>,
  summary: 'Creates (ID <= 0) or updates a template; 1-100 lines whose shares add up to exactly 100 %',
});

export const getTemplateInfoRoute = /* @__PURE__ */ route({
  service: 'TemplatesService',
  method: 'GetTemplateInfo',
  access: 'read',
  requires: 'staff',
  accountScope: 'optional',
  input: templateIdInput,
  reply: replyOf<TemplateInfo>,
  summary: 'One template with its lines and their channel type names',
});

export const deleteTemplateRoute = /* @__PURE__ */ route({
  service: 'TemplatesService',
  method: 'DeleteTemplate',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: templateIdInput,
  reply: replyOf<Template>,
  summary: 'Archives a template (restorable; nothing is destroyed)',
});

export const restoreTemplateRoute = /* @__PURE__ */ route({
  service: 'TemplatesService',
  method: 'RestoreTemplate',
  access: 'write',
  requires: 'generalSettings',
  accountScope: 'optional',
  input: templateIdInput,
  reply: replyOf<Template>,
  summary: 'Brings an archived template back (an active one is answered unchanged)',
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const TEMPLATES_SERVICE_ROUTES = [
  getTemplatesListRoute,
  saveTemplateRoute,
  getTemplateInfoRoute,
  deleteTemplateRoute,
  restoreTemplateRoute,
] as const;
