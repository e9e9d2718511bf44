import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { decodeCursor, encodeCursor } from "../../core/feedback/cursor.ts";
import { signatureDigest, signatureHeader, verifySignature } from "../../core/webhook-signature.ts";
import { fromBase64Url, toBase64Url } from "../../core/encoding.ts";

const secret = new TextEncoder().encode("cursor-secret-for-tests-32-bytes!");

describe("cursor codec", () => {
  test("round-trips a position for the same filters", async () => {
    const cursor = await encodeCursor(secret, { value: 1700000000000, id: "abc" }, "f");
    assert.deepEqual(await decodeCursor(secret, cursor, "f"), { value: 1700000000000, id: "abc" });
  });

  test("refuses a cursor that was changed, signed with another secret, or issued for other filters", async () => {
    const cursor = await encodeCursor(secret, { value: 1, id: "x" }, "f");
    const [payload, mac] = cursor.split(".") as [string, string];
    const forged = toBase64Url(new TextEncoder().encode(JSON.stringify([1, "y", "f"])));
    assert.equal(await decodeCursor(secret, `${forged}.${mac}`, "f"), null);
    assert.equal(await decodeCursor(new TextEncoder().encode("other"), cursor, "f"), null);
    assert.equal(await decodeCursor(secret, cursor, "g"), null);
    for (const junk of ["", ".", "a.b.c", "%%%", `${payload}`]) assert.equal(await decodeCursor(secret, junk, "f"), null);
  });

  test("base64url decoding refuses other alphabets", () => {
    assert.equal(fromBase64Url("a+b/"), null);
    assert.deepEqual(fromBase64Url(toBase64Url(new Uint8Array([0, 255, 128]))), new Uint8Array([0, 255, 128]));
  });
});

describe("webhook signature", () => {
  test("v1 is the hex HMAC-SHA256 of '<t>.<raw body>', as an independent implementation computes it", async () => {
    const digest = await signatureDigest("whsec_test", 1700000000, '{"id":"evt_1"}');
    assert.equal(digest, createHmac("sha256", "whsec_test").update('1700000000.{"id":"evt_1"}').digest("hex"));
  });

  test("the header is t=<seconds>,v1=<digest>, with one v1 per secret during a rotation", async () => {
    const header = await signatureHeader(["old", "new"], 1700000000, "{}");
    assert.match(header, /^t=1700000000,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
  });

  test("the verifier accepts a fresh signature and refuses a wrong, a malformed or an old one", async () => {
    const body = '{"type":"feedback.created"}';
    const header = await signatureHeader(["s"], 1000, body);
    assert.equal(await verifySignature("s", header, body, 1000 + 299), "valid");
    assert.equal(await verifySignature("s", header, `${body} `, 1000), "mismatch");
    assert.equal(await verifySignature("other", header, body, 1000), "mismatch");
    assert.equal(await verifySignature("s", header, body, 1000 + 301), "too_old");
    assert.equal(await verifySignature("s", "v1=abc", body, 1000), "malformed");
  });
});
