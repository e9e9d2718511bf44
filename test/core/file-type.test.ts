import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { imageSize, imageTypeOf, isOfType } from "../../core/attachments/file-type.ts";

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

const PNG = bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const WEBP = bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ");
const WAV = bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ");

describe("a file's type, read from its bytes", () => {
  test("PNG, JPEG and WebP images are told apart by their first bytes", () => {
    assert.deepEqual([PNG, JPEG, WEBP].map(imageTypeOf), ["image/png", "image/jpeg", "image/webp"]);
  });

  test("a RIFF file that is not WebP (a WAV sound) is no image, nor is text or an empty file", () => {
    assert.deepEqual([WAV, bytes("not an image"), new Uint8Array()].map(imageTypeOf), [null, null, null]);
    assert.equal(isOfType(WAV, "image/webp"), false);
  });

  test("a file is of a type it starts as; an unknown type matches nothing", () => {
    assert.equal(isOfType(bytes([0x1f, 0x8b, 8, 0]), "application/gzip"), true);
    assert.equal(isOfType(PNG, "application/gzip"), false);
    assert.equal(isOfType(PNG, "text/plain"), false);
  });
});

describe("the size an image's header declares", () => {
  /** A JPEG's start, `between` its first segment and its frame header (20,000 × 20,000). */
  const jpeg = (between: number[]) =>
    bytes([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0], between, [0xff, 0xc0, 0, 11, 8, 0x4e, 0x20, 0x4e, 0x20, 1, 1, 0x11, 0]);

  test("a JPEG's frame header is found past bytes slipped before it (as Chromium's decoder skips them, to show the image at that size)", () => {
    for (const between of [[0], [0x12, 0x34], [0xff, 0x00], [0xff, 0xff]]) {
      assert.deepEqual(imageSize(jpeg(between), "image/jpeg"), { width: 20_000, height: 20_000 }, String(between));
    }
  });
});
