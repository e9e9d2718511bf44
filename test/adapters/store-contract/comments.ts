import { describe, expect, test } from "bun:test";
import type { CommentStore } from "../../../core/store/comments.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { JobQueue } from "../../../core/store/jobs.ts";
import type { WebhookStore } from "../../../core/store/webhooks.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = CommentStore &
  Pick<FeedbackStore, "listComments"> &
  Pick<JobQueue, "claimJob" | "completeJob"> &
  Pick<WebhookStore, "claimDelivery" | "createWebhook"> &
  Seeding;

/** Comments apart from status changes: a team member's, a reporter's answer. */
export function commentsContract(makeStore: () => Promise<Subject>) {
  const { id, seed, record, webhook } = contractKit();

  describe("comments", () => {
    test("addComment stores a team comment or a reporter's answer with its visibility, and queues its jobs with it", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "commented", 1))!;
      for (let job = await store.claimJob(1e12, 1_000, "l"); job; job = await store.claimJob(1e12, 1_000, "l")) await store.completeJob(job);
      const base = { orgId: org.orgId, feedbackId: f.id, status: "triage" as const };
      await store.addComment({
        ...base,
        id: id("c"),
        text: "Team note",
        at: 5,
        author: { userId: "u1" },
        visibility: "internal",
        events: [],
        jobs: [],
      });
      await store.addComment({
        ...base,
        id: id("c"),
        text: "Reporter's answer",
        at: 6,
        author: { reportId: "r-9" },
        visibility: "public",
        events: [],
        jobs: [{ kind: "notify_answer", orgId: org.orgId, feedbackId: f.id }],
      });
      expect(await store.listComments(f.id)).toEqual([
        { id: expect.any(String), text: "Team note", userId: "u1", statusFrom: "triage", statusTo: "triage", at: 5, visibility: "internal" },
        {
          id: expect.any(String),
          text: "Reporter's answer",
          userId: "",
          reportId: "r-9",
          visibility: "public",
          statusFrom: "triage",
          statusTo: "triage",
          at: 6,
        },
      ]);
      const job = await store.claimJob(1e12, 1_000, "l");
      expect(job?.request).toEqual({ kind: "notify_answer", orgId: org.orgId, feedbackId: f.id });
    });

    test("a portal person's comment names them; held for the team, publishHeldComment makes it public once, on its own feedback only, with its jobs", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const other = await seed(store);
      const f = (await record(store, org, "commented by a person", 1))!;
      const elsewhere = (await record(store, other, "another organization's", 2))!;
      const sibling = (await record(store, org, "another subject entirely", 3))!;
      for (let job = await store.claimJob(1e12, 1_000, "l"); job; job = await store.claimJob(1e12, 1_000, "l")) await store.completeJob(job);
      const base = { orgId: org.orgId, feedbackId: f.id, status: "triage" as const, events: [], jobs: [] };
      const held = id("c");
      const named = { email: "ana@customer.example", name: "Ana" };
      await store.addComment({ ...base, id: held, text: "Me too", at: 5, author: { person: named }, visibility: "internal" });
      const team = id("c");
      await store.addComment({ ...base, id: team, text: "Team note", at: 6, author: { userId: "u1" }, visibility: "internal" });
      expect((await store.listComments(f.id))[0]).toMatchObject({ id: held, userId: "", person: named, visibility: "internal" });
      const job = { kind: "notify_reply" as const, orgId: org.orgId, feedbackId: f.id, detail: held };
      expect(await store.publishHeldComment(elsewhere.id, held, [], [job], 7)).toBe(false);
      expect(await store.publishHeldComment(sibling.id, held, [], [job], 7)).toBe(false);
      expect(await store.publishHeldComment(f.id, team, [], [job], 7)).toBe(false);
      expect(await store.publishHeldComment(f.id, held, [], [job], 7)).toBe(true);
      expect(await store.publishHeldComment(f.id, held, [], [job], 7)).toBe(false);
      expect((await store.listComments(f.id)).map((c) => c.visibility)).toEqual(["public", "internal"]);
      expect((await store.claimJob(1e12, 1_000, "l"))?.request).toEqual(job);
      expect(await store.claimJob(1e12, 1_000, "l")).toBeNull();
    });

    test("deleteHeldComment deletes a portal person's comment held on its feedback, once; never a published one, a team member's, or another feedback's", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "commented by a person", 1))!;
      const g = (await record(store, org, "another subject entirely", 2))!;
      const base = { orgId: org.orgId, feedbackId: f.id, status: "triage" as const, events: [], jobs: [] };
      const person = { person: { email: "ana@customer.example", name: "Ana" } };
      const [held, shown, team] = [id("c"), id("c"), id("c")];
      await store.addComment({ ...base, id: held, text: "Buy cheap pills", at: 5, author: person, visibility: "internal" });
      await store.addComment({ ...base, id: shown, text: "Me too", at: 6, author: person, visibility: "internal" });
      await store.addComment({ ...base, id: team, text: "Team note", at: 7, author: { userId: "u1" }, visibility: "internal" });
      expect(await store.publishHeldComment(f.id, shown, [], [], 8)).toBe(true);
      expect(await store.deleteHeldComment(g.id, held)).toBe(false);
      expect(await store.deleteHeldComment(f.id, shown)).toBe(false);
      expect(await store.deleteHeldComment(f.id, team)).toBe(false);
      expect(await store.deleteHeldComment(f.id, held)).toBe(true);
      expect(await store.deleteHeldComment(f.id, held)).toBe(false);
      expect(await store.findComment(held)).toBeNull();
      expect((await store.listComments(f.id)).map((c) => c.text)).toEqual(["Me too", "Team note"]);
      // A comment deleted is not published after: it is gone, not hidden.
      expect(await store.publishHeldComment(f.id, held, [], [], 9)).toBe(false);
    });

    test("a comment written on its own keeps its visibility and the feedback's status; a public one's event reaches the webhooks subscribed", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "commented", 1))!;
      await store.createWebhook(webhook(org.orgId, ["comment.created"]), 5);
      const stored = { id: id("c"), orgId: org.orgId, feedbackId: f.id, text: "note", visibility: "internal" as const, at: 2 };
      const internal = { ...stored, status: "triage" as const, author: { userId: "u1" }, events: [], jobs: [] };
      const shown = { ...stored, id: id("c"), text: "reply", visibility: "public" as const, at: 3 };
      await store.addComment(internal);
      const event = { id: id("e"), type: "comment.created" as const, relatedId: shown.id, orgId: org.orgId, feedbackId: f.id, createdAt: 3 };
      await store.addComment({ ...internal, ...shown, events: [event] });
      expect(await store.listComments(f.id)).toEqual([
        { id: stored.id, text: "note", userId: "u1", statusFrom: "triage", statusTo: "triage", at: 2, visibility: "internal" },
        { id: shown.id, text: "reply", userId: "u1", statusFrom: "triage", statusTo: "triage", at: 3, visibility: "public" },
      ]);
      expect(await store.findComment(shown.id)).toEqual(shown);
      expect(await store.countPublicComments([f.id, "none"])).toEqual(new Map([[f.id, 1]]));
      expect(await store.countPublicComments([])).toEqual(new Map());
      expect(await store.findComment("none")).toBeNull();
      const claimed = await store.claimDelivery(10, 60_000, "lease");
      expect(claimed?.event).toMatchObject({ id: event.id, type: "comment.created", relatedId: shown.id, feedbackId: f.id });
    });
  });
}
