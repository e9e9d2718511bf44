import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { operatorGrant } from "../../core/authorization.ts";
import { listFeedbacks } from "../../core/feedback/list-feedbacks.ts";
import { listFilter } from "../../core/feedback/list-filter.ts";
import { statusesOf } from "../../core/feedback/status.ts";
import { feedbackRecord, fakeFeedbacks } from "./fake-feedbacks.ts";

const store = { findUser: async () => null, listTags: async () => [{ name: "Billing", createdAt: 1 }] };
/** 10 March 2027, 15:00 UTC, as the clock gives it. */
const NOW = Date.UTC(2027, 2, 10, 15);

describe("a list's filters", () => {
  test("a tag named in another case is the organization's tag, as it spells it; one it does not have stays as given", async () => {
    const filter = async (tag: string) => {
      const read = await listFilter({ store, clock: () => NOW }, operatorGrant("org"), { tag });
      return read.ok ? read.value.tag : read.code;
    };
    assert.deepEqual([await filter("billing"), await filter(" BILLING "), await filter("shipping")], ["Billing", "Billing", "shipping"]);
  });

  test("overdue keeps the open statuses among those asked, due before the clock's day began; with or without a due date keeps them all", async () => {
    const filter = async (query: Parameters<typeof listFilter>[2]) => {
      const read = await listFilter({ store, clock: () => NOW }, operatorGrant("org"), query);
      return read.ok ? [read.value.statuses, read.value.due] : read.code;
    };
    assert.deepEqual(await filter({ status: "all", due: "overdue" }), [statusesOf("open"), { before: Date.UTC(2027, 2, 10) }]);
    assert.deepEqual(await filter({ status: "closed", due: "overdue" }), [[], { before: Date.UTC(2027, 2, 10) }]);
    assert.deepEqual(await filter({ status: "all", due: "set" }), [statusesOf("all"), "set"]);
    assert.deepEqual(await filter({ status: "closed", due: "none" }), [statusesOf("closed"), "none"]);
  });

  test("a search for a feedback's key puts it first only when it passes the due date filter", async () => {
    const late = feedbackRecord({ id: "fb-7", key: "ACME-7", dueAt: Date.UTC(2027, 2, 9) });
    const dueToday = feedbackRecord({ id: "fb-8", key: "ACME-8", dueAt: Date.UTC(2027, 2, 10) });
    const { deps } = fakeFeedbacks(late, dueToday, feedbackRecord({ id: "fb-9", key: "ACME-9" }));
    const services = { ...deps, clock: () => NOW, store: { ...deps.store, ...store, listFeedbacks: async () => [], listApps: async () => [] } };
    const found = async (key: string, due: "overdue" | "set" | "none") => {
      const listed = await listFeedbacks(services, operatorGrant("org"), { query: key, due });
      return listed.ok && listed.value.data.some((f) => f.key === key.toUpperCase());
    };
    assert.deepEqual(
      [
        await found("acme-7", "overdue"),
        await found("acme-8", "overdue"),
        await found("acme-8", "set"),
        await found("acme-9", "set"),
        await found("acme-7", "none"),
        await found("acme-9", "none"),
      ],
      [true, false, true, false, false, true],
    );
  });
});
