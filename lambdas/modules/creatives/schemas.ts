// Named imports, not the `z` namespace (see fields.ts).
import { enum as oneOf, int as integer, object, type output } from 'zod/mini';
import { id, preprocess, requiredText, rule } from '../../shared/schema-fields';

const numberish = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v);

/** The line a creative belongs to: its version (mix) and its id. */
const line = { mediaMixId: id(), mediaChannelId: id() };

export const creativeKind = () => oneOf(['image', 'video'], { message: 'must be image or video' });

/**
 * RequestCreativeUpload. `size` is what the browser says the file weighs: any whole number of bytes
 * is taken here, so one over the company's limit is answered 413 naming the limit (not a 400); the
 * storage policy then holds the upload to the limit whatever was declared.
 */
export const requestCreativeUpload = object({
  ...line,
  kind: creativeKind(),
  fileName: requiredText(255),
  size: preprocess(numberish, integer().check(rule((n: number) => n > 0, 'POSITIVE'))),
  contentType: requiredText(100),
});

export const creativeIdInput = object({ ...line, creativeId: id() });

export const creativesListInput = object(line);

export type RequestCreativeUploadInput = output<typeof requestCreativeUpload>;
