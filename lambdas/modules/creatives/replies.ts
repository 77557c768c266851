import type { CreativeKind } from '../../shared/creative-content';
import type { Stamped } from '../../shared/replies/reply';

/**
 * Replies of CreativesService: image and video files on plan lines. A creative is
 * Pending from the upload request until its file is confirmed (then Active); removing it archives it.
 */
export type CreativeStatus = 'Pending' | 'Active' | 'Archived';

export interface CreativeView extends Stamped {
  ID: number;
  MediaMixId: number;
  MediaChannelId: number;
  Kind: CreativeKind;
  /** As the user named it (shown only: the stored object's key never comes from it). */
  FileName: string;
  /** Declared while Pending; what the content was found to be once Active. */
  ContentType: string;
  /** Bytes: declared while Pending, stored once Active. */
  Size: number;
  Status: CreativeStatus;
  ArchivedAt: string | null;
  ArchivedBy: string | null;
}

/** The line's creative counts after a change (what its creative fees are priced on), and its new version. */
export interface CreativeLineCounts {
  ID: number;
  ImageCreatives: number;
  VideoCreatives: number;
  version: number;
}

/**
 * RequestCreativeUpload: the Pending creative and a browser upload straight to storage — POST the
 * `Fields` then the file (as the form's last field, `file`) to `Url` before `ExpiresAt`; storage
 * refuses a file over `MaxBytes` or of another Content-Type.
 */
export interface CreativeUpload {
  Creative: CreativeView;
  Url: string;
  Fields: Record<string, string>;
  MaxBytes: number;
  ExpiresAt: string;
}

/** ConfirmCreativeUpload / DeleteCreative: the creative and the line's counts. */
export interface CreativeChange {
  Creative: CreativeView;
  Line: CreativeLineCounts;
}

/** An active creative with a short-lived URL of its file (thumbnails, preview). */
export interface CreativeListItem extends CreativeView {
  Url: string;
}

/** GetCreativesList: a line's active creatives, whether the caller may change them, and the company's limits. */
export interface CreativesList {
  Items: CreativeListItem[];
  /** Staff on a Draft version; false for client users and any other status. */
  Editable: boolean;
  /** When the Urls stop working: read the list again after it. */
  UrlsExpireAt: string;
  MaxImageBytes: number;
  MaxVideoBytes: number;
}
