import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { operatorGrant } from "../../core/authorization.ts";
import { browseFeedbacks } from "../../core/feedback/browse-feedbacks.ts";
import { countFeedbacks } from "../../core/feedback/count-feedbacks.ts";
import { listFeedbacks } from "../../core/feedback/list-feedbacks.ts";
import type { ListQuery } from "../../core/feedback/list-filter.ts";
import type { FeedbackRecord, Grant } from "../../core/model.ts";
import { STATUSES } from "../../core/schemas/feedback.ts";
import type { FeedbackFilter, ListPosition } from "../../core/store/feedbacks.ts";
import { feedbackRecord, fakeFeedbacks } from "./fake-feedbacks.ts";

const ANA = { id: "user-ana", email: "ana@acme.test", name: "Ana" };
const ana: Grant = { ...operatorGrant("org"), userId: ANA.id, role: "member" };

/** Seven feedbacks of Ana's tagged Billing (ACME-1, the oldest, to ACME-7), one of them delivered; two others neither hers nor tagged. */
const FEEDBACKS: FeedbackRecord[] = [
  ...Array.from({ length: 7 }, (_, i) =>
    feedbackRecord({
      id: `fb-${i + 1}`,
      key: `ACME-${i + 1}`,
      lastActivityAt: 1_000 + i,
      owner: ANA.email,
      tags: ["Billing"],
      status: i === 2 ? "delivered" : "triage",
    }),
  ),
  feedbackRecord({ id: "fb-8", key: "ACME-8", lastActivityAt: 2_000 }),
  feedbackRecord({ id: "fb-9", key: "ACME-9", lastActivityAt: 2_001, tags: ["Billing"] }),
];

/** Whether a feedback comes after a position in the order of last activity (ties by id, descending). */
const after = (f: FeedbackRecord, at: ListPosition) => f.lastActivityAt < at.value || (f.lastActivityAt === at.value && f.id < at.id);

/** The store's lists over FEEDBACKS (the statuses, owner and tag filters, by last activity), counting what reading a list's filter and cursor reads. */
function spiedStore() {
  const { deps } = fakeFeedbacks(...FEEDBACKS);
  const reads = { findUser: 0, listTags: 0, serviceSecret: 0, findFeedback: 0 };
  const counted =
    <A extends unknown[], R>(method: keyof typeof reads, read: (...args: A) => R) =>
    (...args: A): R => {
      reads[method]++;
      return read(...args);
    };
  const kept = (filter: Omit<FeedbackFilter, "statuses">, statuses = STATUSES as readonly string[]) =>
    FEEDBACKS.filter(
      (f) =>
        statuses.includes(f.status) &&
        (filter.owner === undefined || (f.owner ?? null) === filter.owner) &&
        (!filter.tag || (f.tags ?? []).includes(filter.tag)),
    ).sort((a, b) => b.lastActivityAt - a.lastActivityAt || (a.id < b.id ? 1 : -1));
  const store = {
    ...deps.store,
    findUser: counted("findUser", async (id: string) => (id === ANA.id ? ANA : null)),
    listTags: counted("listTags", async () => [{ name: "Billing", createdAt: 1 }]),
    serviceSecret: counted("serviceSecret", async () => new Uint8Array(32).fill(7)),
    findFeedback: counted("findFeedback", deps.store.findFeedback),
    listApps: async () => [],
    listFeedbacks: async (_orgId: string, filter: FeedbackFilter, at: ListPosition | null, limit: number) =>
      kept(filter, filter.statuses)
        .filter((f) => !at || after(f, at))
        .slice(0, limit),
    listFeedbacksUpTo: async (_orgId: string, filter: FeedbackFilter, at: ListPosition, limit: number) =>
      kept(filter, filter.statuses)
        .filter((f) => !after(f, at))
        .reverse()
        .slice(0, limit),
    countByStatus: async (_orgId: string, filter: Omit<FeedbackFilter, "statuses">) =>
      Object.fromEntries(STATUSES.map((s) => [s, kept(filter, [s]).length]).filter(([, n]) => n)),
  };
  return { services: { ...deps, store }, reads };
}

/** Ana's Billing feedbacks (the tag as typed in another case), two a page. */
const HERS: ListQuery = { owner: "me", tag: "billing", limit: 2 };

describe("browsing the list: a page, the way back from it and the counts beside it, from one reading of the filter", () => {
  test("a page after a cursor, for an owner and a tag, reads the person, the organization's tags and the service's secret once each", async () => {
    const { services, reads } = spiedStore();
    // A search for a key, whose feedback the list looks up to pin it first on the first page.
    const searched = { ...HERS, query: "acme-5" };
    const first = await listFeedbacks(services, ana, searched);
    const cursor = first.ok ? first.value.nextCursor : null;
    assert.ok(cursor);
    for (const key of Object.keys(reads)) reads[key as keyof typeof reads] = 0;

    const browsed = await browseFeedbacks(services, ana, { ...searched, cursor });
    assert.ok(browsed.ok && browsed.value.page.ok && browsed.value.previous);
    assert.deepEqual(reads, { findUser: 1, listTags: 1, serviceSecret: 1, findFeedback: 1 });
  });

  test("gives the page the API's list gives, the counts countFeedbacks gives, and from the third page the way back to the second", async () => {
    const { services } = spiedStore();
    const pages: string[][] = [];
    let cursor: string | null | undefined;
    const cursors: Array<string | undefined> = [];
    do {
      cursors.push(cursor ?? undefined);
      const query = { ...HERS, ...(cursor && { cursor }) };
      const [browsed, listed, counted] = await Promise.all([
        browseFeedbacks(services, ana, query),
        listFeedbacks(services, ana, query),
        countFeedbacks(services, ana, query),
      ]);
      assert.ok(browsed.ok && listed.ok && counted.ok);
      assert.deepEqual([browsed.value.page, browsed.value.counts], [listed, counted.value]);
      const back = cursors.at(-2);
      assert.deepEqual(browsed.value.previous, cursors.length === 1 ? null : { cursor: back ?? null });
      pages.push(listed.value.data.map((f) => f.key));
      cursor = listed.value.nextCursor;
    } while (cursor);
    assert.deepEqual(pages, [
      ["ACME-7", "ACME-6"],
      ["ACME-5", "ACME-4"],
      ["ACME-2", "ACME-1"],
    ]);
  });

  test("a cursor the list refuses is invalid_cursor for the page, which has no way back; the counts beside it stay", async () => {
    const { services } = spiedStore();
    const browsed = await browseFeedbacks(services, ana, { ...HERS, cursor: "not-a-cursor" });
    assert.ok(browsed.ok);
    assert.deepEqual(browsed.value, { page: { ok: false, code: "invalid_cursor" }, previous: null, counts: { triage: 6, delivered: 1 } });
  });
});
