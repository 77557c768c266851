import { restoreTemplate } from '../domain/templates';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('TemplatesService', 'RestoreTemplate', ({ input, caller }) => restoreTemplate(caller, input.templateId));
