import { getTemplateInfo } from '../templates';
import { serviceHandler } from '../../../service-handler';
import { getTemplateInfoRoute } from '../routes';

export const handler = serviceHandler(getTemplateInfoRoute, ({ input, caller }) =>
  getTemplateInfo(caller, input.templateId),
);
