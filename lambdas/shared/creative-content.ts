/**
 * What a creative file is, from its first bytes (magic numbers), never from its name or the type a
 * browser declared: JPEG, PNG, GIF and WebP images; MP4, QuickTime (.mov) and WebM videos. Shared
 * with the console, which checks a file before uploading it; the server checks the uploaded object
 * again (modules/creatives/creatives.ts), since a browser's word is not proof.
 */
export type CreativeKind = 'image' | 'video';

export const CREATIVE_TYPES = {
  image: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  video: ['video/mp4', 'video/quicktime', 'video/webm'],
} as const satisfies Record<CreativeKind, readonly string[]>;

export type CreativeContentType = (typeof CREATIVE_TYPES)[CreativeKind][number];

/** How many leading bytes `sniffCreativeType` needs. */
export const SNIFF_BYTES = 32;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The content type the bytes are, or undefined when they are none Mixdesk takes. */
export function sniffCreativeType(b: Uint8Array): CreativeContentType | undefined {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  // WebM is a Matroska (EBML) file whose DocType is "webm", written within the header's first bytes.
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(b, 4, Math.min(b.length, SNIFF_BYTES)).includes('webm'))
    return 'video/webm';
  // ISO base media: a box `ftyp` at offset 4; its major brand tells QuickTime from MP4.
  if (ascii(b, 4, 8) === 'ftyp') return ascii(b, 8, 12) === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  // Old QuickTime files may start with another top-level atom.
  if (['moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(b, 4, 8))) return 'video/quicktime';
  return undefined;
}

export const kindOfType = (t: string): CreativeKind | undefined =>
  (CREATIVE_TYPES.image as readonly string[]).includes(t)
    ? 'image'
    : (CREATIVE_TYPES.video as readonly string[]).includes(t)
      ? 'video'
      : undefined;

/**
 * Markup a browser would run, anywhere in a file (a polyglot: an image's magic number with a page or
 * script behind it). Only long, specific markers, case-insensitive, so that the random bytes of
 * compressed image and video data practically never match (`<html` needs a tag end after it): the
 * chance of a false match in a 7.5 MB video is below one in a hundred thousand.
 */
const MARKUP = /<(?:script|iframe|object|embed)|<(?:html|body|svg)[\s>/]|<!doctype html|javascript:|<\?xml\s/;
/** The longest marker, less one: how much of a chunk's end is kept for a marker split across chunks. */
const MARKUP_OVERLAP = 14;
const latin1 = /* @__PURE__ */ new TextDecoder('latin1');

/** Scans a file chunk by chunk; `found` is the first marker met (as written in MARKUP, lower case). */
export class MarkupScanner {
  found: string | undefined;
  private tail = '';

  push(chunk: Uint8Array): void {
    if (this.found) return;
    // windows-1252 (WHATWG's "latin1"): one character per byte, so the overlap is in bytes.
    const text = this.tail + latin1.decode(chunk).toLowerCase();
    const m = MARKUP.exec(text);
    if (m) this.found = m[0].replace(/[\s>/]$/, '');
    this.tail = text.slice(-MARKUP_OVERLAP);
  }
}
