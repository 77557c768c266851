import { previewVersionImportFor } from '../import';
import { serviceHandler } from '../../../service-handler';
import { previewVersionImportRoute } from '../routes';

export const handler = serviceHandler(previewVersionImportRoute, ({ input, caller, accountId }) =>
  previewVersionImportFor(caller, accountId, input),
);
