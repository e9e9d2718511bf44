import { describe, expect, test } from "bun:test";
import type { ChangelogEntryRecord } from "../../../core/changelog/entry.ts";
import { publication } from "../../../core/changelog/publication.ts";
import type { ChangelogStore } from "../../../core/store/changelog.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { FollowerStore } from "../../../core/store/followers.ts";
import type { JobQueue } from "../../../core/store/jobs.ts";
import type { MergeStore } from "../../../core/store/merges.ts";
import type { WebhookStore } from "../../../core/store/webhooks.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = ChangelogStore &
  Pick<FeedbackStore, "findFeedback" | "statusChanges" | "listReports"> &
  Pick<FollowerStore, "listFollowers"> &
  Pick<MergeStore, "applyMerge"> &
  Pick<JobQueue, "claimJob" | "completeJob"> &
  Pick<WebhookStore, "claimDelivery" | "createWebhook"> &
  Seeding;

/** Changelog entries, and publishing one with the feedbacks it ships in one transaction. */
export function changelogContract(makeStore: () => Promise<Subject>) {
  const { id, seed, record, merge, webhook } = contractKit();

  const draft = (orgId: string, fields: Partial<ChangelogEntryRecord> = {}): ChangelogEntryRecord => ({
    id: id("entry"),
    orgId,
    title: "PDF export",
    body: "**Fixed**",
    status: "draft",
    feedbackIds: [],
    createdAt: 100,
    updatedAt: 100,
    ...fields,
  });

  /** The kinds of the jobs due, each completed as it is read. */
  async function drainJobs(store: Subject): Promise<string[]> {
    const kinds: string[] = [];
    for (let job = await store.claimJob(1e12, 1_000, "l"); job; job = await store.claimJob(1e12, 1_000, "l")) {
      kinds.push(`${job.request.kind} ${job.request.feedbackId}`);
      await store.completeJob(job);
    }
    return kinds;
  }

  describe("changelog", () => {
    test("entries are found in their organization only; the team's list has drafts first, then published ones newest first", async () => {
      const store = await makeStore();
      const { orgId } = await seed(store);
      const old = draft(orgId, { status: "published", publishedAt: 200 });
      const recent = draft(orgId, { status: "published", publishedAt: 300 });
      const pending = draft(orgId, { createdAt: 50, feedbackIds: ["a", "b"] });
      for (const e of [old, pending, recent]) await store.createEntry(e);
      expect(await store.findEntry(orgId, pending.id)).toEqual(pending);
      expect(await store.findEntry("other-org", pending.id)).toBeNull();
      expect((await store.listEntries(orgId, { drafts: true })).map((e) => e.id)).toEqual([pending.id, recent.id, old.id]);
      expect((await store.listEntries(orgId, { drafts: false })).map((e) => e.id)).toEqual([recent.id, old.id]);
      expect(await store.findEntry(orgId, old.id)).toEqual(old);
    });

    test("the entries that link a feedback are found in its organization, drafts first, then published ones newest first, without their text", async () => {
      const store = await makeStore();
      const { orgId } = await seed(store);
      const old = draft(orgId, { title: "Old", status: "published", publishedAt: 200, feedbackIds: ["a", "b"] });
      const recent = draft(orgId, { title: "Recent", status: "published", publishedAt: 300, feedbackIds: ["a"] });
      const pending = draft(orgId, { title: "Pending", feedbackIds: ["a"] });
      const newerDraft = draft(orgId, { title: "Newer draft", createdAt: 150, feedbackIds: ["a"] });
      const unrelated = draft(orgId, { title: "Unrelated", createdAt: 120, feedbackIds: ["c"] });
      for (const e of [old, recent, pending, newerDraft, unrelated]) await store.createEntry(e);
      expect(await store.entriesLinking(orgId, "a")).toEqual([
        { id: newerDraft.id, title: "Newer draft", status: "draft" },
        { id: pending.id, title: "Pending", status: "draft" },
        { id: recent.id, title: "Recent", status: "published" },
        { id: old.id, title: "Old", status: "published" },
      ]);
      expect(await store.entriesLinking(orgId, "b")).toEqual([{ id: old.id, title: "Old", status: "published" }]);
      expect(await store.entriesLinking("other-org", "a")).toEqual([]);
    });

    test("the entries that link a feedback merged into another, however deep, are the other's too, each once", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const [holder, middle, inner] = [
        (await record(store, org, "Gift cards", 1))!,
        (await record(store, org, "Pay with gift cards", 2))!,
        (await record(store, org, "Gift card balance", 3))!,
      ];
      const both = draft(org.orgId, { title: "Both", createdAt: 10, feedbackIds: [inner.id, middle.id] });
      const innerOnly = draft(org.orgId, { title: "Inner", createdAt: 20, feedbackIds: [inner.id] });
      for (const e of [both, innerOnly]) await store.createEntry(e);
      expect((await merge(store, inner, middle, 4)).ok).toBe(true);
      expect((await merge(store, middle, holder, 5)).ok).toBe(true);
      expect((await store.entriesLinking(org.orgId, holder.id)).map((e) => e.title)).toEqual(["Inner", "Both"]);
      expect((await store.entriesLinking(org.orgId, middle.id)).map((e) => e.title)).toEqual(["Inner", "Both"]);
    });

    test("the entries that link a feedback follow an entry's list as it is rewritten, published and deleted", async () => {
      const store = await makeStore();
      const { orgId } = await seed(store);
      const entry = draft(orgId, { title: "Entry", feedbackIds: ["a"] });
      await store.createEntry(entry);
      await store.updateEntry({ ...entry, feedbackIds: ["b", "c"] });
      expect(await store.entriesLinking(orgId, "a")).toEqual([]);
      expect(await store.entriesLinking(orgId, "c")).toEqual([{ id: entry.id, title: "Entry", status: "draft" }]);
      expect(await store.deleteDraft(orgId, entry.id)).toBe("deleted");
      expect(await store.entriesLinking(orgId, "b")).toEqual([]);
      const published = draft(orgId, { title: "Shipped", feedbackIds: ["d"] });
      await store.createEntry(published);
      expect(
        await store.publishEntry({
          created: false,
          draftUpdatedAt: published.updatedAt,
          entry: { ...published, status: "published", publishedAt: 400, feedbackIds: ["e"] },
          changes: [],
          events: [],
          jobs: [],
        }),
      ).toBe(true);
      expect([await store.entriesLinking(orgId, "d"), await store.entriesLinking(orgId, "e")]).toEqual([
        [],
        [{ id: published.id, title: "Shipped", status: "published" }],
      ]);
    });

    test("updateEntry writes while the status is the one read; deleteDraft deletes drafts only", async () => {
      const store = await makeStore();
      const { orgId } = await seed(store);
      const entry = draft(orgId);
      await store.createEntry(entry);
      expect(await store.updateEntry({ ...entry, title: "Renamed", feedbackIds: ["x"], updatedAt: 150 })).toBe(true);
      expect(await store.findEntry(orgId, entry.id)).toEqual({ ...entry, title: "Renamed", feedbackIds: ["x"], updatedAt: 150 });
      expect(await store.updateEntry({ ...entry, status: "published", publishedAt: 1 })).toBe(false);
      const shipped = draft(orgId, { status: "published", publishedAt: 160 });
      await store.createEntry(shipped);
      expect(await store.deleteDraft(orgId, shipped.id)).toBe("published");
      expect(await store.deleteDraft(orgId, entry.id)).toBe("deleted");
      expect(await store.deleteDraft(orgId, entry.id)).toBe("not_found");
      expect(await store.findEntry(orgId, shipped.id)).not.toBeNull();
    });

    test("publishEntry writes the entry, its feedbacks' statuses, their events and its jobs together", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const hook = webhook(org.orgId, ["changelog.published"]);
      await store.createWebhook(hook, 5);
      const a = (await record(store, org, "first", 10))!;
      const b = (await record(store, org, "second", 11))!;
      await drainJobs(store);
      const entry = draft(org.orgId, { feedbackIds: [a.id, b.id] });
      await store.createEntry(entry);
      let n = 0;
      const p = publication(entry, entry.updatedAt, [a, b], 500, { id: () => id(`ev${++n}`) }, "u-1");
      expect(await store.publishEntry(p)).toBe(true);
      expect(await store.findEntry(org.orgId, entry.id)).toEqual({ ...entry, status: "published", publishedAt: 500, updatedAt: 500 });
      expect((await store.findFeedback(org.orgId, a.id))?.status).toBe("delivered");
      expect((await store.findFeedback(org.orgId, b.id))?.status).toBe("delivered");
      expect(await store.statusChanges(a.id)).toEqual([{ previousStatus: "triage", at: 500, by: "u-1", entryId: entry.id }]);
      expect(await drainJobs(store)).toEqual([`announce_changelog ${entry.id}`]);
      const delivery = await store.claimDelivery(1e12, 1_000, "lease");
      expect([delivery?.event.type, delivery?.event.feedbackId, delivery?.webhook.id]).toEqual(["changelog.published", entry.id, hook.id]);
      // Published already: a second publication writes nothing.
      expect(await store.publishEntry(publication(entry, entry.updatedAt, [], 600, { id: () => id("ev") }, "u-1"))).toBe(false);
    });

    test("statusChanges names the changelog entry whose publishing made the change", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "first", 10))!;
      const entry = draft(org.orgId, { feedbackIds: [a.id] });
      await store.createEntry(entry);
      let n = 0;
      expect(await store.publishEntry(publication(entry, entry.updatedAt, [a], 500, { id: () => id(`ev${++n}`) }, "u-1"))).toBe(true);
      expect(await store.statusChanges(a.id)).toEqual([{ previousStatus: "triage", at: 500, by: "u-1", entryId: entry.id }]);
    });

    test("a feedback whose status changed meanwhile undoes the whole publication", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "first", 10))!;
      const b = (await record(store, org, "second", 11))!;
      await drainJobs(store);
      const entry = draft(org.orgId, { feedbackIds: [a.id, b.id] });
      await store.createEntry(entry);
      const stale = publication(entry, entry.updatedAt, [a, { ...b, status: "fixed" }], 500, { id: () => id("ev") }, "u-1");
      expect(await store.publishEntry(stale)).toBe(false);
      expect((await store.findEntry(org.orgId, entry.id))?.status).toBe("draft");
      expect((await store.findFeedback(org.orgId, a.id))?.status).toBe("triage");
      expect(await store.statusChanges(a.id)).toEqual([]);
      expect(await drainJobs(store)).toEqual([]);
    });

    test("publishEntry writes over the draft it read only: a draft saved since is neither lost nor published unread", async () => {
      const store = await makeStore();
      const { orgId } = await seed(store);
      const entry = draft(orgId, { title: "Read", updatedAt: 100 });
      await store.createEntry(entry);
      expect(await store.updateEntry({ ...entry, title: "Saved since", updatedAt: 120 })).toBe(true);
      expect(await store.publishEntry(publication(entry, 100, [], 500, { id: () => id("ev") }, "u-1"))).toBe(false);
      expect(await store.findEntry(orgId, entry.id)).toMatchObject({ title: "Saved since", status: "draft", updatedAt: 120 });
      expect(await drainJobs(store)).toEqual([]);
      const saved = { ...entry, title: "Saved since", updatedAt: 120 };
      expect(await store.publishEntry(publication(saved, 120, [], 500, { id: () => id("ev2") }, "u-1"))).toBe(true);
      expect(await store.findEntry(orgId, entry.id)).toMatchObject({ title: "Saved since", status: "published" });
    });

    test("a new entry is inserted published by publishEntry, once", async () => {
      const store = await makeStore();
      const { orgId } = await seed(store);
      const entry = draft(orgId);
      const p = publication(entry, null, [], 700, { id: () => id("ev") }, "u-1");
      expect(await store.publishEntry(p)).toBe(true);
      expect((await store.findEntry(orgId, entry.id))?.publishedAt).toBe(700);
      expect(await store.publishEntry(p)).toBe(false);
    });
  });
}
