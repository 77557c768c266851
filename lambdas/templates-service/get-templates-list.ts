import { listTemplatesFor } from '../domain/templates';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('TemplatesService', 'GetTemplatesList', ({ input, caller }) => listTemplatesFor(caller, input.archived));
