import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EntrySpill, ZipFileWriter } from '../../lambdas/core/zip';

/**
 * zip.ts: archives written entry by entry to a file are read back by the system's unzip (which
 * checks every CRC and the central directory), with zip64 records only where they are needed.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'zip-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const unzip = (...args: string[]) => execFileSync('unzip', args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
const ZIP64_END = Buffer.from([0x50, 0x4b, 0x06, 0x06]);
const ZIP64_LOCATOR = Buffer.from([0x50, 0x4b, 0x06, 0x07]);

/** A spill of many lines, past its buffer more than once, in Hebrew and English. */
async function spilled(lines: number) {
  const spill = new EntrySpill(path.join(dir, 'entity.spill'));
  const expected: string[] = [];
  for (let i = 0; i < lines; i++) {
    const line = `{"pk":"C#1","sk":"ACCOUNT#${i}","name":"חשבון ${i} Account"}\n`;
    expected.push(line);
    await spill.write(line);
  }
  return { entry: await spill.end(), text: expected.join('') };
}

describe('ZipFileWriter', () => {
  it('writes entries from bytes and from spills that unzip reads back exactly; no zip64 record in a small archive', async () => {
    const { entry, text } = await spilled(5_000);
    expect(entry.size).toBe(Buffer.byteLength(text));
    expect(entry.compressedSize).toBeLessThan(entry.size / 5);
    const zip = await ZipFileWriter.create(path.join(dir, 'a.zip'));
    await zip.addBytes('manifest.json', '{"Format":"x"}\n');
    await zip.addSpill('items/Account.json', entry);
    await zip.addBytes('reports/plan.xlsx', new Uint8Array([1, 2, 3, 250]));
    const closed = await zip.close();
    expect(closed.entries).toBe(3);
    const bytes = readFileSync(path.join(dir, 'a.zip'));
    expect(closed.bytes).toBe(bytes.length);
    unzip('-tq', 'a.zip');
    expect(unzip('-p', 'a.zip', 'items/Account.json').toString('utf8')).toBe(text);
    expect(unzip('-p', 'a.zip', 'manifest.json').toString('utf8')).toBe('{"Format":"x"}\n');
    expect([...unzip('-p', 'a.zip', 'reports/plan.xlsx')]).toEqual([1, 2, 3, 250]);
    expect(bytes.includes(ZIP64_END)).toBe(false);
  });

  it('writes zip64 records on every entry and at the end when asked, and unzip reads them', async () => {
    const { entry, text } = await spilled(200);
    const zip = await ZipFileWriter.create(path.join(dir, 'b.zip'), { zip64: 'always' });
    await zip.addBytes('one.txt', 'one');
    await zip.addSpill('two.json', entry);
    await zip.close();
    const bytes = readFileSync(path.join(dir, 'b.zip'));
    expect(bytes.includes(ZIP64_END)).toBe(true);
    expect(bytes.includes(ZIP64_LOCATOR)).toBe(true);
    // The classic end record says "see zip64": every count and offset at its maximum.
    const end = bytes.subarray(bytes.length - 22);
    expect(end.readUInt16LE(10)).toBe(0xffff);
    expect(end.readUInt32LE(16)).toBe(0xffff_ffff);
    unzip('-tq', 'b.zip');
    expect(unzip('-p', 'b.zip', 'one.txt').toString()).toBe('one');
    expect(unzip('-p', 'b.zip', 'two.json').toString('utf8')).toBe(text);
  });

  it('passes to zip64 by itself past 65,535 entries', async () => {
    const zip = await ZipFileWriter.create(path.join(dir, 'c.zip'));
    const count = 65_540;
    for (let i = 0; i < count; i++) await zip.addBytes(`f/${i}.txt`, `${i}`);
    expect((await zip.close()).entries).toBe(count);
    const bytes = readFileSync(path.join(dir, 'c.zip'));
    expect(bytes.includes(ZIP64_END)).toBe(true);
    expect(bytes.readUInt16LE(bytes.length - 22 + 10)).toBe(0xffff);
    unzip('-tq', 'c.zip');
    expect(unzip('-p', 'c.zip', 'f/65539.txt').toString()).toBe('65539');
    expect(unzip('-Z1', 'c.zip').toString().trim().split('\n')).toHaveLength(count);
  }, 60_000);

  it('refuses a spill whose file no longer matches what was spilled', async () => {
    const { entry } = await spilled(10);
    const zip = await ZipFileWriter.create(path.join(dir, 'd.zip'));
    await expect(zip.addSpill('x.json', { ...entry, compressedSize: entry.compressedSize + 1 })).rejects.toThrow(
      /bytes copied/,
    );
    await zip.abandon();
  });
});
