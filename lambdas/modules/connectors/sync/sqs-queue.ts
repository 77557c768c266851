import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '../../../aws/sdk-stubs/sha256';
import type { SyncJob } from './sync-account';
import type { SyncQueue } from './dispatch';

/**
 * The cloud's sync queue: SQS SendMessageBatch (10 a call) over its JSON protocol, SigV4-signed
 * with the function's own credentials, over fetch — no SQS SDK in the dispatcher's bundle (the
 * user-pool admin does the same). A refused entry is sent again once, then the call throws (the
 * scheduler retries the dispatch; a duplicate message only re-syncs an account, which is idempotent).
 */
export function sqsSyncQueue(queueUrl: string, opts: { region?: string; fetch?: typeof fetch } = {}): SyncQueue {
  return sqsJobQueue<SyncJob>(queueUrl, opts);
}

/** The same SendMessageBatch for any job a queue carries as JSON (the CSV import job's too). */
export function sqsJobQueue<T>(
  queueUrl: string,
  opts: { region?: string; fetch?: typeof fetch } = {},
): { send(jobs: T[]): Promise<void> } {
  const url = new URL(queueUrl);
  const region = opts.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const endpoint = new URL(`${url.protocol}//${url.host}/`);
  const doFetch = opts.fetch ?? fetch;
  const signer = new SignatureV4({
    service: 'sqs',
    region,
    sha256: Sha256,
    credentials: async () => {
      const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
      const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
      if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment');
      return { accessKeyId, secretAccessKey, sessionToken: process.env.AWS_SESSION_TOKEN };
    },
  });
  const sendBatch = async (entries: { Id: string; MessageBody: string }[]) => {
    const body = JSON.stringify({ QueueUrl: queueUrl, Entries: entries });
    const signed = await signer.sign({
      method: 'POST',
      protocol: endpoint.protocol,
      hostname: endpoint.hostname,
      port: endpoint.port ? Number(endpoint.port) : undefined,
      path: '/',
      query: {},
      headers: {
        host: endpoint.host,
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'AmazonSQS.SendMessageBatch',
      },
      body,
    });
    const { host: _host, ...headers } = signed.headers as Record<string, string>;
    const res = await doFetch(endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    const json = (await res.json().catch(() => ({}))) as {
      Failed?: { Id: string; Message?: string }[];
      message?: string;
      __type?: string;
    };
    if (!res.ok)
      throw new Error(`SQS SendMessageBatch answered ${res.status}: ${json.__type ?? ''} ${json.message ?? ''}`.trim());
    return json.Failed ?? [];
  };
  return {
    async send(jobs: T[]) {
      for (let i = 0; i < jobs.length; i += 10) {
        let entries = jobs.slice(i, i + 10).map((job, n) => ({ Id: String(n), MessageBody: JSON.stringify(job) }));
        for (let attempt = 0; entries.length; attempt++) {
          const failed = await sendBatch(entries);
          if (!failed.length) break;
          if (attempt >= 1)
            throw new Error(
              `SQS refused ${failed.length} message(s): ${failed.map((f) => f.Message ?? f.Id).join('; ')}`,
            );
          const ids = new Set(failed.map((f) => f.Id));
          entries = entries.filter((e) => ids.has(e.Id));
        }
      }
    },
  };
}
