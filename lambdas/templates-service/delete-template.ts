import { archiveTemplate } from '../domain/templates';
import { serviceHandler } from '../kit/handler';
import { TEMPLATES_SERVICE_ROUTES } from '../routes/templates-service';

export const handler = serviceHandler(TEMPLATES_SERVICE_ROUTES, 'DeleteTemplate', ({ input, caller }) => archiveTemplate(caller, input.templateId));
