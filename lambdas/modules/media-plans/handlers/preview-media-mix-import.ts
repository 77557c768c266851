import { previewMediaMixImportFor } from '../import';
import { serviceHandler } from '../../../service-handler';
import { previewMediaMixImportRoute } from '../routes';

export const handler = serviceHandler(previewMediaMixImportRoute, ({ input, caller, accountId }) =>
  previewMediaMixImportFor(caller, accountId, input),
);
