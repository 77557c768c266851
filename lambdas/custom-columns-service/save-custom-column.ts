import { saveColumnFor } from '../domain/custom-columns';
import { serviceHandler } from '../kit/handler';

export const handler = serviceHandler('CustomColumnsService', 'SaveCustomColumn', ({ input, caller }) => saveColumnFor(caller, input.customColumn));
