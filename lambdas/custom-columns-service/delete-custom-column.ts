import { archiveColumn } from '../domain/custom-columns';
import { serviceHandler } from '../kit/handler';
import { CUSTOM_COLUMNS_SERVICE_ROUTES } from '../routes/custom-columns-service';

export const handler = serviceHandler(CUSTOM_COLUMNS_SERVICE_ROUTES, 'DeleteCustomColumn', ({ input, caller }) => archiveColumn(caller, input.customColumnId));
