import { createServer, type Server } from 'node:http';
import { handler as auditLineChanges } from '../../lambdas/streams/audit-line-changes';
import { notifyPlanChanges } from '../../lambdas/streams/notify-plan-changes';
import { matchesPlanNotifyFilter } from '../../lambdas/streams/stream-handlers';
import { setLocalHandlerEnv } from '../../local/api-server';
import { LOCAL_HOST } from '../../local/ports';
import { startStreamPoller, type StreamPoller } from '../../local/stream-poller';

/**
 * The change-stream consumers of ONE test table, in a process of their own: the audit handler and
 * the plan-notification handler, fed by local/stream-poller.ts as Lambda's event source mappings
 * feed them in the cloud. The stream handlers write to the table named by TABLE_NAME, which is
 * process-wide, so each worker's table gets its own host (global-setup.ts starts one per jest
 * worker). Tests reach it over loopback HTTP: `GET /settle` answers once every record written
 * before the request has been handled (test/support/streams.ts).
 *
 *   tsx test/support/stream-host.ts   (env: TABLE_NAME, DYNAMODB_ENDPOINT)
 *
 * It prints one line, `{"port":N}`, once it listens, and stops when its standard input closes, so
 * a jest run that dies never leaves it behind.
 */

/** A settle that takes longer than this answers 504, so a test fails instead of hanging. */
const SETTLE_TIMEOUT_MS = 30_000;

function startSettleServer(pollers: StreamPoller[]): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/settle') {
      res.writeHead(404).end();
      return;
    }
    const answer = (status: number, text: string) => {
      clearTimeout(timer);
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    };
    const timer = setTimeout(
      () => answer(504, `the stream poller did not settle within ${SETTLE_TIMEOUT_MS} ms`),
      SETTLE_TIMEOUT_MS,
    );
    Promise.all(pollers.map((p) => p.settle())).then(
      () => answer(200, 'settled'),
      (err: Error) => answer(500, err.message),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOCAL_HOST, () => resolve(server));
  });
}

async function main(): Promise<void> {
  const tableName = process.env.TABLE_NAME;
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (!tableName || !endpoint) throw new Error('stream-host needs TABLE_NAME and DYNAMODB_ENDPOINT');
  setLocalHandlerEnv({ tableName, dynamoEndpoint: endpoint });
  const log = (line: string) => process.stderr.write(`[stream-host ${tableName}] ${line}\n`);
  const pollers = [
    startStreamPoller({ endpoint, tableName, handler: auditLineChanges, log }),
    startStreamPoller({ endpoint, tableName, handler: notifyPlanChanges({}), filter: matchesPlanNotifyFilter, log }),
  ];
  const server = await startSettleServer(pollers);
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  const stop = async () => {
    server.closeAllConnections();
    server.close();
    await Promise.all(pollers.map((p) => p.stop()));
    process.exit(0);
  };
  process.stdin.on('end', () => void stop());
  process.stdin.on('error', () => void stop());
  process.stdin.resume();
  process.on('SIGTERM', () => void stop());
}

main().catch((err: Error) => {
  process.stderr.write(`stream-host: ${err.stack ?? err.message}\n`);
  process.exit(1);
});
