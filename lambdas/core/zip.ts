import { createReadStream, createWriteStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A .zip written to a file entry by entry, never whole in memory (the company export's archive,
 * modules/company-data): an entry is either bytes at hand (deflated on the spot) or a spill — text
 * deflated into a file of its own as it is produced (`EntrySpill`), then copied in. Sizes and CRCs
 * are known before each local header is written, so no data descriptors. Zip64 records are written
 * where a size, an offset or the entry count passes what the classic fields hold (APPNOTE 4.5), and
 * only there, so small archives stay readable by every unzip; `zip64: 'always'` writes them
 * everywhere (what a reader of a large archive meets, without writing 4 GiB to check it).
 */

const MAX32 = 0xffff_ffff;
const MAX16 = 0xffff;
const SPILL_BUFFER = 64 * 1024;
const WRITE_BUFFER = 1024 * 1024;

export interface DeflatedEntry {
  /** The file holding the entry's raw-deflated bytes. */
  path: string;
  crc: number;
  /** Bytes before and after deflating. */
  size: number;
  compressedSize: number;
}

/** Text deflated into a file as it comes, with the CRC and sizes the zip's headers need. */
export class EntrySpill {
  private readonly deflate = createDeflateRaw();
  private readonly done: Promise<void>;
  private crc = 0;
  private size = 0;
  private compressedSize = 0;
  private pending: string[] = [];
  private pendingLength = 0;

  constructor(readonly path: string) {
    this.deflate.on('data', (chunk: Buffer) => (this.compressedSize += chunk.length));
    this.done = pipeline(this.deflate, createWriteStream(path));
    this.done.catch(() => undefined); // seen by end() or the next write
  }

  /** Appends text; resolves once the deflater can take more. */
  async write(text: string): Promise<void> {
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= SPILL_BUFFER) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.pending.length) return;
    const bytes = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingLength = 0;
    this.crc = crc32(bytes, this.crc) >>> 0;
    this.size += bytes.length;
    if (!this.deflate.write(bytes)) await Promise.race([once(this.deflate, 'drain'), this.done]);
  }

  /** Stops without finishing (a failed export): the file is left for its folder's removal. */
  abandon(): void {
    this.deflate.destroy();
  }

  async end(): Promise<DeflatedEntry> {
    await this.flush();
    this.deflate.end();
    await this.done;
    return { path: this.path, crc: this.crc, size: this.size, compressedSize: this.compressedSize };
  }
}

interface Placed {
  name: Buffer;
  crc: number;
  size: number;
  compressedSize: number;
  offset: number;
}

export interface ZipFileOptions {
  /** The entries' modification time. */
  at?: Date;
  /** 'auto' (default): zip64 records only where needed; 'always': on every entry and at the end. */
  zip64?: 'auto' | 'always';
}

export class ZipFileWriter {
  private readonly placed: Placed[] = [];
  /** Bytes of the archive so far, written or buffered. */
  private offset = 0;
  private buffered: Uint8Array[] = [];
  private bufferedLength = 0;
  private readonly dosTime: number;
  private readonly dosDate: number;
  private readonly always: boolean;

  private constructor(
    private readonly file: FileHandle,
    o: ZipFileOptions,
  ) {
    const at = o.at ?? new Date();
    this.dosTime = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
    this.dosDate = ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
    this.always = o.zip64 === 'always';
  }

  static async create(path: string, o: ZipFileOptions = {}): Promise<ZipFileWriter> {
    return new ZipFileWriter(await open(path, 'w'), o);
  }

  /** An entry from bytes at hand (the manifest, a plan's Excel file). */
  async addBytes(name: string, data: string | Uint8Array): Promise<void> {
    const raw = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    const deflated = deflateRawSync(raw);
    await this.put(Buffer.concat([this.header(name, crc32(raw) >>> 0, raw.length, deflated.length), deflated]));
  }

  /** An entry from a spill's file, copied in as it is read. */
  async addSpill(name: string, e: DeflatedEntry): Promise<void> {
    await this.put(this.header(name, e.crc, e.size, e.compressedSize));
    let copied = 0;
    for await (const chunk of createReadStream(e.path) as AsyncIterable<Buffer>) {
      await this.put(chunk);
      copied += chunk.length;
    }
    if (copied !== e.compressedSize)
      throw new Error(`zip: ${name}: ${copied} bytes copied, ${e.compressedSize} spilled`);
  }

  /** Appends bytes; small ones gather into one write (an archive of many small files is many headers). */
  private async put(bytes: Uint8Array): Promise<void> {
    this.buffered.push(bytes);
    this.bufferedLength += bytes.length;
    this.offset += bytes.length;
    if (this.bufferedLength >= WRITE_BUFFER) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.bufferedLength) return;
    const bytes = Buffer.concat(this.buffered);
    this.buffered = [];
    this.bufferedLength = 0;
    await this.file.write(bytes, 0, bytes.length, this.offset - bytes.length);
  }

  /** The entry's local header, the entry placed at the current offset. */
  private header(name: string, crc: number, size: number, compressedSize: number): Buffer {
    const p: Placed = { name: Buffer.from(name, 'utf8'), crc, size, compressedSize, offset: this.offset };
    const big = this.always || size >= MAX32 || compressedSize >= MAX32;
    const extra = big ? zip64Extra([size, compressedSize]) : Buffer.alloc(0);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(big ? 45 : 20, 4); // version needed
    h.writeUInt16LE(0x0800, 6); // UTF-8 names
    h.writeUInt16LE(8, 8); // deflate
    h.writeUInt16LE(this.dosTime, 10);
    h.writeUInt16LE(this.dosDate, 12);
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(big ? MAX32 : compressedSize, 18);
    h.writeUInt32LE(big ? MAX32 : size, 22);
    h.writeUInt16LE(p.name.length, 26);
    h.writeUInt16LE(extra.length, 28);
    this.placed.push(p);
    return Buffer.concat([h, p.name, extra]);
  }

  /** Writes the central directory and the end records, closes the file; the archive's size and entries. */
  async close(): Promise<{ bytes: number; entries: number }> {
    try {
      const start = this.offset;
      for (const p of this.placed) await this.put(this.central(p));
      await this.put(this.end(start, this.offset - start));
      await this.flush();
      return { bytes: this.offset, entries: this.placed.length };
    } finally {
      await this.file.close();
    }
  }

  /** Closes the file without finishing the archive (a failed export). */
  async abandon(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }

  private central(p: Placed): Buffer {
    // Only the fields that overflow go into the zip64 extra, in the order APPNOTE 4.5.3 gives.
    const wide = (v: number) => this.always || v >= MAX32;
    const fields = [p.size, p.compressedSize, p.offset].filter(wide);
    const extra = fields.length ? zip64Extra(fields) : Buffer.alloc(0);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(fields.length ? 45 : 20, 4); // made by
    c.writeUInt16LE(fields.length ? 45 : 20, 6); // needed
    c.writeUInt16LE(0x0800, 8);
    c.writeUInt16LE(8, 10);
    c.writeUInt16LE(this.dosTime, 12);
    c.writeUInt16LE(this.dosDate, 14);
    c.writeUInt32LE(p.crc, 16);
    c.writeUInt32LE(wide(p.compressedSize) ? MAX32 : p.compressedSize, 20);
    c.writeUInt32LE(wide(p.size) ? MAX32 : p.size, 24);
    c.writeUInt16LE(p.name.length, 28);
    c.writeUInt16LE(extra.length, 30);
    c.writeUInt32LE(wide(p.offset) ? MAX32 : p.offset, 42);
    return Buffer.concat([c, p.name, extra]);
  }

  private end(start: number, size: number): Buffer {
    const count = this.placed.length;
    const big = this.always || count >= MAX16 || start >= MAX32 || size >= MAX32;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    // Past what a field holds (or always, when asked), it says so and the zip64 record holds the value.
    const wide16 = (v: number) => this.always || v >= MAX16;
    const wide32 = (v: number) => this.always || v >= MAX32;
    end.writeUInt16LE(wide16(count) ? MAX16 : count, 8);
    end.writeUInt16LE(wide16(count) ? MAX16 : count, 10);
    end.writeUInt32LE(wide32(size) ? MAX32 : size, 12);
    end.writeUInt32LE(wide32(start) ? MAX32 : start, 16);
    if (!big) return end;
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4); // the record's size after this field
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(size), 40);
    record.writeBigUInt64LE(BigInt(start), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(start + size), 8);
    locator.writeUInt32LE(1, 16);
    return Buffer.concat([record, locator, end]);
  }
}

function zip64Extra(values: number[]): Buffer {
  const b = Buffer.alloc(4 + 8 * values.length);
  b.writeUInt16LE(0x0001, 0);
  b.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => b.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
  return b;
}
