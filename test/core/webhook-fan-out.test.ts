import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { keptInOutbox, subscribersOf } from "../../core/webhooks/fan-out.ts";
import type { DomainEvent } from "../../core/feedback/events.ts";

const event = { id: "e1", orgId: "org", feedbackId: "f1", type: "feedback.status_changed", previousStatus: "triage", createdAt: 1 } as DomainEvent;

describe("webhook fan-out", () => {
  test("an event is delivered to each webhook that subscribes to its type, and to no other", () => {
    const webhooks = [
      { id: "all", events: ["feedback.created", "feedback.status_changed"] },
      { id: "created-only", events: ["feedback.created"] },
      { id: "status-only", events: ["feedback.status_changed"] },
    ];
    assert.deepEqual(subscribersOf(event, webhooks), ["all", "status-only"]);
  });

  test("an organization without webhooks has no deliveries", () => {
    assert.deepEqual(subscribersOf(event, []), []);
  });
});

describe("what the outbox keeps", () => {
  const created = { id: "e2", orgId: "org", feedbackId: "f1", type: "feedback.created", createdAt: 1 } as DomainEvent;

  test("an event a webhook is to receive", () => {
    assert.equal(keptInOutbox(created, ["hook"]), true);
  });

  test("a status change, as the feedback's history, even when no webhook subscribes", () => {
    assert.equal(keptInOutbox(event, []), true);
  });

  test("no other event that no webhook subscribes to", () => {
    assert.equal(keptInOutbox(created, []), false);
    const shipped = { ...created, type: "feedback.shipped", previousStatus: "fixed" } as DomainEvent;
    assert.equal(keptInOutbox(shipped, []), false);
  });
});
