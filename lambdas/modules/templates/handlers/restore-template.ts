import { restoreTemplate } from '../templates';
import { serviceHandler } from '../../../service-handler';
import { restoreTemplateRoute } from '../routes';

export const handler = serviceHandler(restoreTemplateRoute, ({ input, caller }) =>
  restoreTemplate(caller, input.templateId),
);
