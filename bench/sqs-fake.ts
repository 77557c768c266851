import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A queue stand-in for the bundle bench: the routes that hand work to SQS (Sync now, the company
 * export and deletion) send to it from their own processes, as they send to SQS in the cloud. It
 * speaks SendMessageBatch of SQS's JSON protocol (AmazonSQS.SendMessageBatch, at most 10 entries,
 * each answered with its MessageId and the MD5 of its body) and refuses anything else as SQS would
 * (400 with a `__type`). It keeps what it was sent; nothing consumes it.
 */
export interface SqsFake {
  /** The queue URL of `name` on this server. */
  url(name: string): string;
  /** Bodies received per queue URL. */
  received: Map<string, string[]>;
  close(): Promise<void>;
}

interface BatchEntry {
  Id?: unknown;
  MessageBody?: unknown;
}

export async function startSqsFake(): Promise<SqsFake> {
  const received = new Map<string, string[]>();
  const server = createServer((req, res) => {
    void answer(req, res, received).catch((err: unknown) => refuse(res, 500, 'InternalError', String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (name) => `http://127.0.0.1:${port}/000000000000/${name}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, received: Map<string, string[]>) {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  if (req.method !== 'POST' || req.headers['x-amz-target'] !== 'AmazonSQS.SendMessageBatch')
    return refuse(res, 400, 'com.amazonaws.sqs#InvalidAction', `not supported: ${String(req.headers['x-amz-target'])}`);
  if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 '))
    return refuse(res, 400, 'com.amazonaws.sqs#MissingAuthenticationToken', 'the request is not signed');
  const body = JSON.parse(raw) as { QueueUrl?: unknown; Entries?: BatchEntry[] };
  const entries = Array.isArray(body.Entries) ? body.Entries : [];
  if (typeof body.QueueUrl !== 'string') return refuse(res, 400, 'com.amazonaws.sqs#QueueDoesNotExist', 'no QueueUrl');
  if (entries.length === 0) return refuse(res, 400, 'com.amazonaws.sqs#EmptyBatchRequest', 'no entries');
  if (entries.length > 10) return refuse(res, 400, 'com.amazonaws.sqs#TooManyEntriesInBatchRequest', 'over 10');
  const list = received.get(body.QueueUrl) ?? [];
  received.set(body.QueueUrl, list);
  const Successful = entries.map((e) => {
    const text = String(e.MessageBody ?? '');
    list.push(text);
    return {
      Id: String(e.Id),
      MessageId: randomUUID(),
      MD5OfMessageBody: createHash('md5').update(text).digest('hex'),
    };
  });
  res.setHeader('content-type', 'application/x-amz-json-1.0');
  res.end(JSON.stringify({ Successful, Failed: [] }));
}

function refuse(res: ServerResponse, status: number, type: string, message: string) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/x-amz-json-1.0');
  res.end(JSON.stringify({ __type: type, message }));
}
