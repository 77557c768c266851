import { archiveTemplate } from '../domain/templates';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('TemplatesService', 'DeleteTemplate', ({ input, caller }) => archiveTemplate(caller, input.templateId));
