import type { PlanImportPreview } from '@server/modules/media-plans/replies/plan-import';
import { callApi } from '../../../lib/api-client';

/**
 * Import of a plan from its edited Excel export: the preview of what the file changes
 * against the version it was exported from, then the import itself with the preview's token, which
 * makes a new Draft version of exactly the file's lines. `file` is the .xlsx as Base64; `scope` is
 * the account of the page (x-account-id).
 */
export type { PlanImportPreview };

export const previewImport = (scope: number, versionId: number, file: string) =>
  callApi('MediaMixService', 'PreviewMediaMixImport', { mediaMixId: versionId, file }, { accountId: scope });

export const importPlan = (scope: number, versionId: number, file: string, token: string) =>
  callApi('MediaMixService', 'ImportMediaMix', { mediaMixId: versionId, file, token }, { accountId: scope });
