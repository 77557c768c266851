import { applyTemplateFor } from '../template-application';
import { serviceHandler } from '../../../service-handler';
import { applyTemplateRoute } from '../routes';

export const handler = serviceHandler(applyTemplateRoute, ({ input, caller, accountId }) =>
  applyTemplateFor(caller, accountId, input),
);
