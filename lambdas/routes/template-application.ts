import { applyTemplate } from '../schemas/media-mixes';
import type { ApplyTemplateResult } from '../shared/replies/media-mixes';
import { replyOf, route } from '../kit/route';

/**
 * TemplatesService.ApplyTemplate: kept apart from the template settings routes (routes/templates-service.ts)
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

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const TEMPLATE_APPLICATION_ROUTES = [applyTemplateRoute] as const;
