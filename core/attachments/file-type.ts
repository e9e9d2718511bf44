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
