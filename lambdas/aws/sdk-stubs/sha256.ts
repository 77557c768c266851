import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';

type Data = string | ArrayBuffer | ArrayBufferView;

/**
 * The SHA-256 (and HMAC) of the hand-signed SigV4 callers (the mailer, S3 requests, the user pool's
 * admin calls, the sync queue): the SDK's native class on `node:crypto`, without its pure-JS fallback
 * for a Node without crypto. test/kit/sdk-stubs.test.ts checks it digests exactly as the SDK's does.
 */
export class Sha256 {
  readonly digestLength = 32;
  private hash: Hash | Hmac;
  private finished = false;

  constructor(private readonly secret?: Data) {
    this.hash = this.createHash();
  }

  update(data: Data): void {
    if (this.finished) throw new Error('Attempted to update an already finished hash.');
    this.hash.update(typeof data === 'string' ? data : toBytes(data));
  }

  async digest(): Promise<Uint8Array> {
    let buf: Buffer;
    if (this.secret) {
      // An HMAC cannot be copied: it is finished by its digest.
      this.finished = true;
      buf = this.hash.digest();
    } else {
      buf = (this.hash as Hash).copy().digest();
    }
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  reset(): void {
    this.hash = this.createHash();
    this.finished = false;
  }

  private createHash(): Hash | Hmac {
    return this.secret
      ? createHmac('sha256', typeof this.secret === 'string' ? this.secret : toBytes(this.secret))
      : createHash('sha256');
  }
}

/** Bytes as a Buffer over the same memory (no copy). */
function toBytes(data: ArrayBuffer | ArrayBufferView): Buffer {
  return ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);
}
