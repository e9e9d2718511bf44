import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { sendOnce } from "../../core/notify/send-once.ts";

/** A follower store that keeps claims in memory, and the messages handed to a notifier. */
function deps(delivers: boolean) {
  const claims = new Map<string, "claimed" | "sent">();
  const mails: string[] = [];
  const id = (subject: string, email: string, key: string) => `${subject}|${email}|${key}`;
  return {
    claims,
    mails,
    clock: () => 1_000,
    notifier: { delivers, send: async (m: { to: string; subject: string }) => void mails.push(`${m.to}: ${m.subject}`) },
    store: {
      claimNotification: async (subject: string, email: string, key: string) => {
        if (claims.has(id(subject, email, key))) return false;
        claims.set(id(subject, email, key), "claimed");
        return true;
      },
      confirmNotification: async (subject: string, email: string, key: string) => void claims.set(id(subject, email, key), "sent"),
      releaseNotification: async (subject: string, email: string, key: string) => void claims.delete(id(subject, email, key)),
    },
  };
}
const message = () => ({ subject: "Delivered", text: "It is out." });
const to = { subjectId: "fb1", key: "delivered", email: "ann@example.com" };

describe("sending a notice once", () => {
  test("a message sent is kept as sent, and not sent again", async () => {
    const d = deps(true);
    assert.equal(await sendOnce(d, to, message), true);
    assert.equal(await sendOnce(d, to, message), false);
    assert.deepEqual([d.mails, [...d.claims.values()]], [["ann@example.com: Delivered"], ["sent"]]);
  });

  test("where no message reaches anyone (no SMTP), it is only logged and not kept as sent", async () => {
    const d = deps(false);
    assert.equal(await sendOnce(d, to, message), false);
    assert.deepEqual([d.mails, d.claims.size], [["ann@example.com: Delivered"], 0]);
  });
});
