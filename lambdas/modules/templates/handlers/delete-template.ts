import { archiveTemplate } from '../templates';
import { serviceHandler } from '../../../service-handler';
import { deleteTemplateRoute } from '../routes';

export const handler = serviceHandler(deleteTemplateRoute, ({ input, caller }) =>
  archiveTemplate(caller, input.templateId),
);
