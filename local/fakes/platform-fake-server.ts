import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * The scaffold every ad-platform fake shares (google-ads-server.ts, meta-ads-server.ts,
 * tiktok-ads-server.ts): the HTTP server, its one fault injector route (`POST /_fake/faults
 * {"kind","times",…}` queues a fault of a kind the fake knows, `DELETE /_fake/faults` clears them),
 * a thrown error handed to the platform's own error reply, and a stop that lets nothing hang.
 * Each fake brings its wire format (`handle`) and its faults; the scaffold the rest.
 */
export interface PlatformFakeOptions<Kind extends string> {
  host: string;
  /** 0: any free port. */
  port: number;
  /** The fault kinds the fake knows: another kind is a 400. */
  faultKinds: readonly Kind[];
  injectFault(kind: Kind, params: Record<string, unknown>): void;
  clearFaults(): void;
  /** The platform's API: every request but the fault injector's. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<unknown> | void;
  /** A thrown error as the platform would answer it (its refusals, else a 500 in its format). */
  answerError(err: unknown, req: IncomingMessage, res: ServerResponse, url: URL): void;
  /** What else stopping lets go (held responses, timers). */
  onStop?(): void;
}

/**
 * A platform's fake as `npm start` runs it (platform-fakes.ts lists them by platform id): its
 * endpoint, the environment its client reads (the spec's apiUrlEnv, and any other), its start
 * banner's words (the API it fakes, its demo tokens) and the campaign names the demo links map.
 */
export interface RunningPlatformFake<Names = unknown> {
  endpoint: string;
  env: Record<string, string>;
  /** The banner's name of the platform ("Meta Ads") and what follows its endpoint. */
  bannerName: string;
  banner: string;
  names: Names;
  stop(): Promise<void>;
}

export interface PlatformFakeServer {
  server: Server;
  port: number;
  endpoint: string;
  stop(): Promise<void>;
}

/** A request's body. Over `max` bytes: `tooLarge()` is thrown when given (the service's own refusal). */
export function readBodyBytes(req: IncomingMessage, max: number, tooLarge?: () => Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (tooLarge && size > max) {
        reject(tooLarge());
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * A request's body as text. Over `max` bytes: `tooLarge()` is thrown when given (the platform's own
 * refusal), else the text is cut at `max` characters.
 */
export async function readBody(req: IncomingMessage, max = 1024 * 1024, tooLarge?: () => Error): Promise<string> {
  const text = (await readBodyBytes(req, max, tooLarge)).toString('utf8');
  return tooLarge ? text : text.slice(0, max);
}

/** The fault injector's route; true when the request was its. */
async function faultRoute<Kind extends string>(
  o: PlatformFakeOptions<Kind>,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  if (url.pathname !== '/_fake/faults') return false;
  if (req.method === 'POST') {
    const input = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown> & { kind?: Kind };
    if (!input.kind || !o.faultKinds.includes(input.kind)) {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: `kind must be one of ${o.faultKinds.join(', ')}` }));
      return true;
    }
    o.injectFault(input.kind, input);
    res.writeHead(204).end();
    return true;
  }
  if (req.method === 'DELETE') {
    o.clearFaults();
    res.writeHead(204).end();
    return true;
  }
  return false;
}

/**
 * A `timeout` fault: holds the call until `ms` pass or the client leaves (the timer is in `hanging`,
 * for the fake's stop to clear), then answers 504 if the call is still open.
 */
export async function holdCall(
  hanging: Set<NodeJS.Timeout>,
  req: IncomingMessage,
  res: ServerResponse,
  ms: number,
): Promise<void> {
  await new Promise<void>((resolve) => {
    const t = setTimeout(() => {
      hanging.delete(t);
      resolve();
    }, ms);
    hanging.add(t);
    req.once('close', () => {
      clearTimeout(t);
      hanging.delete(t);
      resolve();
    });
  });
  if (!res.writableEnded && !res.destroyed) res.writeHead(504, { 'content-type': 'text/plain' }).end('Gateway Timeout');
}

export async function startPlatformFake<Kind extends string>(
  o: PlatformFakeOptions<Kind>,
): Promise<PlatformFakeServer> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? o.host}`);
    const run = async () => {
      if (await faultRoute(o, req, res, url)) return;
      await o.handle(req, res, url);
    };
    run().catch((err: unknown) => o.answerError(err, req, res, url));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : o.port;
  return {
    server,
    port,
    endpoint: `http://${o.host}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        o.onStop?.();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
