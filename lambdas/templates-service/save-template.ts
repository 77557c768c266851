import { saveTemplateFor } from '../domain/templates';
import { serviceHandler } from '../kit/handler';
import { TEMPLATES_SERVICE_ROUTES } from '../routes/templates-service';

export const handler = serviceHandler(TEMPLATES_SERVICE_ROUTES, 'SaveTemplate', ({ input, caller }) => saveTemplateFor(caller, input.template));
