import { saveTemplateFor } from '../domain/templates';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('TemplatesService', 'SaveTemplate', ({ input, caller }) => saveTemplateFor(caller, input.template));
