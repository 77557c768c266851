import { get } from 'node:http';

/**
 * Waits until the change-stream records of every write made so far have been handled (audit
 * entries of one-write line changes, lambdas/streams/audit-line-changes.ts). The jest global setup
 * runs one stream poller for the whole run, in jest's own process; this asks it over loopback HTTP,
 * which works from a worker process and with --runInBand alike. Call it before reading what the
 * stream writes, or before a snapshot that must not change under you.
 */
export async function settleStreams(): Promise<void> {
  const base = process.env.MIXDESK_TEST_STREAMS_URL;
  if (!base)
    throw new Error(
      'MIXDESK_TEST_STREAMS_URL is unset: run the tests through jest, whose globalSetup starts the stream poller',
    );
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    // No keep-alive: a pooled socket would outlive the test file.
    const req = get(`${base}/settle`, { agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  if (status !== 200) throw new Error(`settleStreams: ${status} ${body}`);
}
