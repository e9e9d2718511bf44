import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { isTrackingToken, trackingTokenHash } from "../../core/report/tracking-token.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("tracking token hash", () => {
  test("keeps the first 128 bits of the token's SHA-256, and the token matches it", () => {
    const kept = trackingTokenHash(sha256, "token");
    assert.equal(kept, sha256("token").slice(0, 32));
    assert.equal(isTrackingToken(sha256, "token", kept), true);
    assert.equal(isTrackingToken(sha256, "other", kept), false);
  });

  test("a whole SHA-256, as reports stored before keep it, still matches its token only", () => {
    assert.equal(isTrackingToken(sha256, "token", sha256("token")), true);
    assert.equal(isTrackingToken(sha256, "other", sha256("token")), false);
  });

  test("a hash shorter than 128 bits matches no token, even its own prefix", () => {
    assert.equal(isTrackingToken(sha256, "token", sha256("token").slice(0, 31)), false);
    assert.equal(isTrackingToken(sha256, "token", ""), false);
  });
});
