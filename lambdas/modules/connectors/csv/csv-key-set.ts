import { createHash } from 'node:crypto';

const LINE_BITS = 2 ** 21;

/**
 * The keys of a file seen so far, in about 40 bytes a key whatever its length: a key is stored as
 * 53 bits of its SHA-256 (the Map's number key) with 32 more bits and its line packed in the value;
 * two keys are "the same" when all 85 bits agree (a false match is ~1e-14 likely for a million rows).
 * Lines past 2^21 (a file of millions of lines) keep their keys whole.
 */
export class KeySet {
  private readonly packed = new Map<number, number>();
  private readonly whole = new Map<string, number>();

  /** The line of the key's first appearance, or undefined (and the key is recorded on `line`). */
  firstLineOf(key: string, line: number): number | undefined {
    const d = createHash('sha256').update(key).digest();
    const id = d.readUIntBE(0, 6) * 32 + (d[6] >> 3);
    const check = d.readUInt32BE(8);
    const hit = this.packed.get(id);
    if (hit !== undefined && Math.floor(hit / LINE_BITS) === check) return hit % LINE_BITS;
    const wholeHit = this.whole.get(key);
    if (wholeHit !== undefined) return wholeHit;
    if (line < LINE_BITS && hit === undefined) this.packed.set(id, check * LINE_BITS + line);
    else this.whole.set(key, line);
    return undefined;
  }
}
