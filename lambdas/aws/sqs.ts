import { envCredentials, signedPost } from './signed-post';

/**
 * SQS SendMessageBatch (10 a call) over its JSON protocol on the shared signed POST, with the
 * function's own credentials: no SQS SDK in a bundle that only sends. A refused entry is sent again
 * once, then the call throws (the caller's scheduler or queue retries; its jobs must be idempotent).
 */
export function sqsJobQueue<T>(
  queueUrl: string,
  opts: { region?: string; fetch?: typeof fetch } = {},
): { send(jobs: T[]): Promise<void> } {
  const url = new URL(queueUrl);
  const post = signedPost({
    service: 'sqs',
    region: opts.region ?? process.env.AWS_REGION ?? 'us-east-1',
    url: new URL(`${url.protocol}//${url.host}/`),
    credentials: async () => envCredentials((message) => new Error(message)),
    timeoutMs: 10_000,
    unreachable: (err) => err,
    fetch: opts.fetch,
  });
  const sendBatch = async (entries: { Id: string; MessageBody: string }[]) => {
    const { res, text } = await post(
      { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessageBatch' },
      JSON.stringify({ QueueUrl: queueUrl, Entries: entries }),
    );
    const json = parsed(text);
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

interface BatchReply {
  Failed?: { Id: string; Message?: string }[];
  message?: string;
  __type?: string;
}

function parsed(text: string): BatchReply {
  try {
    return JSON.parse(text) as BatchReply;
  } catch {
    return {};
  }
}
