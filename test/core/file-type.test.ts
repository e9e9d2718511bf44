import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { imageTypeOf, isOfType } from "../../core/attachments/file-type.ts";

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
