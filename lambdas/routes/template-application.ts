import { applyTemplate } from '../schemas/media-mixes';
import type { ApplyTemplateResult } from '../shared/replies/media-mixes';
import { REQUIRES } from '../shared/policy';
import { replyOf, route } from './route';

/**
 * TemplatesService.ApplyTemplate: kept apart from the template settings routes (routes/templates-service.ts)
 * because it changes a media plan, not a template: agency staff, account-scoped like the plan it fills.
 */
export const TEMPLATE_APPLICATION_ROUTES = [
  route({
    service: 'TemplatesService', method: 'ApplyTemplate', access: 'write', requires: REQUIRES.staff, accountScope: 'required',
    input: applyTemplate,
    reply: replyOf<ApplyTemplateResult>(),
    summary: "Adds a template's lines to a Draft media mix: totalBudget split by the shares to the minor unit, the activity's dates, the account's channel types",
  }),
] as const;
