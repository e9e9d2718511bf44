/** The bytes a kind of file holds at an offset: a file that lacks them is not what it says. */
const SIGNATURES: Readonly<Record<string, readonly { readonly at: number; readonly bytes: readonly number[] }[]>> = {
  "image/png": [{ at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }],
  "image/jpeg": [{ at: 0, bytes: [0xff, 0xd8, 0xff] }],
  // "RIFF", its size, then "WEBP": RIFF alone is also a WAV sound or an AVI film.
  "image/webp": [
    { at: 0, bytes: [0x52, 0x49, 0x46, 0x46] },
    { at: 8, bytes: [0x57, 0x45, 0x42, 0x50] },
  ],
  "application/gzip": [{ at: 0, bytes: [0x1f, 0x8b] }],
};

/** Whether `bytes` are a file of `contentType`, by the bytes that kind of file starts with. */
export const isOfType = (bytes: Uint8Array, contentType: string): boolean =>
  SIGNATURES[contentType]?.every(({ at, bytes: expected }) => expected.every((b, i) => bytes[at + i] === b)) ?? false;

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/** The image type `bytes` hold (PNG, JPEG or WebP), whatever the file's name says; null for anything else. */
export const imageTypeOf = (bytes: Uint8Array): (typeof IMAGE_TYPES)[number] | null => IMAGE_TYPES.find((type) => isOfType(bytes, type)) ?? null;

const u16be = (b: Uint8Array, at: number) => ((b[at]! << 8) | b[at + 1]!) >>> 0;
const u16le = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8)) >>> 0;
const u24le = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) >>> 0;
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

/** A JPEG's size, from its first frame header (SOF0 to SOF15; C4, C8 and CC are other segments); null before one. */
function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  for (let at = 2; at + 9 <= b.length; ) {
    const marker = b[at + 1]!;
    // Browsers' decoder (libjpeg) passes over bytes before a marker, fill bytes and stuffed zeros with
    // a warning, and shows the image: a byte slipped before the frame header must not hide it here.
    if (b[at] !== 0xff || marker === 0xff || marker === 0x00) at += 1;
    else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: u16be(b, at + 7), height: u16be(b, at + 5) };
    // A scan or the end before any frame header: the decoder refuses the file.
    else if (marker === 0xda || marker === 0xd9) return null;
    else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) at += 2;
    else at += 2 + u16be(b, at + 2);
  }
  return null;
}

/** A WebP's size, from its first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X); null for anything else. */
function webpSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 30) return null;
  switch (fourcc(b, 12)) {
    case "VP8 ":
      return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    case "VP8L":
      return { width: 1 + (((b[22]! & 0x3f) << 8) | b[21]!), height: 1 + (((b[24]! & 0x0f) << 10) | (b[23]! << 2) | ((b[22]! & 0xc0) >> 6)) };
    case "VP8X":
      return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
    default:
      return null;
  }
}

/**
 * The width and height an image's header declares, which a browser allocates to show it whatever
 * its file's size; null when the header is not where that kind of file keeps it.
 */
export function imageSize(bytes: Uint8Array, contentType: string): { width: number; height: number } | null {
  if (contentType === "image/png")
    return bytes.length >= 24 && fourcc(bytes, 12) === "IHDR" ? { width: u32be(bytes, 16), height: u32be(bytes, 20) } : null;
  if (contentType === "image/jpeg") return jpegSize(bytes);
  return contentType === "image/webp" ? webpSize(bytes) : null;
}
