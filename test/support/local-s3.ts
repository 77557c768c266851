import { S3Client } from '@aws-sdk/client-s3';
import { startFakeS3, type FakeS3, type FakeS3Options } from '../../local/fakes/s3-server';

const LOCAL = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * A suite's own local S3 server (local/fakes/s3-server.ts) for its lifetime, with the real
 * @aws-sdk/client-s3 pointed at it and the Lambdas' S3 calls (S3_ENDPOINT, AWS_REGION) too; both
 * are put back after the suite. Read `s3` and `client` inside tests (they are made in beforeAll).
 */
export function useLocalS3(o: Omit<FakeS3Options, 'port' | 'credentials'>): { s3: FakeS3; client: S3Client } {
  const held = {} as { s3: FakeS3; client: S3Client };
  const previous = { endpoint: process.env.S3_ENDPOINT, region: process.env.AWS_REGION };
  beforeAll(async () => {
    held.s3 = await startFakeS3({ ...o, port: 0, credentials: [LOCAL] });
    held.client = new S3Client({
      endpoint: held.s3.endpoint,
      forcePathStyle: true,
      region: 'local',
      credentials: LOCAL,
    });
    process.env.S3_ENDPOINT = held.s3.endpoint;
    process.env.AWS_REGION = 'local';
  });
  afterAll(async () => {
    held.client?.destroy();
    await held.s3?.stop();
    process.env.S3_ENDPOINT = previous.endpoint;
    process.env.AWS_REGION = previous.region;
  });
  return held;
}
