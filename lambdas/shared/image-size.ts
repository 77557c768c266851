/**
 * The pixel size a PNG or JPEG declares (the PNG's IHDR, the JPEG's start-of-frame), so a logo is
 * drawn in an Excel file with its own proportions. Undefined when the bytes do not say (a truncated
 * or odd file): the caller then draws it in its box as it is.
 */
export interface PixelSize {
  width: number;
  height: number;
}

const u16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

/** A PNG's IHDR (always the first chunk: width and height at bytes 16 and 20). */
function pngSize(b: Uint8Array): PixelSize | undefined {
  if (b.length < 24 || String.fromCharCode(b[12], b[13], b[14], b[15]) !== 'IHDR') return undefined;
  return { width: u32(b, 16), height: u32(b, 20) };
}

/** Start-of-frame markers (SOF0..SOF15 but DHT, JPG and DAC, which share the range). */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/** A JPEG's first start-of-frame segment, walking the segments from the SOI. */
function jpegSize(b: Uint8Array): PixelSize | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (isFrame(marker)) return { height: u16(b, at + 5), width: u16(b, at + 7) };
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image / scan: no frame header before it
    at += 2 + u16(b, at + 2);
  }
  return undefined;
}

export function imageSize(bytes: Uint8Array, contentType: string): PixelSize | undefined {
  const size =
    contentType === 'image/png' ? pngSize(bytes) : contentType === 'image/jpeg' ? jpegSize(bytes) : undefined;
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

/** `size` scaled down (never up) to fit in `box`, its proportions kept; the box itself when unknown. */
export function fitIn(size: PixelSize | undefined, box: PixelSize): PixelSize {
  if (!size) return box;
  const scale = Math.min(1, box.width / size.width, box.height / size.height);
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}
