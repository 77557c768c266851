// Named imports, not the `z` namespace (see fields.ts).
import { maxLength, minLength, object, string } from 'zod/mini';
import { MAX_IMPORT_FILE_BASE64 } from '../../../shared/plan-workbook';
import { id, matches } from '../../../shared/schema-fields';

/** The .xlsx file as base64 (at most 2 MB decoded: shared/plan-workbook.ts). */
const workbookFile = () =>
  string().check(
    minLength(1, 'is required'),
    maxLength(MAX_IMPORT_FILE_BASE64, `must be at most ${MAX_IMPORT_FILE_BASE64} characters`),
    matches(/^[A-Za-z0-9+/]*={0,2}$/, 'BASE64'),
  );

/** PreviewMediaMixImport: the plan (any version of it: the page's) and the edited export. */
export const previewVersionImport = object({ mediaMixId: id(), file: workbookFile() });

/** ImportMediaMix: the same, with the preview's Token. */
export const importVersion = object({
  mediaMixId: id(),
  file: workbookFile(),
  token: string().check(matches(/^[0-9a-f]{64}$/, 'INVALID')),
});
