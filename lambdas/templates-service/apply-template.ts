import { applyTemplateFor } from '../domain/media-mix-templates';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('TemplatesService', 'ApplyTemplate', ({ input, caller, accountId }) => applyTemplateFor(caller, accountId!, input));
