import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { useLocalS3 } from '../support/local-s3';
import { copyObject, deleteObject, presignGet, presignPost, readHead } from '../../lambdas/aws/s3';

/**
 * The local S3 server (local/fakes/s3-server.ts) speaks S3's wire format: the real
 * @aws-sdk/client-s3, @aws-sdk/s3-presigned-post and @aws-sdk/s3-request-presigner work against it
 * unchanged, and it refuses what S3 refuses (a wrong signature, a POST outside its policy, an
 * expired or tampered URL). The creative routes' own signed requests (lambdas/aws/s3.ts)
 * pass the same checks.
 */
const BUCKET = 'conformance';
const local = useLocalS3({ buckets: [BUCKET] });

const post = (url: string, fields: Record<string, string>, file: Buffer, extra: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...fields, ...extra })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file)]), 'upload.bin');
  return fetch(url, { method: 'POST', body: form });
};
const codeOf = async (r: Response) => /<Code>([^<]+)<\/Code>/.exec(await r.text())?.[1];

describe('the real @aws-sdk/client-s3 against the local server', () => {
  it('puts, reads a range, heads, copies and deletes an object', async () => {
    await local.client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'sdk/a.txt', Body: 'hello, local S3', ContentType: 'text/plain' }),
    );
    const part = await local.client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'sdk/a.txt', Range: 'bytes=0-4' }),
    );
    expect(await part.Body!.transformToString()).toBe('hello');
    expect(part.ContentRange).toBe('bytes 0-4/15');
    const head = await local.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'sdk/a.txt' }));
    expect([head.ContentLength, head.ContentType]).toEqual([15, 'text/plain']);
    await local.client.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'sdk/b.txt',
        CopySource: `${BUCKET}/sdk/a.txt`,
        MetadataDirective: 'REPLACE',
        ContentType: 'text/markdown',
      }),
    );
    expect((await local.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'sdk/b.txt' }))).ContentType).toBe(
      'text/markdown',
    );
    await local.client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'sdk/a.txt' }));
    await expect(local.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'sdk/a.txt' }))).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
  });

  it('refuses a request signed with another secret, and an anonymous one', async () => {
    const wrong = new S3Client({
      endpoint: local.s3.endpoint,
      forcePathStyle: true,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'guess' },
    });
    const err = await wrong
      .send(new GetObjectCommand({ Bucket: BUCKET, Key: 'sdk/b.txt' }))
      .catch((e: S3ServiceException) => e);
    wrong.destroy();
    expect(err).toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    expect((await fetch(`${local.s3.endpoint}/${BUCKET}/sdk/b.txt`)).status).toBe(403);
  });

  it('serves a pre-signed GET (getSignedUrl) and refuses it tampered', async () => {
    const url = await getSignedUrl(local.client, new GetObjectCommand({ Bucket: BUCKET, Key: 'sdk/b.txt' }), {
      expiresIn: 60,
    });
    expect(await (await fetch(url)).text()).toBe('hello, local S3');
    const tampered = url.replace('sdk/b.txt', 'sdk/c.txt');
    expect((await fetch(tampered)).status).toBe(403);
  });
});

describe('a browser POST from the real @aws-sdk/s3-presigned-post', () => {
  const presign = (o: { expires?: number } = {}) =>
    createPresignedPost(local.client, {
      Bucket: BUCKET,
      Key: 'post/one.png',
      Expires: o.expires ?? 60,
      Conditions: [
        ['content-length-range', 1, 1024],
        ['eq', '$Content-Type', 'image/png'],
      ],
      Fields: { 'Content-Type': 'image/png' },
    });

  it('stores a file within the policy, with its Content-Type', async () => {
    const { url, fields } = await presign();
    const r = await post(url, fields, Buffer.alloc(1000, 1));
    expect(r.status).toBe(204);
    const head = await local.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'post/one.png' }));
    expect([head.ContentLength, head.ContentType]).toEqual([1000, 'image/png']);
  });

  it('refuses a file over content-length-range as S3 does (400 EntityTooLarge)', async () => {
    const { url, fields } = await presign();
    const r = await post(url, fields, Buffer.alloc(1025, 1));
    expect([r.status, await codeOf(r)]).toEqual([400, 'EntityTooLarge']);
  });

  it('refuses another Content-Type, an extra field, a tampered policy and an expired one (403)', async () => {
    const { url, fields } = await presign();
    const file = Buffer.alloc(10, 1);
    const other = await post(url, { ...fields, 'Content-Type': 'text/html' }, file);
    expect([other.status, await codeOf(other)]).toEqual([403, 'AccessDenied']);
    const extra = await post(url, fields, file, { 'x-amz-meta-owner': 'me' });
    expect([extra.status, await codeOf(extra)]).toEqual([403, 'AccessDenied']);
    const loosened = Buffer.from(Buffer.from(fields.Policy, 'base64').toString().replace('1024', '99999999')).toString(
      'base64',
    );
    const tampered = await post(url, { ...fields, Policy: loosened }, Buffer.alloc(2000, 1));
    expect([tampered.status, await codeOf(tampered)]).toEqual([403, 'SignatureDoesNotMatch']);
    const old = await presign({ expires: -5 });
    const expired = await post(old.url, old.fields, file);
    expect([expired.status, await codeOf(expired)]).toEqual([403, 'AccessDenied']);
  });
});

describe("the creative routes' own signed requests", () => {
  it('post within the policy, read the first bytes, copy, pre-sign a GET and delete', async () => {
    const { url, fields } = await presignPost(BUCKET, {
      fields: { key: 'uploads/1', 'Content-Type': 'image/gif' },
      contentLength: [1, 100],
      expiresInSeconds: 60,
    });
    expect((await post(url, fields, Buffer.from('GIF89a and more'))).status).toBe(204);
    const tooBig = await post(url, fields, Buffer.alloc(101, 1));
    expect([tooBig.status, await codeOf(tooBig)]).toEqual([400, 'EntityTooLarge']);

    const head = await readHead({ bucket: BUCKET, key: 'uploads/1' }, 6);
    expect({ text: Buffer.from(head!.head).toString(), size: head!.size }).toEqual({ text: 'GIF89a', size: 15 });
    await copyObject({ bucket: BUCKET, key: 'uploads/1' }, { bucket: BUCKET, key: 'creatives/1' }, 'image/gif');
    const get = await fetch(await presignGet({ bucket: BUCKET, key: 'creatives/1' }, 60));
    expect([get.status, get.headers.get('content-type'), await get.text()]).toEqual([
      200,
      'image/gif',
      'GIF89a and more',
    ]);
    await deleteObject({ bucket: BUCKET, key: 'uploads/1' });
    expect(await readHead({ bucket: BUCKET, key: 'uploads/1' }, 6)).toBeUndefined();
  });
});
