import { getTemplateInfo } from '../domain/templates';
import { serviceHandler } from '../service-handler';
import { getTemplateInfoRoute } from '../routes/templates-service';

export const handler = serviceHandler(getTemplateInfoRoute, ({ input, caller }) =>
  getTemplateInfo(caller, input.templateId),
);
