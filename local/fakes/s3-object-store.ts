import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The local S3 server's objects (s3-server.ts). */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  contentDisposition?: string;
  etag: string;
  lastModified: string;
}

/** Objects by bucket and key, in memory, optionally mirrored to disk. */
export class ObjectStore {
  private readonly objects = new Map<string, Map<string, StoredObject>>();

  constructor(
    buckets: readonly string[],
    private readonly dir?: string,
  ) {
    for (const b of buckets) this.objects.set(b, new Map());
  }

  hasBucket(bucket: string): boolean {
    return this.objects.has(bucket);
  }

  private file(bucket: string, key: string) {
    return path.join(this.dir!, bucket, createHash('sha256').update(key).digest('hex'));
  }

  get(bucket: string, key: string): StoredObject | undefined {
    const hit = this.objects.get(bucket)?.get(key);
    if (hit || !this.dir) return hit;
    const f = this.file(bucket, key);
    if (!existsSync(`${f}.json`)) return undefined;
    const meta = JSON.parse(readFileSync(`${f}.json`, 'utf8')) as Omit<StoredObject, 'body'>;
    const loaded = { ...meta, body: readFileSync(f) };
    this.objects.get(bucket)!.set(key, loaded);
    return loaded;
  }

  /** Stores an object; its ETag is its MD5 unless given (a multipart upload's is made of its parts'). */
  put(
    bucket: string,
    key: string,
    body: Buffer,
    contentType: string,
    contentDisposition?: string,
    etag?: string,
  ): StoredObject {
    const o: StoredObject = {
      body,
      contentType,
      ...(contentDisposition ? { contentDisposition } : {}),
      etag: etag ?? `"${createHash('md5').update(body).digest('hex')}"`,
      lastModified: new Date().toUTCString(),
    };
    this.objects.get(bucket)!.set(key, o);
    if (this.dir) {
      const f = this.file(bucket, key);
      mkdirSync(path.dirname(f), { recursive: true });
      writeFileSync(f, body);
      writeFileSync(
        `${f}.json`,
        JSON.stringify({
          key,
          contentType: o.contentType,
          contentDisposition: o.contentDisposition,
          etag: o.etag,
          lastModified: o.lastModified,
        }),
      );
    }
    return o;
  }

  /** Every key of the bucket, sorted (in memory, and on disk when kept there). */
  keys(bucket: string): string[] {
    const found = new Set(this.objects.get(bucket)?.keys() ?? []);
    const dir = this.dir ? path.join(this.dir, bucket) : undefined;
    if (dir && existsSync(dir))
      for (const f of readdirSync(dir))
        if (f.endsWith('.json'))
          found.add((JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { key: string }).key);
    return [...found].sort();
  }

  delete(bucket: string, key: string): void {
    this.objects.get(bucket)?.delete(key);
    if (this.dir) {
      const f = this.file(bucket, key);
      rmSync(f, { force: true });
      rmSync(`${f}.json`, { force: true });
    }
  }
}
