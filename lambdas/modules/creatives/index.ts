/** What other modules may use of creatives: nothing else of this folder. */
export { KEPT_PREFIX, UPLOAD_PREFIX } from './file-store.s3';
