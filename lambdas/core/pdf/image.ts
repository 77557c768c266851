import { inflateSync, deflateSync } from 'node:zlib';
import type { PdfObjects } from './objects';

/** A picture the writer draws (a logo): PNG or JPEG bytes. */
export interface PdfImageInput {
  bytes: Uint8Array;
  type: 'image/png' | 'image/jpeg';
}

export interface PdfImage {
  ref: number;
  width: number;
  height: number;
}

const u16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

/**
 * An image XObject of a PNG or JPEG, or undefined for bytes it cannot read (a picture that does not
 * draw leaves the document without it rather than failing it). A JPEG goes in as it is (DCTDecode);
 * a PNG's compressed data too when it has no transparency (FlateDecode with PNG predictors); one
 * with an alpha channel is unpacked so its alpha becomes a soft mask.
 */
export function embedImage(objects: PdfObjects, image: PdfImageInput): PdfImage | undefined {
  try {
    return image.type === 'image/jpeg' ? jpeg(objects, image.bytes) : png(objects, image.bytes);
  } catch {
    return undefined;
  }
}

function jpeg(objects: PdfObjects, b: Uint8Array): PdfImage | undefined {
  let at = 2;
  while (at + 9 < b.length && b[at] === 0xff) {
    const marker = b[at + 1];
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      const height = u16(b, at + 5);
      const width = u16(b, at + 7);
      const components = b[at + 9];
      const space =
        components === 1 ? '/DeviceGray' : components === 4 ? '/DeviceCMYK/Decode[1 0 1 0 1 0 1 0]' : '/DeviceRGB';
      const ref = objects.add(
        `<</Type/XObject/Subtype/Image/Width ${width}/Height ${height}/ColorSpace${space}/BitsPerComponent 8/Filter/DCTDecode>>`,
        b,
      );
      return { ref, width, height };
    }
    at += 2 + u16(b, at + 2);
  }
  return undefined;
}

interface PngChunks {
  width: number;
  height: number;
  depth: number;
  color: number;
  interlaced: boolean;
  palette?: Uint8Array;
  data: Uint8Array;
}

function pngChunks(b: Uint8Array): PngChunks | undefined {
  if (u32(b, 0) !== 0x89504e47) return undefined;
  const idat: Uint8Array[] = [];
  let palette: Uint8Array | undefined;
  let at = 8;
  while (at + 8 <= b.length) {
    const length = u32(b, at);
    const type = String.fromCharCode(b[at + 4], b[at + 5], b[at + 6], b[at + 7]);
    const body = b.subarray(at + 8, at + 8 + length);
    if (type === 'PLTE') palette = body;
    if (type === 'IDAT') idat.push(body);
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return {
    width: u32(b, 16),
    height: u32(b, 20),
    depth: b[24],
    color: b[25],
    interlaced: b[28] === 1,
    palette,
    data: Buffer.concat(idat),
  };
}

function png(objects: PdfObjects, b: Uint8Array): PdfImage | undefined {
  const p = pngChunks(b);
  if (!p || p.interlaced || !p.width || !p.height) return undefined;
  const { width, height } = p;
  if (p.color === 4 || p.color === 6) return pngWithAlpha(objects, p);
  const colors = p.color === 2 ? 3 : 1;
  const space =
    p.color === 3 && p.palette
      ? `[/Indexed/DeviceRGB ${p.palette.length / 3 - 1}<${Buffer.from(p.palette).toString('hex')}>]`
      : colors === 3
        ? '/DeviceRGB'
        : '/DeviceGray';
  const ref = objects.add(
    `<</Type/XObject/Subtype/Image/Width ${width}/Height ${height}/ColorSpace${space}/BitsPerComponent ${p.depth}` +
      `/Filter/FlateDecode/DecodeParms<</Predictor 15/Colors ${colors}/BitsPerComponent ${p.depth}/Columns ${width}>>>>`,
    p.data,
  );
  return { ref, width, height };
}

/** A gray or RGB PNG with alpha (8 bits a sample): unfiltered, its colour and alpha split. */
function pngWithAlpha(objects: PdfObjects, p: PngChunks): PdfImage | undefined {
  if (p.depth !== 8) return undefined;
  const channels = p.color === 6 ? 4 : 2;
  const rows = unfilter(inflateSync(p.data), p.width, p.height, channels);
  const pixels = p.width * p.height;
  const color = new Uint8Array(pixels * (channels - 1));
  const alpha = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i += 1) {
    for (let c = 0; c < channels - 1; c += 1) color[i * (channels - 1) + c] = rows[i * channels + c];
    alpha[i] = rows[i * channels + channels - 1];
  }
  const head = `/Type/XObject/Subtype/Image/Width ${p.width}/Height ${p.height}/BitsPerComponent 8/Filter/FlateDecode`;
  const mask = objects.add(`<<${head}/ColorSpace/DeviceGray>>`, deflateSync(alpha));
  const space = channels === 4 ? '/DeviceRGB' : '/DeviceGray';
  const ref = objects.add(`<<${head}/ColorSpace${space}/SMask ${mask} 0 R>>`, deflateSync(color));
  return { ref, width: p.width, height: p.height };
}

/** PNG's per-row filters undone (None, Sub, Up, Average, Paeth), `bpp` bytes a pixel. */
function unfilter(data: Uint8Array, width: number, height: number, bpp: number): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = data[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x += 1) {
      const a = x >= bpp ? out[row + x - bpp] : 0;
      const up = y > 0 ? out[row - stride + x] : 0;
      const ul = y > 0 && x >= bpp ? out[row - stride + x - bpp] : 0;
      const raw = data[src + x];
      const pred =
        filter === 1 ? a : filter === 2 ? up : filter === 3 ? (a + up) >> 1 : filter === 4 ? paeth(a, up, ul) : 0;
      out[row + x] = (raw + pred) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}
