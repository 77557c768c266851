import {
  bareCode,
  defaultSleep,
  envCredentials,
  localCredentials,
  signedPost,
  withRetries,
  type SignedReply,
} from './signed-post';
import { htmlWithLogo, logoPart, type MailLogo } from './mail-logo';

export type { MailLogo } from './mail-logo';

/**
 * E-mail: one interface, `Mailer`, and its Amazon SES v2 implementation (SendEmail,
 * `POST /v2/email/outbound-emails`, JSON). The request is signed here with the SDK's own SigV4 signer
 * (@smithy/signature-v4, already in every bundle through the DynamoDB caller) and sent with Node's
 * fetch, as aws/s3.ts does for S3: @aws-sdk/client-sesv2 would add its own client
 * stack to the stream Lambda's bundle for one call (docs/notifications.md "Email").
 *
 * A mail may carry the company's logo (`logo`): SES v2's Simple content takes it as an INLINE
 * attachment with a Content-ID and builds the multipart/related message, so still no MIME here.
 *
 * Where: `SES_ENDPOINT` (npm start, tests) is the local SES server (local/fakes/ses-server.ts, static
 * local credentials); unset, `https://email.<region>.amazonaws.com` with the Lambda role's
 * credentials from the environment. Throttling (429) and 5xx answers, and network failures, are
 * retried with a bounded, jittered backoff; anything else (a refused message, an expired token, a
 * reply that is not SES's) fails at once. Either way the caller gets a MailError and decides.
 */

export interface MailAttachment {
  /** Shown to the recipient; with its extension. */
  fileName: string;
  contentType: string;
  content: Buffer;
  /** Set: an inline part (disposition INLINE) the HTML shows as `cid:<contentId>`, not a file to open. */
  contentId?: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Files attached (a scheduled report's Excel file). Sent as SES v2 `Content.Simple.Attachments`
   * (SES builds the MIME message: `RawContent` base64 in the JSON, `ContentTransferEncoding` BASE64
   * in the mail), so no MIME is written here and a Hebrew subject stays SES's to encode.
   */
  attachments?: readonly MailAttachment[];
  /**
   * The company's logo, shown at the top of the HTML as an inline image (mail-logo.ts); a mail
   * without HTML, or without a logo, is sent as it is.
   */
  logo?: MailLogo;
}

export interface Mailer {
  /** Sends one mail; resolves to SES's MessageId, or throws a MailError. */
  send(mail: Mail): Promise<string>;
}

export class MailError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly attempts: number,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

export interface SesMailerOptions {
  /** The verified identity mails are sent from. */
  from: string;
  region?: string;
  /** A local SES-compatible server; unset: the region's SES endpoint. */
  endpoint?: string;
  credentials?: () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }>;
  /** Tries in all, the first included (default 3). */
  maxAttempts?: number;
  /** First backoff (default 200 ms), doubled each retry, with full jitter, never above maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Per-request timeout (default 5 s). */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const RETRYABLE_CODES = new Set([
  'TooManyRequestsException',
  'ThrottlingException',
  'Throttling',
  'InternalFailure',
  'ServiceUnavailable',
]);

/** SES v2's attachment object of one file or inline part. */
const attachmentOf = (a: MailAttachment) => ({
  FileName: a.fileName,
  ContentType: a.contentType,
  ContentDisposition: a.contentId ? 'INLINE' : 'ATTACHMENT',
  ...(a.contentId ? { ContentId: a.contentId } : {}),
  ContentTransferEncoding: 'BASE64',
  RawContent: a.content.toString('base64'),
});

/** The mail as sent: with its logo, the HTML shows it first and the image is one more (inline) part. */
function withLogo(mail: Mail): Mail {
  if (!mail.logo || !mail.html) return mail;
  return {
    ...mail,
    html: htmlWithLogo(mail.html, mail.logo),
    attachments: [...(mail.attachments ?? []), logoPart(mail.logo)],
  };
}

/** SES v2 SendEmail's JSON body for one mail. */
function sendEmailBody(from: string, original: Mail): string {
  const mail = withLogo(original);
  return JSON.stringify({
    FromEmailAddress: from,
    Destination: { ToAddresses: [mail.to] },
    Content: {
      Simple: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: {
          Text: { Data: mail.text, Charset: 'UTF-8' },
          ...(mail.html ? { Html: { Data: mail.html, Charset: 'UTF-8' } } : {}),
        },
        ...(mail.attachments?.length ? { Attachments: mail.attachments.map(attachmentOf) } : {}),
      },
    },
  });
}

/** SES's answer to one SendEmail: its MessageId, or a MailError (attempts 0, set by the retry). */
function messageIdOf({ res, text }: SignedReply): string {
  let json: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
  } catch {
    /* not JSON: judged below */
  }
  if (res.ok) {
    if (typeof json?.MessageId === 'string' && json.MessageId) return json.MessageId;
    throw new MailError(`SES answered ${res.status} without a MessageId`, 'MalformedReply', res.status, 0);
  }
  const code =
    bareCode(res.headers.get('x-amzn-errortype')) ||
    bareCode(json?.__type) ||
    (res.status >= 500 ? 'InternalFailure' : 'Unknown');
  const message = String(json?.message ?? json?.Message ?? (text.slice(0, 200) || res.statusText));
  throw new MailError(`SES refused the mail (${res.status} ${code}): ${message}`, code, res.status, 0);
}

const retryable = (e: MailError) =>
  e.code === 'NetworkError' || e.status === 429 || e.status >= 500 || RETRYABLE_CODES.has(e.code);

export function sesMailer(opts: SesMailerOptions): Mailer {
  const region = opts.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const base = (opts.endpoint ?? `https://email.${region}.amazonaws.com`).replace(/\/$/, '');
  const baseDelay = opts.baseDelayMs ?? 200;
  const maxDelay = opts.maxDelayMs ?? 2000;
  const post = signedPost({
    service: 'ses',
    region,
    url: new URL(`${base}/v2/email/outbound-emails`),
    credentials:
      opts.credentials ??
      (opts.endpoint
        ? localCredentials
        : async () => envCredentials((m) => new MailError(m, 'CredentialsMissing', 0, 0))),
    timeoutMs: opts.timeoutMs ?? 5000,
    unreachable: (err) => new MailError(`SES could not be reached: ${err.message}`, 'NetworkError', 0, 0),
  });

  return {
    async send(mail: Mail): Promise<string> {
      const body = sendEmailBody(opts.from, mail);
      return withRetries(async () => messageIdOf(await post({ 'content-type': 'application/json' }, body)), {
        maxAttempts: Math.max(1, opts.maxAttempts ?? 3),
        sleep: opts.sleep ?? defaultSleep,
        backoffMs: (attempt) => Math.min(maxDelay, baseDelay * 2 ** (attempt - 1)),
        asError: (err, attempt) =>
          err instanceof MailError ? err : new MailError((err as Error).message, 'Unknown', 0, attempt),
        retryable,
        giveUp: (e, attempt) => new MailError(e.message, e.code, e.status, attempt),
      });
    },
  };
}

/**
 * The stage's mailer, from the function's environment (lib/constructs/plan-notifications-stream.ts,
 * local/start.ts): `MAIL_FROM` set = email on; unset = in-app notifications only.
 */
export function mailerFromEnv(): Mailer | undefined {
  const from = process.env.MAIL_FROM;
  if (!from) return undefined;
  return sesMailer({ from, endpoint: process.env.SES_ENDPOINT || undefined });
}
