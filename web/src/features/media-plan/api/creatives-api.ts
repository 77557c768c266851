import type {
  CreativeChange,
  CreativeListItem,
  CreativesList,
  CreativeUpload,
} from '@server/modules/creatives/replies';
import { callApi } from '../../../lib/api-client';
import { apiQuery, queryKeyOf } from '../../../lib/api-query';

/**
 * A plan line's creatives (CreativesService): the list as a query and the writes (the file itself
 * goes straight to storage through lib/storage-upload.ts). `scope` is the account of the page (x-account-id).
 */
export type { CreativeChange, CreativeListItem, CreativesList, CreativeUpload };

export interface LineRef {
  mediaMixId: number;
  mediaChannelId: number;
}

type Scope = number | string;

export const creativesQuery = (scope: Scope, line: LineRef) =>
  apiQuery(queryKeyOf('CreativesService', 'GetCreativesList', line, scope), (signal) =>
    callApi('CreativesService', 'GetCreativesList', line, { accountId: scope, signal }),
  );

export const requestUpload = (
  scope: Scope,
  line: LineRef,
  file: { kind: 'image' | 'video'; fileName: string; size: number; contentType: string },
) => callApi('CreativesService', 'RequestCreativeUpload', { ...line, ...file }, { accountId: scope });

export const confirmUpload = (scope: Scope, line: LineRef, creativeId: number) =>
  callApi('CreativesService', 'ConfirmCreativeUpload', { ...line, creativeId }, { accountId: scope });

export const removeCreative = (scope: Scope, line: LineRef, creativeId: number) =>
  callApi('CreativesService', 'DeleteCreative', { ...line, creativeId }, { accountId: scope });
