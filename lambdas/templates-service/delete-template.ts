import { archiveTemplate } from '../domain/templates';
import { serviceHandler } from '../service-handler';
import { deleteTemplateRoute } from '../routes/templates-service';

export const handler = serviceHandler(deleteTemplateRoute, ({ input, caller }) =>
  archiveTemplate(caller, input.templateId),
);
