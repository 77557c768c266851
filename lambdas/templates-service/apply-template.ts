import { applyTemplateFor } from '../domain/media-mix-templates';
import { serviceHandler } from '../kit/handler';
import { TEMPLATE_APPLICATION_ROUTES } from '../routes/template-application';

export const handler = serviceHandler(TEMPLATE_APPLICATION_ROUTES, 'ApplyTemplate', ({ input, caller, accountId }) => applyTemplateFor(caller, accountId, input));
