import { describe, expect, test } from "bun:test";
import { sha256Digest } from "../../adapters/system/digest.ts";
import { sha256Hex } from "../../core/encoding.ts";

describe("digest", () => {
  test("is WebCrypto's SHA-256 in hex, so tokens stored by earlier versions still match", async () => {
    for (const text of ["", "rtr_abc", "é and 😀", "x".repeat(10_000)]) expect(sha256Digest(text)).toBe(await sha256Hex(text));
    expect(sha256Digest("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
