import { listColumnsFor } from '../domain/custom-columns';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('CustomColumnsService', 'GetCustomColumnsList', ({ input, caller }) => listColumnsFor(caller, input.scope, input.archived));
