import { describe, expect, test } from "bun:test";
import type { DomainEvent } from "../../../core/feedback/events.ts";
import type { FeedbackRecord } from "../../../core/model.ts";
import type { VoteStore } from "../../../core/store/votes.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { FollowerStore } from "../../../core/store/followers.ts";
import type { MergeStore } from "../../../core/store/merges.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = VoteStore &
  Pick<FeedbackStore, "findFeedback" | "listFeedbacks" | "listReports"> &
  Pick<FollowerStore, "listFollowers"> &
  Pick<MergeStore, "applyMerge" | "applyUnmerge" | "holdersOf"> &
  Seeding;

/** Votes: each person's own, counted once per feedback over what it answers for, through merges and unmerges. */
export function votesContract(makeStore: () => Promise<Subject>) {
  const { seed, record, merge, planUndo } = contractKit();

  const vote = (store: Subject, f: FeedbackRecord, email: string, at: number, events: readonly DomainEvent[] = []) =>
    store.castVote(f.orgId, { feedbackId: f.id, email, name: `Name of ${email}`, at }, f.status, { feedbackId: f.id, email, language: "en" }, events);
  const votesOf = async (store: Subject, f: FeedbackRecord) => (await store.findFeedback(f.orgId, f.id))?.votes ?? 0;
  const votersOf = async (store: Subject, f: FeedbackRecord) => (await store.listVoters(f.orgId, f.id)).map((v) => v.email);

  describe("votes", () => {
    test("a vote is counted once per person; the voter follows the feedback; a second vote is held and writes nothing", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "dark mode", 1))!;
      expect(f.votes).toBeUndefined();
      expect(await vote(store, f, "a@x.io", 2)).toBe("cast");
      expect(await vote(store, f, "b@x.io", 3)).toBe("cast");
      expect(await vote(store, f, "a@x.io", 4)).toBe("held");
      expect(await votesOf(store, f)).toBe(2);
      expect(await store.listVoters(org.orgId, f.id)).toEqual([
        { feedbackId: f.id, email: "a@x.io", name: "Name of a@x.io", at: 2 },
        { feedbackId: f.id, email: "b@x.io", name: "Name of b@x.io", at: 3 },
      ]);
      expect((await store.listFollowers(f.id)).map((x) => x.email).sort()).toEqual(["a@x.io", "b@x.io"]);
      // Another organization reads nothing of it.
      expect(await store.listVoters("another-org", f.id)).toEqual([]);
    });

    test("a person is counted in a feedback's votes by their vote there or on a feedback merged into it; no one else, and not in another organization", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "calendar sync", 1))!;
      const merged = (await record(store, org, "ical feed", 1))!;
      expect(await vote(store, f, "a@x.io", 2)).toBe("cast");
      expect(await vote(store, merged, "b@x.io", 3)).toBe("cast");
      expect(await store.countsVoter(org.orgId, f.id, "b@x.io")).toBe(false);
      expect((await merge(store, merged, f, 4)).ok).toBe(true);
      expect([
        await store.countsVoter(org.orgId, f.id, "a@x.io"),
        await store.countsVoter(org.orgId, f.id, "b@x.io"),
        await store.countsVoter(org.orgId, f.id, "c@x.io"),
        await store.countsVoter("another-org", f.id, "a@x.io"),
      ]).toEqual([true, true, false, false]);
    });

    test("a vote read on a status or a feedback that changed since writes nothing", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "export", 1))!;
      const other = (await record(store, org, "other", 1))!;
      expect(
        await store.castVote(
          org.orgId,
          { feedbackId: f.id, email: "a@x.io", at: 2 },
          "prioritized",
          { feedbackId: f.id, email: "a@x.io", language: "en" },
          [],
        ),
      ).toBe("changed");
      expect((await merge(store, f, other, 3)).ok).toBe(true);
      expect(await vote(store, f, "a@x.io", 4)).toBe("changed");
      expect(await store.listVoters(org.orgId, f.id)).toEqual([]);
      expect(await store.listFollowers(f.id)).toEqual([]);
      expect(
        await store.castVote(
          "another-org",
          { feedbackId: other.id, email: "a@x.io", at: 2 },
          "triage",
          { feedbackId: other.id, email: "a@x.io", language: "en" },
          [],
        ),
      ).toBe("changed");
    });

    test("a merge counts the source's voters in the target, each person once; an unmerge gives both their own back exactly", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = (await record(store, org, "target", 1))!;
      const source = (await record(store, org, "source", 2))!;
      await vote(store, target, "both@x.io", 3);
      await vote(store, target, "target@x.io", 4);
      await vote(store, source, "both@x.io", 5);
      await vote(store, source, "source@x.io", 6);
      const merged = await merge(store, source, target, 7);
      if (!merged.ok) throw new Error(merged.code);
      expect(await votesOf(store, target)).toBe(3);
      expect(await votersOf(store, target)).toEqual(["both@x.io", "target@x.io", "source@x.io"]);
      // A person counted through the source is held: their vote is there already.
      expect(await vote(store, (await store.findFeedback(org.orgId, target.id))!, "source@x.io", 8)).toBe("held");
      const planned = await planUndo(store, org.orgId, merged.value, 9, null);
      if (!planned.ok) throw new Error(planned.code);
      expect(await store.applyUnmerge(planned.value, [])).toBe(true);
      expect([await votesOf(store, target), await votersOf(store, target)]).toEqual([2, ["both@x.io", "target@x.io"]]);
      expect([await votesOf(store, source), await votersOf(store, source)]).toEqual([2, ["both@x.io", "source@x.io"]]);
    });

    test("a withdrawn vote leaves the feedback and every feedback merged into it, so an unmerge does not bring it back", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = (await record(store, org, "target", 1))!;
      const source = (await record(store, org, "source", 2))!;
      const deep = (await record(store, org, "deep", 2))!;
      await vote(store, deep, "a@x.io", 3);
      await vote(store, source, "b@x.io", 3);
      expect((await merge(store, deep, source, 4)).ok).toBe(true);
      const merged = await merge(store, (await store.findFeedback(org.orgId, source.id))!, target, 5);
      if (!merged.ok) throw new Error(merged.code);
      expect(await votesOf(store, target)).toBe(2);
      expect(await store.withdrawVote(org.orgId, target.id, "a@x.io")).toBe(true);
      expect(await store.withdrawVote(org.orgId, target.id, "a@x.io")).toBe(false);
      expect(await store.withdrawVote("another-org", target.id, "b@x.io")).toBe(false);
      expect([await votesOf(store, target), await votersOf(store, target)]).toEqual([1, ["b@x.io"]]);
      const planned = await planUndo(store, org.orgId, merged.value, 6, null);
      if (!planned.ok) throw new Error(planned.code);
      expect(await store.applyUnmerge(planned.value, [])).toBe(true);
      expect([await votesOf(store, target), await votersOf(store, source)]).toEqual([0, ["b@x.io"]]);
      expect(await votesOf(store, source)).toBe(1);
      expect(await votersOf(store, deep)).toEqual([]);
    });

    test("the votes order lists the most voted first, ties by id desc, and pages after a position", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const [a, b, c] = [(await record(store, org, "a", 1))!, (await record(store, org, "b", 2))!, (await record(store, org, "c", 3))!];
      for (const email of ["1@x.io", "2@x.io"]) await vote(store, b, email, 4);
      await vote(store, c, "1@x.io", 5);
      const all = await store.listFeedbacks(org.orgId, { statuses: ["triage"] }, null, 10, "votes");
      expect(all.map((f) => [f.title, f.votes ?? 0])).toEqual([
        ["b", 2],
        ["c", 1],
        ["a", 0],
      ]);
      const after = await store.listFeedbacks(org.orgId, { statuses: ["triage"] }, { value: 1, id: c.id }, 10, "votes");
      expect(after.map((f) => f.id)).toEqual([a.id]);
    });
  });
}
