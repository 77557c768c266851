import { getTemplateInfo } from '../domain/templates';
import { serviceHandler } from '../kit/handler';
import { TEMPLATES_SERVICE_ROUTES } from '../routes/templates-service';

export const handler = serviceHandler(TEMPLATES_SERVICE_ROUTES, 'GetTemplateInfo', ({ input, caller }) => getTemplateInfo(caller, input.templateId));
