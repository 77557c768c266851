import { archiveColumn } from '../domain/custom-columns';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('CustomColumnsService', 'DeleteCustomColumn', ({ input, caller }) => archiveColumn(caller, input.customColumnId));
