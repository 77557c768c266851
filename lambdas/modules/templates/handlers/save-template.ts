import { saveTemplateFor } from '../templates';
import { serviceHandler } from '../../../service-handler';
import { saveTemplateRoute } from '../routes';

export const handler = serviceHandler(saveTemplateRoute, ({ input, caller }) =>
  saveTemplateFor(caller, input.template),
);
