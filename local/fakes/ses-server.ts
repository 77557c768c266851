import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { catcherPage } from './ses-catcher';
import { json, mailOf, readBody, refuse, SesRefusal, verifySesSignature, type CaughtMail } from './ses-wire';
import type { Credentials } from './s3-sigv4';

export { catcherPage } from './ses-catcher';
export type { CaughtMail } from './ses-wire';

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

/** A fault's refusal (throws), or its answer that is not SES's; false when there is none. */
function answerFault(res: ServerResponse, fault: SesFault | undefined): boolean {
  if (fault === 'throttle') throw new SesRefusal(429, 'TooManyRequestsException', 'Maximum sending rate exceeded.');
  if (fault === 'serverError')
    throw new SesRefusal(
      500,
      'InternalFailure',
      'The request processing has failed because of an unknown error, exception or failure.',
    );
  if (fault === 'expiredToken')
    throw new SesRefusal(403, 'ExpiredTokenException', 'The security token included in the request is expired');
  if (fault !== 'malformed') return false;
  res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Service Temporarily Unavailable</body></html>');
  return true;
}

/** The caught mails, the faults queued, and the pages that show them. */
class MailCatcher {
  readonly caught: CaughtMail[] = [];
  private readonly faults: SesFault[] = [];
  received = 0;

  constructor(private readonly opts: FakeSesOptions) {}

  injectFault(kind: SesFault, times = 1): void {
    for (let i = 0; i < times; i++) this.faults.push(kind);
  }

  async sendEmail(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    this.received++;
    const body = await readBody(req);
    if (answerFault(res, this.faults.shift())) return;
    verifySesSignature({ method: req.method ?? 'POST', path, headers: req.headers, body }, this.opts.credentials);
    const mail = mailOf(body, `${Date.now().toString(36)}-${randomUUID()}`);
    this.caught.unshift(mail);
    this.caught.splice(this.opts.keep ?? 500);
    this.opts.log?.(`ses: caught "${mail.Subject}" to ${mail.To.join(', ')}`);
    json(res, 200, { MessageId: mail.MessageId });
  }

  /** A caught mail's own HTML, sandboxed: no script runs, nothing is loaded. */
  private mailHtml(res: ServerResponse, messageId: string): void {
    const mail = this.caught.find((m) => m.MessageId === messageId);
    if (!mail?.Html) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('No such mail');
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'",
      })
      .end(mail.Html);
  }

  async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'POST /v2/email/outbound-emails') return this.sendEmail(req, res, url.pathname);
    if (route === 'GET /' || route === 'GET /index.html') {
      return void res
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
          'cache-control': 'no-store',
        })
        .end(catcherPage(this.caught));
    }
    const html = /^\/mails\/([^/]+)\/html$/.exec(url.pathname);
    if (req.method === 'GET' && html) return this.mailHtml(res, decodeURIComponent(html[1]));
    if (route === 'GET /_fake/mails') return void json(res, 200, this.caught);
    if (route === 'DELETE /_fake/mails') {
      this.caught.length = 0;
      return void res.writeHead(204).end();
    }
    if (route === 'POST /_fake/faults') {
      const input = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { kind?: SesFault; times?: number };
      if (!input.kind || !SES_FAULTS.includes(input.kind))
        return void json(res, 400, { message: `kind must be one of ${SES_FAULTS.join(', ')}` });
      this.injectFault(input.kind, Math.min(Math.max(1, Number(input.times) || 1), 100));
      return void res.writeHead(204).end();
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }
}

export async function startFakeSes(opts: FakeSesOptions): Promise<FakeSes> {
  const host = opts.host ?? '127.0.0.1';
  const catcher = new MailCatcher(opts);
  const server = createServer((req, res) => {
    catcher.route(req, res).catch((err) => {
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
    mails: () => [...catcher.caught],
    clear: () => void (catcher.caught.length = 0),
    injectFault: (kind, times) => catcher.injectFault(kind, times),
    requests: () => catcher.received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
