import { saveTemplateFor } from '../domain/templates';
import { serviceHandler } from '../service-handler';
import { saveTemplateRoute } from '../routes/templates-service';

export const handler = serviceHandler(saveTemplateRoute, ({ input, caller }) =>
  saveTemplateFor(caller, input.template),
);
