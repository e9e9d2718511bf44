import { describe, expect, test } from "bun:test";
import type { FeedbackRecord } from "../../../core/model.ts";
import { statusesOf } from "../../../core/feedback/status.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { CollectionStore } from "../../../core/store/collection.ts";
import type { FollowerStore } from "../../../core/store/followers.ts";
import type { MergeStore } from "../../../core/store/merges.ts";
import type { VoteStore } from "../../../core/store/votes.ts";
import type { Publication, PublicationStore } from "../../../core/store/publications.ts";
import { topRank } from "../../../core/portal/top-rank.ts";
import { searchWords } from "../../../core/feedback/search-words.ts";
import { planSplit } from "../../../core/merges/split.ts";
import { contractKit, type Seeding } from "./kit.ts";

const publication = (f: FeedbackRecord, words: string, at = 1): Publication => ({
  feedbackId: f.id,
  orgId: f.orgId,
  title: `public ${f.title}`,
  description: null,
  publishedAt: at,
  words,
});

/** The role under test, and what its cases arrange and read with. */
type Subject = PublicationStore &
  Pick<FeedbackStore, "applyStatusChange" | "countByStatus" | "findFeedback" | "listFeedbacks" | "listReports"> &
  Pick<CollectionStore, "recordFeedback"> &
  Pick<FollowerStore, "listFollowers"> &
  Pick<MergeStore, "applyMerge" | "applyUnmerge" | "applySplit" | "holdersOf"> &
  Pick<VoteStore, "castVote"> &
  Seeding;

/** Feedbacks the team published on the portal: what is public of them, and the lists that show them. */
export function publicationsContract(makeStore: () => Promise<Subject>) {
  const { id, seed, record, merge, planUndo, newFeedback } = contractKit();

  /** A feedback whose report was posted on the portal. */
  async function posted(store: Subject, org: { orgId: string; appId: string }, message: string, at: number): Promise<FeedbackRecord> {
    const made = newFeedback(org, message, at);
    const recorded = await store.recordFeedback({ ...made, report: { ...made.report, source: "portal" } });
    if (recorded.state !== "recorded") throw new Error("not recorded");
    return recorded.feedback;
  }

  describe("publications", () => {
    test("publish, republish with new words, find, unpublish", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "dark mode", 1))!;
      await store.publish(publication(f, "dark mode"));
      await store.publish({ ...publication(f, "night theme"), title: "Night theme", description: "For late work" });
      expect(await store.findPublications([f.id, "none"])).toEqual(
        new Map([[f.id, { ...publication(f, "night theme"), title: "Night theme", description: "For late work" }]]),
      );
      expect(await store.unpublish(org.orgId, f.id)).toBe(true);
      expect(await store.unpublish(org.orgId, f.id)).toBe(false);
      expect(await store.findPublications([f.id])).toEqual(new Map());
    });

    test("listPublished holds the organization's published feedbacks, not merged, filtered by status, kind, app and word prefixes", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const other = await seed(store);
      const [a, b, c, d] = await Promise.all([
        record(store, org, "dark mode", 1),
        record(store, org, "pdf export", 2),
        record(store, org, "never published", 3),
        record(store, org, "night theme", 4),
      ]);
      const foreign = (await record(store, other, "dark mode", 5))!;
      await store.publish(publication(a!, "dark mode theme"));
      await store.publish(publication(b!, "pdf export blank"));
      await store.publish(publication(d!, "night theme"));
      await store.publish(publication(foreign, "dark mode"));
      const keys = async (filter: Partial<Parameters<PublicationStore["listPublished"]>[1]>) =>
        (await store.listPublished(org.orgId, { statuses: statusesOf("open"), ...filter }, null, 10, "new")).map((p) => p.feedback.id);
      expect(await keys({})).toEqual([d!.id, b!.id, a!.id]);
      expect(await keys({ words: ["the"] })).toEqual([d!.id, a!.id]);
      expect(await keys({ words: ["dark", "them"] })).toEqual([a!.id]);
      expect(await keys({ words: ["ark"] })).toEqual([]);
      // A hyphenated search word's part: its joined form starts a word, or the part is a word in one of its forms.
      expect(await keys({ words: searchWords("dark-modes") })).toEqual([a!.id]);
      expect(await keys({ words: [{ joined: "pdf", part: "night" }] })).toEqual([d!.id, b!.id]);
      expect(await keys({ words: [{ joined: "absent", part: "nig" }] })).toEqual([]);
      expect(await keys({ kind: "idea" })).toEqual([]);
      expect(await keys({ appId: org.appId })).toEqual([d!.id, b!.id, a!.id]);
      expect(await keys({ statuses: ["delivered"] })).toEqual([]);
      expect(c).not.toBeNull();
      const [first] = await store.listPublished(org.orgId, { statuses: statusesOf("open") }, null, 1, "new");
      expect(first?.publication).toEqual(publication(d!, "night theme"));
      // Merged into another feedback, a published one leaves the lists; a status change moves it between them.
      await merge(store, d!, a!, 10);
      expect(await keys({})).toEqual([b!.id, a!.id]);
      await store.applyStatusChange({ orgId: org.orgId, feedbackId: b!.id, from: "triage", to: "delivered", at: 11, events: [], jobs: [] });
      expect(await keys({})).toEqual([a!.id]);
      expect(await keys({ statuses: ["delivered"] })).toEqual([b!.id]);
    });

    test("listPublished finds a hyphenated word's parts as whole words in any of their forms: sign-in finds sign in, signing in and signin, not Signup … invoice", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const texts = ["i cannot sign in", "signing in fails on safari", "signin is slow", "signup fails on the invoice page"];
      const made: FeedbackRecord[] = [];
      for (const [i, text] of texts.entries()) made.push((await record(store, org, text, i + 1))!);
      for (const f of made) await store.publish(publication(f, f.title));
      const found = await store.listPublished(org.orgId, { statuses: statusesOf("open"), words: searchWords("sign-in") }, null, 10, "new");
      expect(found.map((p) => p.feedback.id)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);
    });

    test("listPublished orders top by reports, new by creation, trending by last activity, ties by id desc, and pages after a position", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "alpha", 1))!;
      const b = (await record(store, org, "beta", 2))!;
      const c = (await record(store, org, "gamma", 2))!;
      const extra = (await record(store, org, "alpha again", 3))!;
      await merge(store, extra, a, 4);
      for (const f of [a, b, c]) await store.publish(publication(f, f.title));
      const ids = async (order: "top" | "new" | "trending", after: { value: number; id: string } | null = null) =>
        (await store.listPublished(org.orgId, { statuses: statusesOf("all") }, after, 10, order)).map((p) => p.feedback.id);
      const [bc1, bc2] = (b.id > c.id ? [b.id, c.id] : [c.id, b.id]) as [string, string];
      expect(await ids("top")).toEqual([a.id, bc1, bc2]);
      expect(await ids("new")).toEqual([bc1, bc2, a.id]);
      expect(await ids("trending")).toEqual([a.id, bc1, bc2]);
      expect(await ids("new", { value: 2, id: bc1 })).toEqual([bc2, a.id]);
      expect(await ids("top", { value: 2, id: a.id })).toEqual([bc1, bc2]);
    });

    test("listPublished orders top by votes, then reports, and pages after a rank of both", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const reported = (await record(store, org, "reported", 1))!;
      const voted = (await record(store, org, "voted", 2))!;
      const again = (await record(store, org, "reported again", 3))!;
      await merge(store, again, reported, 4);
      for (const f of [reported, voted]) await store.publish(publication(f, f.title));
      const vote = { feedbackId: voted.id, email: "ann@example.com", at: 5 };
      expect(await store.castVote(org.orgId, vote, "triage", { feedbackId: voted.id, email: "ann@example.com", language: "en" }, [])).toBe("cast");
      const ids = async (after: { value: number; id: string } | null = null) =>
        (await store.listPublished(org.orgId, { statuses: statusesOf("all") }, after, 10, "top")).map((p) => p.feedback.id);
      expect(await ids()).toEqual([voted.id, reported.id]);
      expect(await ids({ value: topRank({ votes: 1, reports: 1 }), id: voted.id })).toEqual([reported.id]);
      expect(await ids({ value: topRank({ votes: 0, reports: 2 }), id: reported.id })).toEqual([]);
    });

    test("the team's lists filter on being published and on a report's source; counts per status follow", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "one", 1))!;
      const b = (await record(store, org, "two", 2))!;
      await store.publish(publication(a, "one"));
      const list = async (filter: { published?: boolean; source?: string; words?: string[] }) =>
        (await store.listFeedbacks(org.orgId, { statuses: statusesOf("open"), ...filter }, null, 10)).map((f) => f.id);
      expect(await list({ published: true })).toEqual([a.id]);
      expect(await list({ published: false })).toEqual([b.id]);
      expect(await list({ published: false, words: ["two"] })).toEqual([b.id]);
      expect(await list({ published: false, words: ["one"] })).toEqual([]);
      expect(await list({ source: "api" })).toEqual([b.id, a.id]);
      expect(await list({ source: "portal" })).toEqual([]);
      expect(await list({ source: "api", published: false })).toEqual([b.id]);
      expect(await store.countByStatus(org.orgId, { published: true })).toEqual({ triage: 1 });
      expect(await store.countByStatus(org.orgId, { source: "portal" })).toEqual({});
      expect(await store.countByStatus(org.orgId, { source: "api" })).toEqual({ triage: 2 });
      expect(await store.countByStatus(org.orgId, { source: "api", published: false })).toEqual({ triage: 1 });
    });

    test("the board and the inbox's published filter hold the published feedbacks through publishing, unpublishing, republishing, a merge and its undoing", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const [a, b, c] = [(await record(store, org, "alpha", 1))!, (await record(store, org, "beta", 2))!, (await record(store, org, "gamma", 3))!];
      const seen = async () => {
        const all = [a, b, c].map((f) => f.id);
        const held = [...(await store.findPublications(all)).keys()].sort();
        const board = (await store.listPublished(org.orgId, { statuses: statusesOf("all") }, null, 10, "new")).map((p) => p.feedback.id);
        const inbox = async (published: boolean) =>
          (await store.listFeedbacks(org.orgId, { statuses: statusesOf("all"), published }, null, 10)).map((f) => f.id).sort();
        return { held, board: board.sort(), published: await inbox(true), unpublished: await inbox(false) };
      };
      const sorted = (...fs: FeedbackRecord[]) => fs.map((f) => f.id).sort();
      for (const f of [a, b, c]) await store.publish(publication(f, f.title));
      await store.unpublish(org.orgId, b.id);
      await store.unpublish(org.orgId, c.id);
      await store.publish(publication(c, "gamma again"));
      expect(await seen()).toEqual({ held: sorted(a, c), board: sorted(a, c), published: sorted(a, c), unpublished: sorted(b) });
      // Merged into an unpublished feedback, a published one keeps its publication but leaves the board and the inbox.
      const merged = await merge(store, a, b, 4);
      if (!merged.ok) throw new Error(merged.code);
      expect(await seen()).toEqual({ held: sorted(a, c), board: sorted(c), published: sorted(c), unpublished: sorted(b) });
      const undo = await planUndo(store, org.orgId, merged.value, 5, null);
      if (!undo.ok) throw new Error(undo.code);
      expect(await store.applyUnmerge(undo.value, [])).toBe(true);
      await store.unpublish(org.orgId, a.id);
      await store.publish(publication(b, "beta"));
      expect(await seen()).toEqual({ held: sorted(b, c), board: sorted(b, c), published: sorted(b, c), unpublished: sorted(a) });
    });

    test("the portal's posts waiting for review are the organization's unpublished ones, found, counted and paged alike, a search among them too", async () => {
      const store = await makeStore();
      const [org, other] = [await seed(store), await seed(store)];
      const [older, newer, shown] = [
        await posted(store, org, "dark mode", 1),
        await posted(store, org, "offline mode", 2),
        await posted(store, org, "sync", 3),
      ];
      await record(store, org, "from the API", 4);
      await posted(store, other, "another organization's post", 5);
      await store.publish(publication(shown, "sync"));
      const review = { statuses: statusesOf("open"), published: false, source: "portal" } as const;
      const ids = async (filter: object, limit = 10, after: Parameters<Subject["listFeedbacks"]>[2] = null) =>
        (await store.listFeedbacks(org.orgId, { ...review, ...filter }, after, limit)).map((f) => f.id);
      expect(await ids({})).toEqual([newer.id, older.id]);
      expect(await store.countByStatus(org.orgId, { published: false, source: "portal" })).toEqual({ triage: 2 });
      expect(await ids({ words: ["offline"] })).toEqual([newer.id]);
      const first = (await store.listFeedbacks(org.orgId, review, null, 1))[0]!;
      expect(await ids({}, 1, { id: first.id, value: first.lastActivityAt })).toEqual([older.id]);
      expect(await ids({ published: true })).toEqual([shown.id]);
    });

    test("the posts to review follow the portal's reports through a merge and its undoing", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const post = await posted(store, org, "dark mode", 1);
      const other = (await record(store, org, "night theme", 2))!;
      const review = { published: false, source: "portal" } as const;
      const seen = async () => ({
        listed: (await store.listFeedbacks(org.orgId, { ...review, statuses: statusesOf("open") }, null, 10)).map((f) => f.id),
        counted: await store.countByStatus(org.orgId, review),
      });
      const merged = await merge(store, post, other, 3);
      if (!merged.ok) throw new Error(merged.code);
      // The API feedback now holds the portal's report: it is the post to review.
      expect(await seen()).toEqual({ listed: [other.id], counted: { triage: 1 } });
      const undo = await planUndo(store, org.orgId, merged.value, 4, null);
      if (!undo.ok) throw new Error(undo.code);
      expect(await store.applyUnmerge(undo.value, [])).toBe(true);
      expect(await seen()).toEqual({ listed: [post.id], counted: { triage: 1 } });
    });

    test("the posts to review follow the portal's report split out of the feedback it was merged into", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const post = await posted(store, org, "dark mode", 1);
      const other = (await record(store, org, "night theme", 2))!;
      const merged = await merge(store, post, other, 3);
      if (!merged.ok) throw new Error(merged.code);
      const reports = await store.listReports(other.id);
      const split = planSplit({
        id: id("split"),
        newFeedbackId: id("fb"),
        feedback: (await store.findFeedback(org.orgId, other.id))!,
        reports,
        reportId: reports.find((r) => r.source === "portal")!.id,
        followers: [],
        by: "user-1",
        at: 4,
      });
      if (!split.ok) throw new Error(split.code);
      const made = await store.applySplit(split.value, [], []);
      const review = { published: false, source: "portal" } as const;
      expect((await store.listFeedbacks(org.orgId, { ...review, statuses: statusesOf("open") }, null, 10)).map((f) => f.id)).toEqual([made!.id]);
      expect(await store.countByStatus(org.orgId, review)).toEqual({ triage: 1 });
      expect((await store.listFeedbacks(org.orgId, { source: "api", statuses: statusesOf("open") }, null, 10)).map((f) => f.id)).toEqual([other.id]);
    });
  });
}
