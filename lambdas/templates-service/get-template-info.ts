import { getTemplateInfo } from '../domain/templates';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('TemplatesService', 'GetTemplateInfo', ({ input, caller }) => getTemplateInfo(caller, input.templateId));
