import { previewMediaMixImportFor } from '../domain/media-mix-import';
import { serviceHandler } from '../service-handler';
import { previewMediaMixImportRoute } from '../routes/media-mix-service';

export const handler = serviceHandler(previewMediaMixImportRoute, ({ input, caller, accountId }) =>
  previewMediaMixImportFor(caller, accountId, input),
);
