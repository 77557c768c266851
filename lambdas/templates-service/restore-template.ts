import { restoreTemplate } from '../domain/templates';
import { serviceHandler } from '../kit/handler';
import { TEMPLATES_SERVICE_ROUTES } from '../routes/templates-service';

export const handler = serviceHandler(TEMPLATES_SERVICE_ROUTES, 'RestoreTemplate', ({ input, caller }) => restoreTemplate(caller, input.templateId));
