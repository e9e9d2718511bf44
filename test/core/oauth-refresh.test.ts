import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { activeSince, judgeRefreshToken } from "../../core/oauth/refresh.ts";

const NOW = 1_000_000;
const IDLE = 1_000;
const live = { agentRevoked: false, used: false, revoked: false, expiresAt: NOW + 1, agentLastUsedAt: NOW - IDLE + 1 };

describe("a refresh token presented", () => {
  test("an unused, unrevoked, unexpired token of a live agent used within the idle time may be rotated", () => {
    assert.equal(judgeRefreshToken(live, NOW, IDLE), "current");
  });

  test("a token used before was stolen or replayed: its agent is to be revoked", () => {
    assert.equal(judgeRefreshToken({ ...live, used: true }, NOW, IDLE), "reused");
  });

  test("a token of a revoked agent is refused, used or not, and revokes nothing more", () => {
    assert.equal(judgeRefreshToken({ ...live, agentRevoked: true, used: true }, NOW, IDLE), "invalid");
  });

  test("a revoked token, an expired one and one of an idle agent are refused", () => {
    assert.equal(judgeRefreshToken({ ...live, revoked: true }, NOW, IDLE), "invalid");
    assert.equal(judgeRefreshToken({ ...live, expiresAt: NOW }, NOW, IDLE), "invalid");
    assert.equal(judgeRefreshToken({ ...live, agentLastUsedAt: NOW - IDLE }, NOW, IDLE), "invalid");
  });
});

describe("an idle agent", () => {
  test("is one not used since `idleMs` before now", () => {
    assert.equal(activeSince(NOW, IDLE), NOW - IDLE);
  });
});
