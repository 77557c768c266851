import { listTemplatesFor } from '../domain/templates';
import { serviceHandler } from '../kit/handler';
import { TEMPLATES_SERVICE_ROUTES } from '../routes/templates-service';

export const handler = serviceHandler(TEMPLATES_SERVICE_ROUTES, 'GetTemplatesList', ({ input, caller }) => listTemplatesFor(caller, input.archived));
