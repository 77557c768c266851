import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { sha256Hex, signingKey, uriEncode, type Credentials } from './s3-sigv4';

/**
 * A local Amazon SES v2 for `npm start`, the tests and the browser journeys: it speaks SendEmail's
 * wire format (`POST /v2/email/outbound-emails`, JSON in, `{"MessageId"}` out, errors as SES's
 * rest-json: status, `x-amzn-ErrorType`, `{"message"}`), checks the SigV4 signature (service `ses`),
 * and keeps what it accepted — shown, newest first, by a small mail catcher page at `/`, so a new
 * user of `npm start` sees the mail that would have been sent.
 *
 * Faults, for the Mailer's tests and anyone curious: `injectFault(kind, times)` in process or
 * `POST /_fake/faults {"kind","times"}` over HTTP makes the next requests fail as SES can fail —
 * throttled (429 TooManyRequestsException), a server error (500 InternalFailure), a reply that is
 * not SES's (200 with an HTML body), an expired session token (403 ExpiredTokenException).
 * `GET /_fake/mails` answers the caught mails as JSON (newest first); `DELETE /_fake/mails` empties it.
 * Attachments (`Content.Simple.Attachments`, SES v2's attachment object: FileName, ContentType,
 * RawContent base64) are kept with each mail as `Attachments: [{ FileName, ContentType, Base64 }]`;
 * an inline part (ContentDisposition INLINE: the company's logo the HTML shows as `cid:`) also
 * with its `ContentDisposition` and `ContentId`.
 */
export type SesFault = 'throttle' | 'serverError' | 'malformed' | 'expiredToken';

export const SES_FAULTS: readonly SesFault[] = ['throttle', 'serverError', 'malformed', 'expiredToken'];

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

export interface FakeSesOptions {
  port: number;
  host?: string;
  credentials: readonly Credentials[];
  /** Mails kept (oldest dropped first); default 500. */
  keep?: number;
  log?: (line: string) => void;
}

export interface FakeSes {
  endpoint: string;
  port: number;
  server: Server;
  /** Newest first. */
  mails(): CaughtMail[];
  clear(): void;
  /** The next `times` SendEmail requests fail with `kind`. */
  injectFault(kind: SesFault, times?: number): void;
  /** SendEmail requests received, accepted or not. */
  requests(): number;
  stop(): Promise<void>;
}

class SesRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY = 10 * 1024 * 1024; // SES v2's limit on a whole message is 40 MB; a local fake needs far less
const MAX_SKEW_MS = 15 * 60 * 1000;

const hmacHex = (key: Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest('hex');

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** SigV4 of a request to SES (no query string, the body's hash signed). Throws the refusal SES would answer. */
export function verifySesSignature(
  req: { method: string; path: string; headers: IncomingMessage['headers']; body: Buffer },
  keys: readonly Credentials[],
  now = new Date(),
): void {
  const auth = req.headers.authorization;
  const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
    auth ?? '',
  );
  if (!m) throw new SesRefusal(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
  const [accessKeyId, day, region, service, terminal] = m[1].split('/');
  if (!accessKeyId || !day || !region || service !== 'ses' || terminal !== 'aws4_request') {
    throw new SesRefusal(
      403,
      'IncompleteSignatureException',
      `Credential should be scoped to a valid region and the service ses: ${m[1]}`,
    );
  }
  const key = keys.find((k) => k.accessKeyId === accessKeyId);
  if (!key)
    throw new SesRefusal(403, 'UnrecognizedClientException', 'The security token included in the request is invalid.');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const d = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!d || `${d[1]}${d[2]}${d[3]}` !== day)
    throw new SesRefusal(
      403,
      'IncompleteSignatureException',
      'X-Amz-Date is missing or does not match the credential scope',
    );
  const at = Date.UTC(+d[1], +d[2] - 1, +d[3], +d[4], +d[5], +d[6]);
  if (Math.abs(now.getTime() - at) > MAX_SKEW_MS)
    throw new SesRefusal(
      403,
      'InvalidSignatureException',
      'Signature expired: the request time is too far from the current time',
    );
  const signed = m[2].split(';');
  if (!signed.includes('host'))
    throw new SesRefusal(403, 'IncompleteSignatureException', 'The host header must be signed');
  const headers = signed
    .map((h) => {
      const v = req.headers[h];
      return `${h}:${(Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const path = req.path
    .split('/')
    .map((s) => uriEncode(decodeURIComponent(s)))
    .join('/');
  const canonical = [req.method, path || '/', '', headers, signed.join(';'), sha256Hex(req.body)].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/${region}/ses/aws4_request`, sha256Hex(canonical)].join('\n');
  if (!sameHex(hmacHex(signingKey(key.secretAccessKey, day, region, 'ses'), toSign), m[3])) {
    throw new SesRefusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Web addresses of an escaped text made links (ending at a quote or bracket), so a mailed link (an order's, a confirmation's) opens from the catcher. */
const linked = (escaped: string) =>
  escaped.replace(/\bhttps?:\/\/(?:(?!&quot;|&lt;|&gt;|&#39;)[^\s<])+/g, (url) => `<a href="${url}">${url}</a>`);

/** The mail catcher page: every caught mail, newest first, everything escaped (a mail's HTML opens sandboxed on its own page). */
export function catcherPage(mails: readonly CaughtMail[]): string {
  const rows = mails
    .map(
      (m) => `
<article class="mail" data-message-id="${escapeHtml(m.MessageId)}">
  <h2>${escapeHtml(m.Subject)}</h2>
  <p class="meta">To <b>${escapeHtml(m.To.join(', '))}</b> · from ${escapeHtml(m.From)} · <time>${escapeHtml(m.At)}</time>${m.Html ? ` · <a href="/mails/${encodeURIComponent(m.MessageId)}/html">HTML version</a>` : ''}</p>
  <pre dir="auto">${linked(escapeHtml(m.Text))}</pre>${
    m.Attachments?.length
      ? `
  <p class="meta">Attached: ${m.Attachments.map((a) => `<b>${escapeHtml(a.FileName)}</b> (${escapeHtml(a.ContentType)}, ${Math.floor((a.Base64.length * 3) / 4)} bytes)`).join(', ')}</p>`
      : ''
  }
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mixdesk mail catcher</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}.mail{border:1px solid #ccc;border-radius:6px;padding:0 1rem;margin:1rem 0}.meta{color:#555}pre{white-space:pre-wrap;font-family:inherit}</style>
</head><body>
<h1>Mixdesk mail catcher</h1>
<p>What Mixdesk would have e-mailed through Amazon SES, newest first (${mails.length} caught; kept in memory until the stack stops).</p>
${rows || '<p id="no-mail">No mail yet.</p>'}
</body></html>`;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new SesRefusal(413, 'BadRequestException', 'The request is too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

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
function mailOf(body: Buffer, messageId: string): CaughtMail {
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

export async function startFakeSes(opts: FakeSesOptions): Promise<FakeSes> {
  const host = opts.host ?? '127.0.0.1';
  const keep = opts.keep ?? 500;
  const log = opts.log ?? (() => undefined);
  const caught: CaughtMail[] = [];
  const faults: SesFault[] = [];
  let received = 0;

  const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
  const refuse = (res: ServerResponse, r: SesRefusal) =>
    json(
      res,
      r.status,
      { message: r.message },
      {
        'x-amzn-errortype': `${r.code}:http://internal.amazon.com/coral/com.amazonaws.sesv2/`,
        'x-amzn-requestid': randomUUID(),
      },
    );

  function injectFault(kind: SesFault, times = 1) {
    for (let i = 0; i < times; i++) faults.push(kind);
  }

  async function sendEmail(req: IncomingMessage, res: ServerResponse, path: string) {
    received++;
    const body = await readBody(req);
    const fault = faults.shift();
    if (fault === 'throttle')
      return refuse(res, new SesRefusal(429, 'TooManyRequestsException', 'Maximum sending rate exceeded.'));
    if (fault === 'serverError')
      return refuse(
        res,
        new SesRefusal(
          500,
          'InternalFailure',
          'The request processing has failed because of an unknown error, exception or failure.',
        ),
      );
    if (fault === 'expiredToken')
      return refuse(
        res,
        new SesRefusal(403, 'ExpiredTokenException', 'The security token included in the request is expired'),
      );
    if (fault === 'malformed')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body>Service Temporarily Unavailable</body></html>');
    verifySesSignature({ method: req.method ?? 'POST', path, headers: req.headers, body }, opts.credentials);
    const mail = mailOf(body, `${Date.now().toString(36)}-${randomUUID()}`);
    caught.unshift(mail);
    caught.splice(keep);
    log(`ses: caught "${mail.Subject}" to ${mail.To.join(', ')}`);
    json(res, 200, { MessageId: mail.MessageId });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const route = `${req.method} ${url.pathname}`;
    const run = async () => {
      if (route === 'POST /v2/email/outbound-emails') return sendEmail(req, res, url.pathname);
      if (route === 'GET /' || route === 'GET /index.html') {
        return res
          .writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
            'cache-control': 'no-store',
          })
          .end(catcherPage(caught));
      }
      const html = /^\/mails\/([^/]+)\/html$/.exec(url.pathname);
      if (req.method === 'GET' && html) {
        const mail = caught.find((m) => m.MessageId === decodeURIComponent(html[1]));
        if (!mail?.Html) return res.writeHead(404, { 'content-type': 'text/plain' }).end('No such mail');
        // The mail's own HTML, sandboxed: no script runs, nothing is loaded.
        return res
          .writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'",
          })
          .end(mail.Html);
      }
      if (route === 'GET /_fake/mails') return json(res, 200, caught);
      if (route === 'DELETE /_fake/mails') {
        caught.length = 0;
        return res.writeHead(204).end();
      }
      if (route === 'POST /_fake/faults') {
        const input = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { kind?: SesFault; times?: number };
        if (!input.kind || !SES_FAULTS.includes(input.kind))
          return json(res, 400, { message: `kind must be one of ${SES_FAULTS.join(', ')}` });
        injectFault(input.kind, Math.min(Math.max(1, Number(input.times) || 1), 100));
        return res.writeHead(204).end();
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    };
    run().catch((err) => {
      if (res.headersSent) return;
      if (err instanceof SesRefusal) refuse(res, err);
      else refuse(res, new SesRefusal(500, 'InternalFailure', (err as Error).message));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    endpoint: `http://${host}:${port}`,
    port,
    server,
    mails: () => [...caught],
    clear: () => void (caught.length = 0),
    injectFault,
    requests: () => received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
