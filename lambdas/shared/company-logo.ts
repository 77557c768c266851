/**
 * The company logo's rules, shared with the console (which checks a file before sending it): a PNG
 * or JPEG image of at most 200 kB, known by its first bytes (magic numbers), never by its name or
 * the type a browser declared. Raster only: an SVG is a document that can carry script.
 */
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoContentType = (typeof LOGO_TYPES)[number];

/** The largest logo, in bytes (200 KB, base 1024). */
export const MAX_LOGO_BYTES = 200 * 1024;

/**
 * The longest base64 text the upload route takes: that of 1 MiB (4 × ⌈1,048,576 / 3⌉), so a file
 * over MAX_LOGO_BYTES is still read and refused naming its size and the limit (LOGO_TOO_LARGE)
 * rather than as long text. Literals, not expressions: the routes read them, and a route's bundle
 * keeps only what the bundler can prove has no side effect.
 */
export const MAX_LOGO_UPLOAD_BASE64 = 1_398_104;
/** The upload route's body limit: the base64 text and the JSON around it. */
export const LOGO_UPLOAD_MAX_BODY_BYTES = 1_399_128;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (b: Uint8Array, sig: readonly number[]) => b.length >= sig.length && sig.every((v, i) => b[i] === v);

/** PNG or JPEG by the bytes' own signature; undefined for anything else (SVG, GIF, a renamed file…). */
export function sniffLogoType(bytes: Uint8Array): LogoContentType | undefined {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  return undefined;
}
