import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBodyBytes } from './platform-fake-server';
import type { Credentials } from './s3-sigv4';
import { verifyServiceSignature, type SignedService } from './service-sigv4';

/** SES v2's SendEmail on the wire, for the local SES: its signature, its errors, the mail it carries. */

export interface CaughtMail {
  MessageId: string;
  At: string;
  From: string;
  To: string[];
  Subject: string;
  Text: string;
  Html: string;
  Attachments: CaughtAttachment[];
}

export interface CaughtAttachment {
  FileName: string;
  ContentType: string;
  /** The file, base64 (as SES received it in RawContent). */
  Base64: string;
  /** Only on an inline part: 'INLINE' and the Content-ID its HTML names. */
  ContentDisposition?: 'INLINE';
  ContentId?: string;
}

export class SesRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY = 10 * 1024 * 1024; // SES v2's limit on a whole message is 40 MB; a local fake needs far less
const SES: SignedService = {
  service: 'ses',
  mustSign: [],
  refuse: (code, message) => new SesRefusal(403, code, message),
  mismatchCode: 'SignatureDoesNotMatch',
  encodePath: true,
};

/** SigV4 of a request to SES (no query string, the body's hash signed). Throws the refusal SES would answer. */
export function verifySesSignature(
  req: { method: string; path: string; headers: IncomingMessage['headers']; body: Buffer },
  keys: readonly Credentials[],
  now = new Date(),
): void {
  verifyServiceSignature(req, keys, SES, now);
}

export const readBody = (req: IncomingMessage): Promise<Buffer> =>
  readBodyBytes(req, MAX_BODY, () => new SesRefusal(413, 'BadRequestException', 'The request is too large'));

const text = (v: unknown) => (typeof v === 'string' ? v : '');

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** `Content.Simple.Attachments` → what is kept; SES's BadRequestException for a malformed one (FileName and RawContent required, RawContent base64). */
function attachmentsOf(v: unknown): CaughtAttachment[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new SesRefusal(400, 'BadRequestException', 'Content.Simple.Attachments must be a list');
  type Attachment = {
    FileName?: unknown;
    ContentType?: unknown;
    RawContent?: unknown;
    ContentDisposition?: unknown;
    ContentId?: unknown;
  };
  return v.map((a: Attachment, i) => {
    const raw = text(a?.RawContent);
    if (!text(a?.FileName)) throw new SesRefusal(400, 'BadRequestException', `Attachments[${i}].FileName is required`);
    if (!raw || raw.length % 4 !== 0 || !BASE64.test(raw))
      throw new SesRefusal(400, 'BadRequestException', `Attachments[${i}].RawContent must be base64`);
    const disposition = a.ContentDisposition ?? 'ATTACHMENT';
    if (disposition !== 'ATTACHMENT' && disposition !== 'INLINE')
      throw new SesRefusal(
        400,
        'BadRequestException',
        `Attachments[${i}].ContentDisposition must be ATTACHMENT or INLINE`,
      );
    const kept = {
      FileName: text(a.FileName),
      ContentType: text(a.ContentType) || 'application/octet-stream',
      Base64: raw,
    };
    return disposition === 'INLINE'
      ? { ...kept, ContentDisposition: 'INLINE' as const, ContentId: text(a.ContentId) }
      : kept;
  });
}

/** A SendEmail body → the mail, or the BadRequestException SES answers. */
export function mailOf(body: Buffer, messageId: string): CaughtMail {
  /** SendEmail's input, as far as this fake reads it. */
  interface Part {
    Data?: unknown;
  }
  let input: {
    FromEmailAddress?: unknown;
    Destination?: { ToAddresses?: unknown };
    Content?: { Simple?: { Subject?: Part; Body?: { Text?: Part; Html?: Part }; Attachments?: unknown } };
  } | null;
  try {
    input = JSON.parse(body.toString('utf8'));
  } catch {
    throw new SesRefusal(400, 'BadRequestException', 'The request body is not valid JSON');
  }
  const to = input?.Destination?.ToAddresses;
  const simple = input?.Content?.Simple;
  const from = text(input?.FromEmailAddress);
  if (!from)
    throw new SesRefusal(
      400,
      'BadRequestException',
      'FromEmailAddress is required (this fake has no default identity)',
    );
  if (!Array.isArray(to) || !to.length || !to.every((a): a is string => typeof a === 'string' && a.includes('@'))) {
    throw new SesRefusal(400, 'BadRequestException', 'Destination.ToAddresses must name at least one address');
  }
  if (!simple || !text(simple.Subject?.Data) || !(text(simple.Body?.Text?.Data) || text(simple.Body?.Html?.Data))) {
    throw new SesRefusal(
      400,
      'BadRequestException',
      'Content.Simple needs Subject.Data and Body.Text or Body.Html (Raw and Template are not implemented by this fake)',
    );
  }
  return {
    MessageId: messageId,
    At: new Date().toISOString(),
    From: from,
    To: to,
    Subject: text(simple.Subject?.Data),
    Text: text(simple.Body?.Text?.Data),
    Html: text(simple.Body?.Html?.Data),
    Attachments: attachmentsOf(simple.Attachments),
  };
}

export const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));

export const refuse = (res: ServerResponse, r: SesRefusal) =>
  json(
    res,
    r.status,
    { message: r.message },
    {
      'x-amzn-errortype': `${r.code}:http://internal.amazon.com/coral/com.amazonaws.sesv2/`,
      'x-amzn-requestid': randomUUID(),
    },
  );
