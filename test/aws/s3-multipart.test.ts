import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DroppedConnection } from '../../local/fakes/s3-server';
import { useLocalS3 } from '../support/local-s3';
import { S3Refusal } from '../../local/fakes/s3-sigv4';
import type { MultipartFaults } from '../../local/fakes/s3-multipart';
import { MIN_PART_BYTES, putFile } from '../../lambdas/aws/s3-upload';

/**
 * Multipart uploads on the local S3 server (local/fakes/s3-multipart.ts): the real
 * @aws-sdk/client-s3 works against it and meets S3's refusals; `putFile` (lambdas/aws/s3-upload.ts) puts a
 * file part by part, sends a part again after a transient failure, and on a failure it cannot mend leaves neither
 * an object nor an upload behind.
 */
const BUCKET = 'multipart';
let dir: string;
/** Answers the matching UploadPart requests with these failures, one a request, while they last. */
let partFault: { part: string; errors: Error[] } | undefined;
const faults: MultipartFaults = {};
const local = useLocalS3({
  buckets: [BUCKET],
  multipartFaults: faults,
  onRequest: ({ method, query }) => {
    const error = method === 'PUT' && query.get('partNumber') === partFault?.part && partFault.errors.shift();
    if (error) throw error;
  },
});

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 's3-multipart-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  partFault = undefined;
  faults.completeErrorsIn200 = 0;
});

const objectOf = async (Key: string) => {
  const got = await local.client.send(new GetObjectCommand({ Bucket: BUCKET, Key }));
  return { body: Buffer.from(await got.Body!.transformToByteArray()), etag: got.ETag, type: got.ContentType };
};
const uploadsLeft = async () =>
  (await local.client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET }))).Uploads ?? [];
const missing = (Key: string) => expect(objectOf(Key)).rejects.toMatchObject({ name: 'NoSuchKey' });

function fileOf(bytes: number): { file: string; data: Buffer } {
  const data = randomBytes(bytes);
  const file = path.join(dir, `f-${bytes}-${Math.random()}`);
  writeFileSync(file, data);
  return { file, data };
}

describe('the real @aws-sdk/client-s3 multipart upload against the local server', () => {
  it("puts an object of parts, with S3's ETag, and refuses a small middle part, a wrong order and an unknown upload", async () => {
    const Key = 'sdk/big.bin';
    const { UploadId } = await local.client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key }));
    expect((await uploadsLeft()).map((u) => u.UploadId)).toEqual([UploadId]);
    const a = randomBytes(MIN_PART_BYTES);
    const b = randomBytes(1000);
    const one = await local.client.send(
      new UploadPartCommand({ Bucket: BUCKET, Key, UploadId, PartNumber: 1, Body: a }),
    );
    const two = await local.client.send(
      new UploadPartCommand({ Bucket: BUCKET, Key, UploadId, PartNumber: 2, Body: b }),
    );
    const complete = (Parts: { PartNumber: number; ETag?: string }[]) =>
      local.client.send(
        new CompleteMultipartUploadCommand({ Bucket: BUCKET, Key, UploadId, MultipartUpload: { Parts } }),
      );
    await expect(
      complete([
        { PartNumber: 2, ETag: two.ETag },
        { PartNumber: 1, ETag: one.ETag },
      ]),
    ).rejects.toMatchObject({ name: 'InvalidPartOrder' });
    await expect(complete([{ PartNumber: 1, ETag: '"0"' }])).rejects.toMatchObject({ name: 'InvalidPart' });
    const done = await complete([
      { PartNumber: 1, ETag: one.ETag },
      { PartNumber: 2, ETag: two.ETag },
    ]);
    expect(done.ETag).toMatch(/^"[0-9a-f]{32}-2"$/);
    const got = await objectOf(Key);
    expect(got.body.equals(Buffer.concat([a, b]))).toBe(true);
    expect(got.etag).toBe(done.ETag);
    expect(await uploadsLeft()).toEqual([]);

    const small = await local.client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'sdk/small.bin' }));
    const p = { Bucket: BUCKET, Key: 'sdk/small.bin', UploadId: small.UploadId };
    const p1 = await local.client.send(new UploadPartCommand({ ...p, PartNumber: 1, Body: b }));
    const p2 = await local.client.send(new UploadPartCommand({ ...p, PartNumber: 2, Body: b }));
    await expect(
      local.client.send(
        new CompleteMultipartUploadCommand({
          ...p,
          MultipartUpload: {
            Parts: [
              { PartNumber: 1, ETag: p1.ETag },
              { PartNumber: 2, ETag: p2.ETag },
            ],
          },
        }),
      ),
    ).rejects.toMatchObject({ name: 'EntityTooSmall' });
    await local.client.send(new AbortMultipartUploadCommand(p));
    await expect(local.client.send(new UploadPartCommand({ ...p, PartNumber: 3, Body: b }))).rejects.toMatchObject({
      name: 'NoSuchUpload',
    });
    expect(await uploadsLeft()).toEqual([]);
    await missing('sdk/small.bin');
  });
});

describe('putFile', () => {
  it('puts a small file in one request and a larger one in parts, byte for byte', async () => {
    const small = fileOf(1234);
    expect(await putFile({ bucket: BUCKET, key: 'f/small.zip' }, small.file, 'application/zip')).toEqual({ parts: 1 });
    expect(await objectOf('f/small.zip')).toMatchObject({ body: small.data, type: 'application/zip' });

    const big = fileOf(2 * MIN_PART_BYTES + 777);
    const put = await putFile({ bucket: BUCKET, key: 'f/big.zip' }, big.file, 'application/zip', {
      partBytes: MIN_PART_BYTES,
    });
    expect(put).toEqual({ parts: 3 });
    const got = await objectOf('f/big.zip');
    expect(got.body.equals(big.data)).toBe(true);
    expect(got.etag).toMatch(/-3"$/);
    expect(got.type).toBe('application/zip');
    expect(await uploadsLeft()).toEqual([]);
  });

  it('sends a part again after a 500, a SlowDown, a RequestTimeout or a dropped connection, and aborts the upload on a part that keeps failing', async () => {
    const big = fileOf(MIN_PART_BYTES + 10);
    const put = (key: string) =>
      putFile({ bucket: BUCKET, key }, big.file, 'application/zip', { partBytes: MIN_PART_BYTES });
    partFault = {
      part: '2',
      errors: [new Error('a fault of the test'), new S3Refusal(503, 'SlowDown', 'Reduce your request rate.')],
    };
    await put('f/retried.zip');
    expect((await objectOf('f/retried.zip')).body.equals(big.data)).toBe(true);
    partFault = {
      part: '2',
      errors: [
        new S3Refusal(400, 'RequestTimeout', 'Your socket connection was not read from.'),
        new S3Refusal(502, 'BadGateway', 'Bad Gateway'),
      ],
    };
    await put('f/retried-again.zip');
    expect(partFault.errors).toEqual([]);
    partFault = { part: '2', errors: [new DroppedConnection(), new DroppedConnection()] };
    await put('f/dropped.zip');
    expect(partFault.errors).toEqual([]);
    expect((await objectOf('f/dropped.zip')).body.equals(big.data)).toBe(true);

    partFault = { part: '2', errors: Array.from({ length: 10 }, () => new Error('a fault of the test')) };
    await expect(put('f/failed.zip')).rejects.toMatchObject({ code: 'InternalError', status: 500 });
    expect(partFault.errors).toHaveLength(7);
    expect(await uploadsLeft()).toEqual([]);
    await missing('f/failed.zip');
  });

  it('does not send again what will fail again (403): the upload is aborted at once', async () => {
    const big = fileOf(MIN_PART_BYTES + 10);
    partFault = { part: '2', errors: [new S3Refusal(403, 'AccessDenied', 'Access Denied'), new Error('unused')] };
    await expect(
      putFile({ bucket: BUCKET, key: 'f/denied.zip' }, big.file, 'application/zip', { partBytes: MIN_PART_BYTES }),
    ).rejects.toMatchObject({ code: 'AccessDenied', status: 403 });
    expect(partFault.errors).toHaveLength(1);
    expect(await uploadsLeft()).toEqual([]);
    await missing('f/denied.zip');
  });

  it('takes a CompleteMultipartUpload answered 200 with an error for a failure, and aborts the upload', async () => {
    const big = fileOf(MIN_PART_BYTES + 10);
    faults.completeErrorsIn200 = 1;
    await expect(
      putFile({ bucket: BUCKET, key: 'f/unfinished.zip' }, big.file, 'application/zip', { partBytes: MIN_PART_BYTES }),
    ).rejects.toMatchObject({ code: 'InternalError', status: 200 });
    expect(faults.completeErrorsIn200).toBe(0);
    expect(await uploadsLeft()).toEqual([]);
    await missing('f/unfinished.zip');
  });
});
