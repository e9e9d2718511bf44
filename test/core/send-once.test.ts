import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { sendOnce, sendOnceTogether } from "../../core/notify/send-once.ts";
import { tellEach } from "../../core/notify/tell-each.ts";
import { fakeNotices } from "./fake-notices.ts";

/** A follower store that keeps claims in memory (fakeNotices), and the messages handed to a notifier. */
function deps(delivers: boolean, refused: readonly string[] = []) {
  const notices = fakeNotices();
  const mails: string[] = [];
  return {
    claims: notices.claims,
    mails,
    clock: () => 1_000,
    notifier: {
      delivers,
      send: async (m: { to: string; subject: string }) => {
        if (refused.includes(m.to)) throw new Error(`550 No such user: ${m.to}`);
        mails.push(`${m.to}: ${m.subject}`);
      },
    },
    store: notices.store,
  };
}
const message = () => ({ subject: "Delivered", text: "It is out." });
const to = { subjectId: "fb1", key: "delivered", email: "ann@example.com" };

describe("sending a notice once", () => {
  test("a message sent is kept as sent, and not sent again", async () => {
    const d = deps(true);
    assert.equal(await sendOnce(d, to, message), "sent");
    assert.equal(await sendOnce(d, to, message), "sent_before");
    assert.deepEqual([d.mails, [...d.claims.values()]], [["ann@example.com: Delivered"], ["sent"]]);
  });

  test("where no message reaches anyone (no SMTP), it is only logged and not kept as sent", async () => {
    const d = deps(false);
    assert.equal(await sendOnce(d, to, message), "logged");
    assert.deepEqual([d.mails, d.claims.size], [["ann@example.com: Delivered"], 0]);
  });

  test("a message another sender claimed and did not confirm (sending it now, or crashed) is held, not sent before", async () => {
    const d = deps(true);
    d.claims.set("fb1|ann@example.com|delivered", "claimed");
    assert.equal(await sendOnce(d, to, message), "held");
    assert.deepEqual(d.mails, []);
  });
});

describe("telling each recipient", () => {
  const each = (d: ReturnType<typeof deps>, emails: readonly string[]) => tellEach(emails, (email) => sendOnce(d, { ...to, email }, message));

  test("an address the mail server refuses keeps no one after it from their message; the job fails, and its retry sends only what failed", async () => {
    const refused = ["bounce@example.com"];
    const d = deps(true, refused);
    await assert.rejects(each(d, ["ann@example.com", "bounce@example.com", "erin@example.com"]), /1 message\(s\) not sent/);
    assert.deepEqual(d.mails, ["ann@example.com: Delivered", "erin@example.com: Delivered"]);
    refused.pop();
    await each(d, ["ann@example.com", "bounce@example.com", "erin@example.com"]);
    assert.deepEqual(d.mails, ["ann@example.com: Delivered", "erin@example.com: Delivered", "bounce@example.com: Delivered"]);
  });

  test("a message held by a sender that crashed fails the job, to be retried: it is sent once that claim runs out, never counted as done", async () => {
    const d = deps(true);
    d.claims.set("fb1|ann@example.com|delivered", "claimed");
    await assert.rejects(each(d, ["ann@example.com", "erin@example.com"]), /held by another sender/);
    assert.deepEqual(d.mails, ["erin@example.com: Delivered"]);
  });
});

describe("one message about several subjects", () => {
  /** The notices of these subjects, under the one key of the message. */
  const subjects = (ids: readonly string[]) => ids.map((subjectId) => ({ subjectId, key: to.key }));
  const together = (d: ReturnType<typeof deps>, own: string) =>
    sendOnceTogether(d, { ...to, subjectId: own }, subjects(["fb1", "fb2", "fb3"]), (told) => ({
      subject: told.map((n) => n.subjectId).join(" "),
      text: "",
    }));

  test("the first job to run tells every subject in one message; the others' jobs then find theirs told", async () => {
    const d = deps(true);
    assert.equal(await together(d, "fb2"), "sent");
    assert.deepEqual(await Promise.all(["fb1", "fb2", "fb3"].map((own) => together(d, own))), ["sent_before", "sent_before", "sent_before"]);
    assert.deepEqual(d.mails, ["ann@example.com: fb1 fb2 fb3"]);
  });

  test("while another sender holds the first subject (it may be telling them all), a job for another is held and sends nothing", async () => {
    const d = deps(true);
    d.claims.set("fb1|ann@example.com|delivered", "claimed");
    assert.equal(await together(d, "fb3"), "held");
    assert.deepEqual([d.mails, d.claims.size], [[], 1]);
  });

  test("once the first was told without them, a job tells its own subject with the others no one told or holds", async () => {
    const d = deps(true);
    d.claims.set("fb1|ann@example.com|delivered", "sent");
    d.claims.set("fb2|ann@example.com|delivered", "claimed");
    assert.equal(await together(d, "fb3"), "sent");
    assert.deepEqual(d.mails, ["ann@example.com: fb3"]);
  });

  test("a message the mail server refuses gives every subject back, to be told when the job is retried", async () => {
    const d = deps(true, ["ann@example.com"]);
    await assert.rejects(together(d, "fb1"), /550/);
    assert.equal(d.claims.size, 0);
  });

  test("a message that has nothing left to tell, composed, is not sent, and gives every subject back rather than keep them as told", async () => {
    const d = deps(true);
    assert.equal(await sendOnceTogether(d, { ...to, subjectId: "fb2" }, subjects(["fb1", "fb2", "fb3"]), () => null), "moot");
    assert.deepEqual([d.mails, d.claims.size], [[], 0]);
  });

  test("where no message reaches anyone, the first subject's job alone logs it", async () => {
    const d = deps(false);
    assert.deepEqual(await Promise.all(["fb1", "fb2"].map((own) => together(d, own))), ["logged", "logged"]);
    assert.deepEqual(d.mails, ["ann@example.com: fb1 fb2 fb3"]);
  });
});
