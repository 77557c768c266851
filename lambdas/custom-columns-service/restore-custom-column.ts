import { restoreColumn } from '../domain/custom-columns';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('CustomColumnsService', 'RestoreCustomColumn', ({ input, caller }) => restoreColumn(caller, input.customColumnId));
