import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  status: number;
  body: string;
  headers?: Record<string, string>;
  /** Never answer (a stalled connection). */
  hang?: boolean;
}

export interface ScriptedRequest {
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ScriptedServer {
  /** `http://127.0.0.1:<port>` with a trailing slash. */
  endpoint: string;
  /** The replies still to give, in order (each test sets its own; emptied before each). */
  script: ScriptedReply[];
  /** The requests received since the test began. */
  received: ScriptedRequest[];
}

/**
 * A local HTTP server for a suite (started before it, closed after): each request is answered with
 * the next scripted reply, `fallback` once the script runs out, and recorded. What the AWS callers'
 * tests use to play a service's replies and faults over real HTTP.
 */
export function scriptedServer(fallback: ScriptedReply): ScriptedServer {
  const state: ScriptedServer = { endpoint: '', script: [], received: [] };
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        state.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const reply = state.script.shift() ?? fallback;
        if (reply.hang) return;
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    state.script = [];
    state.received = [];
  });
  return state;
}
