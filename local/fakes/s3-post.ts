import { S3Refusal } from './s3-sigv4';

/**
 * A browser-based upload (POST Object with a policy) as S3 reads it: the multipart form, and the
 * policy's expiration and conditions checked against the form and the file's size.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */

export interface PostForm {
  /** Form fields before the file, names lower-cased (S3 matches them case-insensitively). */
  fields: Map<string, string>;
  file: Buffer;
  /** The file part's own Content-Type (S3 ignores it: the form's Content-Type field is what is stored). */
  fileName?: string;
}

/** Parses multipart/form-data; S3 ignores whatever follows the file. */
export function parseMultipart(body: Buffer, contentType: string | undefined): PostForm {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  if (!/^multipart\/form-data/i.test(contentType ?? '') || !boundary) {
    throw new S3Refusal(412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data');
  }
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const fields = new Map<string, string>();
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const headEnd = body.indexOf('\r\n\r\n', start);
    const next = body.indexOf(delimiter, headEnd);
    if (headEnd < 0 || next < 0) break;
    const head = body.subarray(start, headEnd).toString('utf8');
    // The part's content ends with the CRLF before the next delimiter.
    const content = body.subarray(headEnd + 4, next - 2);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name !== undefined) {
      const lower = name.toLowerCase();
      if (lower === 'file')
        return { fields, file: Buffer.from(content), fileName: /filename="([^"]*)"/i.exec(head)?.[1] };
      fields.set(lower, content.toString('utf8'));
    }
    at = next;
  }
  throw new S3Refusal(400, 'InvalidArgument', 'POST requires exactly one file upload per request.', {
    ArgumentName: 'file',
    ArgumentValue: 0,
  });
}

type Condition = Record<string, string> | [string, string | number, string | number];

interface Policy {
  expiration: string;
  conditions: Condition[];
}

/** Fields no condition needs to name. */
const EXEMPT = new Set(['policy', 'x-amz-signature', 'file']);

const refuse = (why: string) => new S3Refusal(403, 'AccessDenied', `Invalid according to Policy: ${why}`);

/**
 * Checks the decoded policy against the form (bucket from the URL) and the file's size: expired,
 * a failed condition, a form field that no condition names (403 AccessDenied), or a file outside
 * content-length-range (400 EntityTooLarge / EntityTooSmall, as S3 answers).
 */
export function checkPolicy(policyBase64: string, bucket: string, form: PostForm, now = new Date()): void {
  let policy: Policy;
  try {
    policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as Policy;
  } catch {
    throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expires = Date.parse(policy.expiration);
  if (!Number.isFinite(expires) || !Array.isArray(policy.conditions))
    throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: expiration and conditions are required.');
  if (now.getTime() > expires) throw refuse('Policy expired.');

  const value = (name: string) => (name === 'bucket' ? bucket : form.fields.get(name));
  const named = new Set<string>();
  let range: [number, number] | undefined;
  for (const c of policy.conditions) {
    if (Array.isArray(c)) {
      const [op, a, b] = c;
      if (op === 'content-length-range') {
        range = [Number(a), Number(b)];
        continue;
      }
      const name = String(a).replace(/^\$/, '').toLowerCase();
      named.add(name);
      const actual = value(name) ?? '';
      const ok = op === 'eq' ? actual === String(b) : op === 'starts-with' ? actual.startsWith(String(b)) : false;
      if (!ok) throw refuse(`Policy Condition failed: ${JSON.stringify(c)}`);
    } else {
      for (const [k, v] of Object.entries(c)) {
        const name = k.toLowerCase();
        named.add(name);
        if ((value(name) ?? '') !== String(v))
          throw refuse(`Policy Condition failed: ${JSON.stringify(['eq', `$${k}`, v])}`);
      }
    }
  }
  const extra = [...form.fields.keys()].filter((k) => !EXEMPT.has(k) && !k.startsWith('x-ignore-') && !named.has(k));
  if (extra.length) throw refuse(`Extra input fields: ${extra.join(', ')}`);
  if (range) {
    const size = form.file.length;
    if (size > range[1])
      throw new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
        ProposedSize: size,
        MaxSizeAllowed: range[1],
      });
    if (size < range[0])
      throw new S3Refusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size', {
        ProposedSize: size,
        MinSizeAllowed: range[0],
      });
  }
}
