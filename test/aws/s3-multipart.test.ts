import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeS3, type FakeS3 } from '../../local/fakes/s3-server';
import type { MultipartFaults } from '../../local/fakes/s3-multipart';
import { MIN_PART_BYTES, putFile } from '../../lambdas/aws/s3-upload';

/**
 * Multipart uploads on the local S3 server (local/fakes/s3-multipart.ts): the real
 * @aws-sdk/client-s3 works against it and meets S3's refusals; `putFile` (lambdas/aws/s3-upload.ts) puts a
 * file part by part, sends a part again after a 500, and on a failure it cannot mend leaves neither
 * an object nor an upload behind.
 */
const BUCKET = 'multipart';
let s3: FakeS3;
let client: S3Client;
let dir: string;
/** Answers 500 to the matching UploadPart requests while `times` lasts. */
let partFault: { part: string; times: number } | undefined;
const faults: MultipartFaults = {};
const previous = { endpoint: process.env.S3_ENDPOINT, region: process.env.AWS_REGION };

beforeAll(async () => {
  s3 = await startFakeS3({
    port: 0,
    buckets: [BUCKET],
    credentials: [{ accessKeyId: 'local', secretAccessKey: 'local' }],
    multipartFaults: faults,
    onRequest: ({ method, query }) => {
      if (method === 'PUT' && partFault && query.get('partNumber') === partFault.part && partFault.times > 0) {
        partFault.times -= 1;
        throw new Error('a fault of the test');
      }
    },
  });
  client = new S3Client({
    endpoint: s3.endpoint,
    forcePathStyle: true,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  process.env.S3_ENDPOINT = s3.endpoint;
  process.env.AWS_REGION = 'local';
  dir = mkdtempSync(path.join(tmpdir(), 's3-multipart-'));
});
afterAll(async () => {
  client.destroy();
  await s3.stop();
  rmSync(dir, { recursive: true, force: true });
  process.env.S3_ENDPOINT = previous.endpoint;
  process.env.AWS_REGION = previous.region;
});
afterEach(() => {
  partFault = undefined;
  faults.completeErrorsIn200 = 0;
});

const objectOf = async (Key: string) => {
  const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key }));
  return { body: Buffer.from(await got.Body!.transformToByteArray()), etag: got.ETag, type: got.ContentType };
};
const uploadsLeft = async () => (await client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET }))).Uploads ?? [];
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
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key }));
    expect((await uploadsLeft()).map((u) => u.UploadId)).toEqual([UploadId]);
    const a = randomBytes(MIN_PART_BYTES);
    const b = randomBytes(1000);
    const one = await client.send(new UploadPartCommand({ Bucket: BUCKET, Key, UploadId, PartNumber: 1, Body: a }));
    const two = await client.send(new UploadPartCommand({ Bucket: BUCKET, Key, UploadId, PartNumber: 2, Body: b }));
    const complete = (Parts: { PartNumber: number; ETag?: string }[]) =>
      client.send(new CompleteMultipartUploadCommand({ Bucket: BUCKET, Key, UploadId, MultipartUpload: { Parts } }));
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

    const small = await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'sdk/small.bin' }));
    const p = { Bucket: BUCKET, Key: 'sdk/small.bin', UploadId: small.UploadId };
    const p1 = await client.send(new UploadPartCommand({ ...p, PartNumber: 1, Body: b }));
    const p2 = await client.send(new UploadPartCommand({ ...p, PartNumber: 2, Body: b }));
    await expect(
      client.send(
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
    await client.send(new AbortMultipartUploadCommand(p));
    await expect(client.send(new UploadPartCommand({ ...p, PartNumber: 3, Body: b }))).rejects.toMatchObject({
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

  it('sends a part again after a 500, and aborts the upload on a part that keeps failing', async () => {
    const big = fileOf(MIN_PART_BYTES + 10);
    partFault = { part: '2', times: 1 };
    await putFile({ bucket: BUCKET, key: 'f/retried.zip' }, big.file, 'application/zip', { partBytes: MIN_PART_BYTES });
    expect((await objectOf('f/retried.zip')).body.equals(big.data)).toBe(true);
    expect(partFault.times).toBe(0);

    partFault = { part: '2', times: 10 };
    await expect(
      putFile({ bucket: BUCKET, key: 'f/failed.zip' }, big.file, 'application/zip', { partBytes: MIN_PART_BYTES }),
    ).rejects.toMatchObject({ code: 'InternalError', status: 500 });
    expect(partFault.times).toBe(7);
    expect(await uploadsLeft()).toEqual([]);
    await missing('f/failed.zip');
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
