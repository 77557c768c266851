import { applyTemplateFor } from '../domain/media-mix-templates';
import { serviceHandler } from '../service-handler';
import { applyTemplateRoute } from '../routes/template-application';

export const handler = serviceHandler(applyTemplateRoute, ({ input, caller, accountId }) =>
  applyTemplateFor(caller, accountId, input),
);
