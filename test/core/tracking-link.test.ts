import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { openTrackingLink } from "../../core/notify/tracking-link.ts";

const secrets = {
  seal: async (text: string) => `sealed(${text})`,
  open: async (sealed: string) => {
    if (!sealed.startsWith("sealed(")) throw new Error("not sealed with this key");
    return sealed.slice(7, -1);
  },
};

describe("a follower's tracking link in an e-mail", () => {
  test("is opened when the follower has one", async () => {
    assert.equal(await openTrackingLink(secrets, "sealed(https://retour.example/s/1?t=x)"), "https://retour.example/s/1?t=x");
  });

  test("is left out when there is none, or when it was sealed with a key the store has lost (the e-mail goes without it)", async () => {
    assert.equal(await openTrackingLink(secrets, undefined), undefined);
    assert.equal(await openTrackingLink(secrets, "v1.sealed-with-the-lost-key"), undefined);
  });
});
