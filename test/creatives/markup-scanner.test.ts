import { createHash } from 'node:crypto';
import { MarkupScanner } from '../../lambdas/shared/creative-content';

/** The polyglot check of a creative's content (shared/creative-content.ts MarkupScanner). */
const scan = (...chunks: (string | Uint8Array)[]) => {
  const s = new MarkupScanner();
  for (const c of chunks) s.push(typeof c === 'string' ? new TextEncoder().encode(c) : c);
  return s.found;
};

/** Bytes like compressed media: a SHA-256 chain, the same on every run. */
function noise(size: number): Uint8Array {
  const out = new Uint8Array(size);
  let block = createHash('sha256').update('seed').digest();
  for (let at = 0; at < size; at += block.length) {
    out.set(block.subarray(0, Math.min(block.length, size - at)), at);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

it('finds markup in any case, and a marker split across two chunks', () => {
  expect(scan('\x89PNG....<SCRIPT>alert(1)</script>')).toBe('<script');
  expect(scan('GIF89a...<ht', 'ml>...')).toBe('<html');
  expect(scan('...java', 'script:void(0)')).toBe('javascript:');
  expect(scan('..<?xml version="1.0"?><svg ')).toBe('<?xml');
});

it('passes media bytes and text that only looks close (a tag name without its end, a word)', () => {
  expect(scan(noise(2 * 1024 * 1024))).toBeUndefined();
  expect(scan('<htmlish <bodyguard javascript <scripture')).toBe('<script');
  expect(scan('<htmlish <bodyguard javascript')).toBeUndefined();
});
