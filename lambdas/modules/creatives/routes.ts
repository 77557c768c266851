import { creativeIdInput, creativesListInput, requestCreativeUpload } from './schemas';
import type { CreativeChange, CreativesList, CreativeUpload } from './replies';
import { replyOf, route } from '../../kit/route';

/**
 * CreativesService: image and video files on plan lines (docs/creatives.md). Uploads go
 * from the browser straight to the private creatives bucket through a pre-signed POST whose policy
 * holds the file to the company's limit and the declared type; the file's content is then checked
 * before it counts. Only a Draft version's lines change, under the same rules as a line edit; a
 * line's ImageCreatives / VideoCreatives follow its active files, so its creative fees do. Client
 * users read the creatives of Approved versions. Its own service, so only these Lambdas carry the
 * S3 code (and only they get the bucket's grants).
 */
export const requestCreativeUploadRoute = /* @__PURE__ */ route({
  service: 'CreativesService',
  method: 'RequestCreativeUpload',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: requestCreativeUpload,
  reply: replyOf<CreativeUpload>,
  summary:
    "A Pending creative on a Draft's line and a pre-signed POST for its file (413 when the declared size is over the company's limit)",
});

export const confirmCreativeUploadRoute = /* @__PURE__ */ route({
  service: 'CreativesService',
  method: 'ConfirmCreativeUpload',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: creativeIdInput,
  reply: replyOf<CreativeChange>,
  summary:
    "Checks the uploaded file's content (magic numbers), keeps it and makes the creative Active; the line's creative count follows",
});

export const getCreativesListRoute = /* @__PURE__ */ route({
  service: 'CreativesService',
  method: 'GetCreativesList',
  access: 'read',
  requires: 'signedIn',
  accountScope: 'required',
  input: creativesListInput,
  reply: replyOf<CreativesList>,
  summary: "A line's active creatives with short-lived URLs of their files (client users: Approved versions only)",
});

export const deleteCreativeRoute = /* @__PURE__ */ route({
  service: 'CreativesService',
  method: 'DeleteCreative',
  access: 'write',
  requires: 'staff',
  accountScope: 'required',
  input: creativeIdInput,
  reply: replyOf<CreativeChange>,
  summary: "Archives a creative of a Draft's line; the line's creative count follows",
});

/** Every route of the service, for the manifest (a handler imports its own route only). */
export const CREATIVES_SERVICE_ROUTES = [
  requestCreativeUploadRoute,
  confirmCreativeUploadRoute,
  getCreativesListRoute,
  deleteCreativeRoute,
] as const;
