import { restoreTemplate } from '../domain/templates';
import { serviceHandler } from '../service-handler';
import { restoreTemplateRoute } from '../routes/templates-service';

export const handler = serviceHandler(restoreTemplateRoute, ({ input, caller }) =>
  restoreTemplate(caller, input.templateId),
);
