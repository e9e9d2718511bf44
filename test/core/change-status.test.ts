import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { changeStatus } from "../../core/feedback/change-status.ts";
import { feedbackRecord, fakeFeedbacks } from "./fake-feedbacks.ts";
import { NOW, tokenGrant } from "./fake-organization.ts";

const member = { ...tokenGrant("member", ["feedbacks:read", "feedbacks:write"]), orgId: "org" };

describe("changeStatus", () => {
  test("the change, its comment and its event are written together, in the name of the grant's person", async () => {
    const fake = fakeFeedbacks(feedbackRecord());
    const changed = await changeStatus(fake.deps, member, "ACME-1", { status: "prioritized", comment: "  next sprint " });
    assert.equal(changed.ok && changed.value.status, "prioritized");
    const [change] = fake.changes;
    assert.deepEqual(change?.comment, { id: "id-1", text: "next sprint", authorUserId: "u" });
    assert.deepEqual(
      change?.events.map((e) => [e.type, "previousStatus" in e && e.previousStatus, e.createdAt]),
      [["feedback.status_changed", "triage", NOW]],
    );
    assert.deepEqual(change?.jobs, []);
  });

  test("reaching delivered also ships the feedback and notifies its followers, but for the person who delivered it", async () => {
    const fake = fakeFeedbacks(feedbackRecord({ status: "fixed" }));
    await changeStatus(fake.deps, member, "ACME-1", { status: "delivered" });
    const [change] = fake.changes;
    assert.deepEqual(
      change?.events.map((e) => e.type),
      ["feedback.status_changed", "feedback.shipped"],
    );
    assert.deepEqual(change?.jobs, [{ kind: "notify_followers", orgId: "org", feedbackId: "fb-1", detail: "u" }]);
  });

  test("a linked tracker issue follows the change, unless the change came from the tracker", async () => {
    const tracker = { key: "acme/web#7", provider: "github", status: "open" } as const;
    const fake = fakeFeedbacks(feedbackRecord({ tracker }));
    await changeStatus(fake.deps, member, "ACME-1", { status: "prioritized" });
    await changeStatus(fake.deps, member, "ACME-1", { status: "in_development" }, { fromTracker: true });
    assert.deepEqual(
      fake.changes.map((c) => c.jobs.map((j) => j.kind)),
      [["sync_tracker"], []],
    );
  });

  test("the organization's Slack channel hears of a change to a feedback it follows, in the same write", async () => {
    const fake = fakeFeedbacks(feedbackRecord({ severity: "P1" }));
    fake.connectSlack({ orgId: "org", secretsSealed: "sealed", channel: "C1", kinds: ["problem"], minSeverity: "P2" });
    await changeStatus(fake.deps, member, "ACME-1", { status: "fixed" });
    assert.deepEqual(fake.changes[0]?.jobs, [{ kind: "slack_notice", orgId: "org", feedbackId: "fb-1", detail: '{"status":"fixed"}' }]);
  });

  test("a channel that does not follow the feedback (its kind, a lower severity) hears nothing of its change", async () => {
    const fake = fakeFeedbacks(feedbackRecord({ severity: "P3" }));
    fake.connectSlack({ orgId: "org", secretsSealed: "sealed", channel: "C1", kinds: [], minSeverity: "P2" });
    await changeStatus(fake.deps, member, "ACME-1", { status: "fixed" });
    assert.deepEqual(fake.changes[0]?.jobs, []);
  });

  test("a key merged into another changes that one, and the answer says so (mergedInto)", async () => {
    const fake = fakeFeedbacks(feedbackRecord(), feedbackRecord({ id: "fb-2", key: "ACME-2", mergedInto: "fb-1" }));
    const changed = await changeStatus(fake.deps, member, "ACME-2", { status: "prioritized" });
    assert.deepEqual(changed.ok && [changed.value.key, changed.value.status, changed.value.mergedInto], ["ACME-1", "prioritized", "ACME-1"]);
    assert.equal(fake.changes[0]?.feedbackId, "fb-1");
    const own = await changeStatus(fake.deps, member, "ACME-1", { status: "in_development" });
    assert.equal(own.ok && own.value.mergedInto, undefined);
  });

  test("the same status without a comment writes nothing", async () => {
    const fake = fakeFeedbacks(feedbackRecord());
    const unchanged = await changeStatus(fake.deps, member, "ACME-1", { status: "triage" });
    assert.equal(unchanged.ok && unchanged.value.status, "triage");
    assert.equal(fake.changes.length, 0);
  });

  test("a change made meanwhile by someone else is read again, and the change applies from it", async () => {
    const fake = fakeFeedbacks(feedbackRecord());
    fake.interfere("prioritized");
    await changeStatus(fake.deps, member, "ACME-1", { status: "fixed" });
    assert.deepEqual(
      fake.changes.map((c) => [c.from, c.to]),
      [["prioritized", "fixed"]],
    );
  });

  test("a Reader may not change a status: forbidden; an unknown key: not_found", async () => {
    const fake = fakeFeedbacks(feedbackRecord());
    const reader = { ...tokenGrant("reader", ["feedbacks:read"]), orgId: "org" };
    assert.deepEqual(await changeStatus(fake.deps, reader, "ACME-1", { status: "fixed" }), { ok: false, code: "forbidden" });
    assert.deepEqual(await changeStatus(fake.deps, member, "acme-404", { status: "fixed" }), {
      ok: false,
      code: "not_found",
      refusal: { reason: "unknown_feedback", feedback: "ACME-404" },
    });
    assert.equal(fake.changes.length, 0);
  });
});
