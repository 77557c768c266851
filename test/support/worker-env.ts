/**
 * Which of the run's engines a test file uses. Integration suites run in parallel jest workers; each
 * worker has a DynamoDB Local of its own with its table, and its own change-stream host
 * (global-setup.ts). JEST_WORKER_ID is 1…maxWorkers (1 with --runInBand).
 */
export const TEST_TABLE_PREFIX = 'mixdesk-test-w';

export function workerTableName(worker: number): string {
  return `${TEST_TABLE_PREFIX}${worker}`;
}

/** Points this test file at its worker's DynamoDB Local, table and stream host (jest's setupFiles: once per file). */
export function applyWorkerEnv(env: NodeJS.ProcessEnv = process.env): void {
  const worker = Number(env.JEST_WORKER_ID ?? '1') || 1;
  const urls = (env.MIXDESK_TEST_STREAMS_URLS ?? '').split(',').filter(Boolean);
  const dynamos = (env.MIXDESK_TEST_DYNAMO_ENDPOINTS ?? '').split(',').filter(Boolean);
  if (!env.MIXDESK_TEST_TABLE_PREFIX || urls.length === 0) return; // engines not started (a project without them)
  if (worker > urls.length || worker > dynamos.length)
    throw new Error(`jest worker ${worker} has no engines: the global setup started ${urls.length}`);
  env.MIXDESK_TEST_DYNAMO_ENDPOINT = dynamos[worker - 1];
  env.MIXDESK_TEST_TABLE = workerTableName(worker);
  env.MIXDESK_TEST_STREAMS_URL = urls[worker - 1];
  // Code under test reads these as Lambda does; a file that calls useTestTable() sets them again.
  env.TABLE_NAME = env.MIXDESK_TEST_TABLE;
  env.DYNAMODB_ENDPOINT = env.MIXDESK_TEST_DYNAMO_ENDPOINT;
  env.AWS_REGION ??= 'local';
  env.AWS_ACCESS_KEY_ID ??= 'local';
  env.AWS_SECRET_ACCESS_KEY ??= 'local';
}
