import { describe, expect, test } from "bun:test";
import { operatorGrant } from "../../../core/authorization.ts";
import { countFeedbacks } from "../../../core/feedback/count-feedbacks.ts";
import { type DueFilter, listFilter } from "../../../core/feedback/list-filter.ts";
import { positionOf } from "../../../core/feedback/order.ts";
import { FEEDBACK_ORDERS, STATUSES } from "../../../core/schemas/feedback.ts";
import type { TriageStore } from "../../../core/store/triage.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { FollowerStore } from "../../../core/store/followers.ts";
import type { JobQueue } from "../../../core/store/jobs.ts";
import type { MergeStore } from "../../../core/store/merges.ts";
import type { SavedViewStore } from "../../../core/store/saved-views.ts";
import type { UserStore } from "../../../core/store/users.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = TriageStore &
  Pick<AppSetupStore, "replaceFeatures"> &
  Pick<FeedbackStore, "applyStatusChange" | "countByStatus" | "findFeedback" | "listFeedbacks" | "listFeedbacksUpTo" | "listReports"> &
  Pick<FollowerStore, "listFollowers"> &
  Pick<JobQueue, "claimJob" | "completeJob"> &
  Pick<MergeStore, "applyMerge" | "applyUnmerge" | "holdersOf"> &
  Pick<SavedViewStore, "saveView" | "listViews"> &
  Pick<UserStore, "findUser"> &
  Seeding;

/** Triage by hand: the fields a team sets, the organization's tags, lists by owner and by tag. */
export function triageContract(makeStore: () => Promise<Subject>) {
  const { id, seed, record, merge, newFeedback, planUndo } = contractKit();
  /** A feedback whose report names a company with a monthly spend. */
  async function fromCompany(
    store: Subject,
    org: { orgId: string; appId: string },
    title: string,
    at: number,
    company?: { id: string; spend: number },
    reportId?: string,
  ) {
    const input = newFeedback(org, title, at);
    const author = company ? { company: { id: company.id, name: company.id.toUpperCase(), monthlySpend: company.spend } } : {};
    const report = { ...input.report, ...(reportId && { id: reportId }), report: { ...input.report.report, author } };
    const recorded = await store.recordFeedback({ ...input, report });
    if (recorded.state !== "recorded") throw new Error(recorded.state);
    return recorded.feedback;
  }
  const titles = (found: Array<{ title: string }>) => found.map((f) => f.title);
  /** A feedback of an organization tagged "urgent" and "billing" at 5, and another organization with no tag. */
  async function taggedUrgentAndBilling() {
    const store = await makeStore();
    const org = await seed(store);
    const other = await seed(store);
    const a = (await record(store, org, "one", 1))!;
    await store.setTriageFields(
      org.orgId,
      a.id,
      { tags: ["urgent", "billing"] },
      [
        { name: "urgent", createdAt: 5 },
        { name: "billing", createdAt: 5 },
      ],
      [],
      0,
    );
    return { store, org, other, a };
  }

  describe("triage", () => {
    test("setTriageFields writes the fields given, leaves the others, and null clears one", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const made = (await record(store, org, "Export is blank", 10))!;
      const feature = "feat-1";
      await store.replaceFeatures(org.orgId, org.appId, [{ id: feature, name: "Export", path: "export" }]);
      expect(
        await store.setTriageFields(
          org.orgId,
          made.id,
          { owner: "ann@x.io", dueAt: 500, severity: "P1", featureId: feature, kind: "idea", tags: ["a", "b"] },
          [],
          [],
          0,
        ),
      ).toBe(true);
      expect(await store.findFeedback(org.orgId, made.id)).toMatchObject({
        owner: "ann@x.io",
        dueAt: 500,
        severity: "P1",
        featureId: feature,
        kind: "idea",
        tags: ["a", "b"],
        title: "Export is blank",
      });
      await store.setTriageFields(org.orgId, made.id, { owner: null, dueAt: null, severity: null, featureId: null, tags: [] }, [], [], 0);
      const cleared = (await store.findFeedback(org.orgId, made.id))!;
      expect([cleared.owner, cleared.dueAt, cleared.severity, cleared.featureId, cleared.tags]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(cleared.kind).toBe("idea");
    });

    test("setTriageFields queues the jobs it is given (telling a new owner) with the change", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const made = (await record(store, org, "Assign me", 10))!;
      for (let job = await store.claimJob(1e12, 1_000, "l"); job; job = await store.claimJob(1e12, 1_000, "l")) await store.completeJob(job);
      const job = { kind: "notify_assignee" as const, orgId: org.orgId, feedbackId: made.id, detail: "11:u1" };
      expect(await store.setTriageFields(org.orgId, made.id, { owner: "ann@x.io" }, [], [job], 11)).toBe(true);
      expect((await store.claimJob(1e12, 1_000, "l"))?.request).toEqual(job);
    });

    test("setTriageFields keeps what it changed, from what the fields held as it wrote them, in the author's name; triageChanges gives a feedback's, oldest first", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const [a, b] = [(await record(store, org, "one", 1))!, (await record(store, org, "two", 2))!];
      const first = { id: id("tc"), by: "u1", at: 20 };
      const second = { id: id("tc"), by: "u2", at: 30 };
      await store.setTriageFields(org.orgId, a.id, { owner: "ann@x.io" }, [], [], 20, first);
      await store.setTriageFields(org.orgId, a.id, { owner: "bob@x.io", tags: ["billing"] }, [], [], 30, second);
      await store.setTriageFields(org.orgId, a.id, { owner: "bob@x.io" }, [], [], 40, { id: id("tc"), by: "u3", at: 40 });
      await store.setTriageFields(org.orgId, b.id, { severity: "P0" }, [], [], 50);
      expect(await store.triageChanges(a.id)).toEqual([
        { ...first, feedbackId: a.id, changes: [{ field: "owner", from: null, to: "ann@x.io" }] },
        {
          ...second,
          feedbackId: a.id,
          changes: [
            { field: "owner", from: "ann@x.io", to: "bob@x.io" },
            { field: "tags", added: ["billing"], removed: [] },
          ],
        },
      ]);
      expect(await store.triageChanges(b.id)).toEqual([]);
    });

    test("triageChanges gives the changes made to a feedback at one instant in the order they were made: its owner is the last one's", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const made = (await record(store, org, "one", 1))!;
      const [first, second] = [
        { id: id("tc"), by: "u1", at: 20 },
        { id: id("tc"), by: "u2", at: 20 },
      ];
      await store.setTriageFields(org.orgId, made.id, { owner: "ann@x.io" }, [], [], 20, first);
      await store.setTriageFields(org.orgId, made.id, { owner: "bob@x.io" }, [], [], 20, second);
      expect((await store.triageChanges(made.id)).map((c) => [c.id, c.changes])).toEqual([
        [first.id, [{ field: "owner", from: null, to: "ann@x.io" }]],
        [second.id, [{ field: "owner", from: "ann@x.io", to: "bob@x.io" }]],
      ]);
      expect((await store.findFeedback(org.orgId, made.id))?.owner).toBe("bob@x.io");
    });

    test("triageChanges gives a feedback's changes in the order they were written: a bulk change's, written at the time it began, after one made while it ran", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const made = (await record(store, org, "one", 1))!;
      // Bob's own change lands at 30, while a bulk change that began at 20 is still being written.
      const [bobs, bulks] = [
        { id: id("tc"), by: "u2", at: 30 },
        { id: id("tc"), by: "u1", at: 20 },
      ];
      await store.setTriageFields(org.orgId, made.id, { owner: "bob@x.io" }, [], [], 30, bobs);
      await store.setTriageFields(org.orgId, made.id, { owner: "ann@x.io" }, [], [], 20, bulks);
      expect((await store.triageChanges(made.id)).map((c) => [c.id, c.changes])).toEqual([
        [bobs.id, [{ field: "owner", from: null, to: "bob@x.io" }]],
        [bulks.id, [{ field: "owner", from: "bob@x.io", to: "ann@x.io" }]],
      ]);
      expect((await store.findFeedback(org.orgId, made.id))?.owner).toBe("ann@x.io");
    });

    test("triageChangesAt gives the changes one person made at one instant (one bulk change), of any feedback, in the order they were made", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const [a, b, c] = [(await record(store, org, "one", 1))!, (await record(store, org, "two", 2))!, (await record(store, org, "three", 3))!];
      const [first, second] = [
        { id: id("tc"), by: "u1", at: 20 },
        { id: id("tc"), by: "u1", at: 20 },
      ];
      await store.setTriageFields(org.orgId, b.id, { owner: "ann@x.io" }, [], [], 20, first);
      await store.setTriageFields(org.orgId, a.id, { owner: "ann@x.io", tags: ["billing"] }, [], [], 20, second);
      // Another person at that instant, the same person at another.
      await store.setTriageFields(org.orgId, c.id, { owner: "ann@x.io" }, [], [], 20, { id: id("tc"), by: "u2", at: 20 });
      await store.setTriageFields(org.orgId, c.id, { severity: "P1" }, [], [], 21, { id: id("tc"), by: "u1", at: 21 });
      expect(await store.triageChangesAt("u1", 20)).toEqual([
        { ...first, feedbackId: b.id, changes: [{ field: "owner", from: null, to: "ann@x.io" }] },
        {
          ...second,
          feedbackId: a.id,
          changes: [
            { field: "owner", from: null, to: "ann@x.io" },
            { field: "tags", added: ["billing"], removed: [] },
          ],
        },
      ]);
      expect(await store.triageChangesAt("u1", 22)).toEqual([]);
    });

    test("setTriageFields with the kind it was decided on writes only while the feedback still has that kind: otherwise false, and nothing written or queued", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const made = (await record(store, org, "Praise or problem", 10))!;
      for (let job = await store.claimJob(1e12, 1_000, "l"); job; job = await store.claimJob(1e12, 1_000, "l")) await store.completeJob(job);
      const job = { kind: "regroup_feedback" as const, orgId: org.orgId, feedbackId: made.id };
      const author = { id: id("tc"), by: "u1", at: 11 };
      expect(await store.setTriageFields(org.orgId, made.id, { kind: "problem", owner: "ann@x.io" }, [], [job], 11, author, { kind: "praise" })).toBe(
        false,
      );
      expect(await store.findFeedback(org.orgId, made.id)).toMatchObject({ kind: made.kind });
      expect((await store.findFeedback(org.orgId, made.id))?.owner).toBeUndefined();
      expect(await store.triageChanges(made.id)).toEqual([]);
      expect(await store.claimJob(1e12, 1_000, "l")).toBeNull();
      expect(await store.setTriageFields(org.orgId, made.id, { kind: "praise" }, [], [job], 12, author, { kind: made.kind })).toBe(true);
      expect(await store.findFeedback(org.orgId, made.id)).toMatchObject({ kind: "praise" });
      expect((await store.claimJob(1e12, 1_000, "l"))?.request).toEqual(job);
    });

    test("setTriageFields with the tags it was decided on is false once another write or a rename (to another case too) changed them since: nothing written, queued or kept in the activity", async () => {
      const { store, org, a } = await taggedUrgentAndBilling();
      const b = (await record(store, org, "two", 2))!;
      await store.setTriageFields(org.orgId, b.id, { tags: ["billing"] }, [], [], 0);
      const [readA, readB] = [(await store.findFeedback(org.orgId, a.id))!.tags!, (await store.findFeedback(org.orgId, b.id))!.tags!];
      for (let job = await store.claimJob(1e12, 1_000, "l"); job; job = await store.claimJob(1e12, 1_000, "l")) await store.completeJob(job);
      await store.setTriageFields(org.orgId, a.id, { tags: [...readA, "mobile"] }, [{ name: "mobile", createdAt: 6 }], [], 6);
      await store.renameTag(org.orgId, "billing", { name: "Billing", createdAt: 5 });
      const job = { kind: "notify_assignee" as const, orgId: org.orgId, feedbackId: a.id, detail: "7:u1" };
      for (const [feedback, read] of [
        [a, readA],
        [b, readB],
      ] as const) {
        const late = { tags: [...read, "late"], owner: "ann@x.io" };
        expect(
          await store.setTriageFields(
            org.orgId,
            feedback.id,
            late,
            [{ name: "late", createdAt: 7 }],
            [job],
            7,
            { id: id("tc"), by: "u1", at: 7 },
            { tags: read },
          ),
        ).toBe(false);
      }
      expect([(await store.findFeedback(org.orgId, a.id))?.tags, (await store.findFeedback(org.orgId, b.id))?.tags]).toEqual([
        ["urgent", "Billing", "mobile"],
        ["Billing"],
      ]);
      expect([(await store.findFeedback(org.orgId, a.id))?.owner, (await store.findFeedback(org.orgId, b.id))?.owner]).toEqual([
        undefined,
        undefined,
      ]);
      expect([await store.triageChanges(a.id), await store.triageChanges(b.id)]).toEqual([[], []]);
      expect((await store.listTags(org.orgId)).map((t) => t.name)).toEqual(["Billing", "mobile", "urgent"]);
      expect(await store.claimJob(1e12, 1_000, "l")).toBeNull();
    });

    test("setTriageFields with the tags it was decided on writes while the feedback still carries them, none being an empty list", async () => {
      const { store, org, a } = await taggedUrgentAndBilling();
      const b = (await record(store, org, "two", 2))!;
      const author = { id: id("tc"), by: "u1", at: 8 };
      expect(await store.setTriageFields(org.orgId, a.id, { tags: ["urgent"] }, [], [], 8, author, { tags: ["urgent", "billing"] })).toBe(true);
      expect(await store.setTriageFields(org.orgId, b.id, { tags: ["urgent"] }, [], [], 8, undefined, { tags: [] })).toBe(true);
      expect(await store.setTriageFields(org.orgId, a.id, { tags: [] }, [], [], 9, undefined, { tags: ["urgent"] })).toBe(true);
      expect(await store.setTriageFields(org.orgId, a.id, { tags: ["billing"] }, [], [], 9, undefined, { tags: [] })).toBe(true);
      expect([(await store.findFeedback(org.orgId, a.id))?.tags, (await store.findFeedback(org.orgId, b.id))?.tags]).toEqual([
        ["billing"],
        ["urgent"],
      ]);
      expect(await store.triageChanges(a.id)).toEqual([
        { ...author, feedbackId: a.id, changes: [{ field: "tags", added: [], removed: ["billing"] }] },
      ]);
    });

    test("setTriageFields is false for a feedback of another organization or merged into another", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const other = await seed(store);
      const [a, b] = [(await record(store, org, "one", 1))!, (await record(store, org, "two", 2))!];
      expect(await store.setTriageFields(other.orgId, a.id, { severity: "P0" }, [], [], 0)).toBe(false);
      expect((await merge(store, a, b, 3)).ok).toBe(true);
      expect(await store.setTriageFields(org.orgId, a.id, { severity: "P0" }, [], [], 0)).toBe(false);
    });

    test("a new title is found by search, and a severity or kind set by hand moves the counts and the severity order", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "first", 1))!;
      await record(store, org, "second", 2);
      await store.setTriageFields(org.orgId, a.id, { title: "Invoices vanish", severity: "P0", kind: "idea" }, [], [], 0);
      expect(titles(await store.listFeedbacks(org.orgId, { statuses: STATUSES, words: ["invoic"] }, null, 10))).toEqual(["Invoices vanish"]);
      expect(titles(await store.listFeedbacks(org.orgId, { statuses: STATUSES }, null, 10, "severity"))).toEqual(["Invoices vanish", "second"]);
      expect(titles(await store.listFeedbacks(org.orgId, { statuses: STATUSES, kind: "idea" }, null, 10))).toEqual(["Invoices vanish"]);
      expect(await store.countByStatus(org.orgId, { severity: "P0" })).toEqual({ triage: 1 });
    });

    test("lists and counts filter by owner (an e-mail, or null for none) and by tag, with or without search words", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const [a, b, c] = [
        (await record(store, org, "crash one", 1))!,
        (await record(store, org, "crash two", 2))!,
        (await record(store, org, "slow three", 3))!,
      ];
      await store.setTriageFields(org.orgId, a.id, { owner: "ann@x.io", tags: ["billing", "mobile"] }, [], [], 0);
      await store.setTriageFields(org.orgId, b.id, { owner: "bob@x.io", tags: ["mobile"] }, [], [], 0);
      await store.setTriageFields(org.orgId, c.id, { tags: ["billing"] }, [], [], 0);
      const all = { statuses: STATUSES };
      for (const order of ["activity", "reports", "severity"] as const) {
        expect(titles(await store.listFeedbacks(org.orgId, { ...all, owner: "ann@x.io" }, null, 10, order))).toEqual(["crash one"]);
        expect(titles(await store.listFeedbacks(org.orgId, { ...all, owner: null }, null, 10, order))).toEqual(["slow three"]);
        expect(titles(await store.listFeedbacks(org.orgId, { ...all, tag: "mobile" }, null, 10, order))).toEqual(["crash two", "crash one"]);
        expect(titles(await store.listFeedbacks(org.orgId, { ...all, tag: "billing", words: ["crash"] }, null, 10, order))).toEqual(["crash one"]);
        expect(titles(await store.listFeedbacks(org.orgId, { ...all, tag: "mob" }, null, 10, order))).toEqual([]);
      }
      // Pages after a position keep the filter.
      expect(titles(await store.listFeedbacks(org.orgId, { ...all, tag: "mobile" }, { value: 2, id: b.id }, 10))).toEqual(["crash one"]);
      expect(await store.countByStatus(org.orgId, { tag: "billing" })).toEqual({ triage: 2 });
      expect(await store.countByStatus(org.orgId, { owner: null })).toEqual({ triage: 1 });
      expect(await store.countByStatus(org.orgId, { tag: "mobile", words: ["two"] })).toEqual({ triage: 1 });
    });

    test("lists and counts filter by due date as the inbox reads it at the clock's time: overdue (open, due before today), with a due date, without one", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const DAY = 86_400_000;
      const today = Date.UTC(2027, 2, 10);
      const clock = () => today + 15 * 3_600_000;
      const due = [
        ["due yesterday", today - DAY + 9 * 3_600_000],
        ["due today", today],
        ["delivered, due yesterday", today - DAY],
        ["due next week", today + 7 * DAY],
        ["no due date", undefined],
      ] as const;
      for (const [i, [title, dueAt]] of due.entries()) {
        const made = (await record(store, org, title, i + 1))!;
        if (dueAt !== undefined) await store.setTriageFields(org.orgId, made.id, { dueAt }, [], [], 0);
        if (title.startsWith("delivered"))
          await store.applyStatusChange({ orgId: org.orgId, feedbackId: made.id, from: "triage", to: "delivered", at: 9, events: [], jobs: [] });
      }
      const deps = { store, clock };
      const filterOf = async (due: DueFilter) => {
        const read = await listFilter(deps, operatorGrant(org.orgId), { status: "all", due });
        if (!read.ok) throw new Error(read.code);
        return read.value;
      };
      const counted = async (due: DueFilter) => {
        const read = await countFeedbacks(deps, operatorGrant(org.orgId), { due });
        return read.ok ? read.value : read.code;
      };
      for (const order of FEEDBACK_ORDERS) {
        expect(titles(await store.listFeedbacks(org.orgId, await filterOf("overdue"), null, 10, order))).toEqual(["due yesterday"]);
        expect(titles(await store.listFeedbacks(org.orgId, await filterOf("none"), null, 10, order))).toEqual(["no due date"]);
      }
      const set = await filterOf("set");
      const dated = await store.listFeedbacks(org.orgId, set, null, 10);
      expect(titles(dated)).toEqual(["due next week", "delivered, due yesterday", "due today", "due yesterday"]);
      // Pages after a position, and read back from one, keep the filter.
      expect(titles(await store.listFeedbacks(org.orgId, set, positionOf(dated[0]!, "activity"), 2))).toEqual([
        "delivered, due yesterday",
        "due today",
      ]);
      expect(titles(await store.listFeedbacksUpTo(org.orgId, set, positionOf(dated[2]!, "activity"), 10))).toEqual([
        "due today",
        "delivered, due yesterday",
        "due next week",
      ]);
      expect([await counted("overdue"), await counted("set"), await counted("none")]).toEqual([
        { triage: 1 },
        { triage: 3, delivered: 1 },
        { triage: 1 },
      ]);
    });

    test("tags are created once per organization, kept with their first time, and listed by name", async () => {
      const { store, org, other, a } = await taggedUrgentAndBilling();
      await store.setTriageFields(org.orgId, a.id, { tags: ["urgent"] }, [{ name: "urgent", createdAt: 9 }], [], 0);
      expect(await store.listTags(org.orgId)).toEqual([
        { name: "billing", createdAt: 5 },
        { name: "urgent", createdAt: 5 },
      ]);
      expect(await store.listTags(other.orgId)).toEqual([]);
    });

    test("a tag's colour is kept with the tag, listed with it, cleared by null, and set only on the organization's own tag", async () => {
      const { store, org, other } = await taggedUrgentAndBilling();
      expect(await store.setTagColor(org.orgId, "urgent", "red")).toBe(true);
      expect(await store.setTagColor(other.orgId, "billing", "blue")).toBe(false);
      expect(await store.setTagColor(org.orgId, "nope", "blue")).toBe(false);
      expect(await store.listTags(org.orgId)).toEqual([
        { name: "billing", createdAt: 5 },
        { name: "urgent", createdAt: 5, color: "red" },
      ]);
      expect(await store.setTagColor(org.orgId, "urgent", null)).toBe(true);
      expect(await store.listTags(org.orgId)).toEqual([
        { name: "billing", createdAt: 5 },
        { name: "urgent", createdAt: 5 },
      ]);
    });
  });

  describe("renaming a tag", () => {
    /** The organization's tags as listed, by name and colour. */
    const tagsOf = async (store: Subject, orgId: string) => (await store.listTags(orgId)).map((t) => [t.name, t.color ?? null]);
    const tagsOn = async (store: Subject, orgId: string, feedbackId: string) => (await store.findFeedback(orgId, feedbackId))?.tags;

    test("renameTag gives the tag its new name, kept with its first time and colour, on every feedback of the organization carrying it, merged ones included; it counts those the inbox shows", async () => {
      const { store, org, other, a } = await taggedUrgentAndBilling();
      await store.setTagColor(org.orgId, "billing", "red");
      const [b, c] = [(await record(store, org, "two", 2))!, (await record(store, org, "three", 3))!];
      await store.setTriageFields(org.orgId, b.id, { tags: ["billing"] }, [], [], 0);
      await store.setTriageFields(
        other.orgId,
        (await record(store, other, "elsewhere", 4))!.id,
        { tags: ["billing"] },
        [{ name: "billing", createdAt: 6 }],
        [],
        0,
      );
      expect((await merge(store, b, c, 5)).ok).toBe(true);
      expect(await store.renameTag(org.orgId, "billing", { name: "invoices", createdAt: 5, color: "red" })).toBe(1);
      expect(await store.listTags(org.orgId)).toEqual([
        { name: "invoices", createdAt: 5, color: "red" },
        { name: "urgent", createdAt: 5 },
      ]);
      expect(await tagsOn(store, org.orgId, a.id)).toEqual(["urgent", "invoices"]);
      expect(await tagsOn(store, org.orgId, b.id)).toEqual(["invoices"]);
      expect(await tagsOf(store, other.orgId)).toEqual([["billing", null]]);
    });

    test("the lists and counts by tag follow a rename: the new name finds the feedbacks, the old one none", async () => {
      const { store, org, a } = await taggedUrgentAndBilling();
      await store.renameTag(org.orgId, "billing", { name: "invoices", createdAt: 5 });
      const all = { statuses: STATUSES };
      expect(titles(await store.listFeedbacks(org.orgId, { ...all, tag: "invoices" }, null, 10))).toEqual([a.title]);
      expect(titles(await store.listFeedbacks(org.orgId, { ...all, tag: "billing" }, null, 10))).toEqual([]);
      expect(await store.countByStatus(org.orgId, { tag: "invoices" })).toEqual({ triage: 1 });
      expect(await store.countByStatus(org.orgId, { tag: "billing" })).toEqual({});
    });

    test("the saved views of the organization that filter by the old name, in any case, filter by the new one; the others are left as they were", async () => {
      const { store, org, other } = await taggedUrgentAndBilling();
      const view = (id: string, orgId: string, userId: string, query: string, createdAt: number) => ({
        id,
        orgId,
        userId,
        name: id,
        query,
        createdAt,
      });
      await store.saveView(view("mine", org.orgId, "u1", "status=all&tag=billing&sort=votes", 1));
      await store.saveView(view("yours", org.orgId, "u2", "tag=BILLING", 2));
      await store.saveView(view("urgent", org.orgId, "u2", "tag=urgent", 3));
      await store.saveView(view("elsewhere", other.orgId, "u1", "tag=billing", 4));
      await store.renameTag(org.orgId, "billing", { name: "Invoices & receipts", createdAt: 5 });
      const queries = async (orgId: string, userId: string) => (await store.listViews(orgId, userId)).map((v) => v.query);
      expect(await queries(org.orgId, "u1")).toEqual(["status=all&tag=Invoices+%26+receipts&sort=votes"]);
      expect(await queries(org.orgId, "u2")).toEqual(["tag=Invoices+%26+receipts", "tag=urgent"]);
      expect(await queries(other.orgId, "u1")).toEqual(["tag=billing"]);
    });

    test("renameTag onto a tag the organization has makes them one: the tag given is kept, and a feedback carrying both keeps it once, in its first place", async () => {
      const { store, org, a } = await taggedUrgentAndBilling();
      const b = (await record(store, org, "two", 2))!;
      await store.setTriageFields(org.orgId, b.id, { tags: ["billing"] }, [], [], 0);
      await store.setTagColor(org.orgId, "urgent", "red");
      expect(await store.renameTag(org.orgId, "billing", { name: "urgent", createdAt: 5, color: "red" })).toBe(2);
      expect(await tagsOf(store, org.orgId)).toEqual([["urgent", "red"]]);
      expect(await tagsOn(store, org.orgId, a.id)).toEqual(["urgent"]);
      expect(await tagsOn(store, org.orgId, b.id)).toEqual(["urgent"]);
      expect(await store.countByStatus(org.orgId, { tag: "urgent" })).toEqual({ triage: 2 });
    });

    test("renameTag to another case of its name respells the tag and its feedbacks", async () => {
      const { store, org, a } = await taggedUrgentAndBilling();
      expect(await store.renameTag(org.orgId, "billing", { name: "Billing", createdAt: 5 })).toBe(1);
      expect(await tagsOf(store, org.orgId)).toEqual([
        ["Billing", null],
        ["urgent", null],
      ]);
      expect(await tagsOn(store, org.orgId, a.id)).toEqual(["urgent", "Billing"]);
    });

    test("renameTag is null for a tag the organization does not have, and changes nothing", async () => {
      const { store, org, other, a } = await taggedUrgentAndBilling();
      expect(await store.renameTag(org.orgId, "shipping", { name: "invoices", createdAt: 5 })).toBeNull();
      expect(await store.renameTag(other.orgId, "billing", { name: "invoices", createdAt: 5 })).toBeNull();
      expect(await tagsOf(store, org.orgId)).toEqual([
        ["billing", null],
        ["urgent", null],
      ]);
      expect(await tagsOn(store, org.orgId, a.id)).toEqual(["urgent", "billing"]);
    });
  });

  describe("revenue", () => {
    test("the order by revenue puts first the feedbacks whose companies spend most, each company counted once, and pages after a position", async () => {
      const store = await makeStore();
      const org = await seed(store);
      await fromCompany(store, org, "none", 1);
      const small = await fromCompany(store, org, "small", 2, { id: "acme", spend: 100 });
      const big = await fromCompany(store, org, "big", 3, { id: "globex", spend: 900 });
      const middle = await fromCompany(store, org, "middle", 4, { id: "initech", spend: 500 });
      const order = async (after: { value: number; id: string } | null = null) =>
        titles(await store.listFeedbacks(org.orgId, { statuses: STATUSES }, after, 10, "revenue"));
      expect(await order()).toEqual(["big", "middle", "small", "none"]);
      expect(await order({ value: 500, id: middle.id })).toEqual(["small", "none"]);
      expect((await store.findFeedback(org.orgId, small.id))?.revenue).toBe(100);
      expect((await store.findFeedback(org.orgId, big.id))?.revenue).toBe(900);
    });

    test("a merge adds the companies of the reports it brings, once each, at their latest spend; its undoing takes them back", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = await fromCompany(store, org, "target", 1, { id: "acme", spend: 100 });
      const again = await fromCompany(store, org, "again", 2, { id: "acme", spend: 150 });
      const other = await fromCompany(store, org, "other", 3, { id: "globex", spend: 900 });
      expect((await merge(store, again, (await store.findFeedback(org.orgId, target.id))!, 10)).ok).toBe(true);
      expect((await store.findFeedback(org.orgId, target.id))?.revenue).toBe(150);
      const merged = await merge(store, other, (await store.findFeedback(org.orgId, target.id))!, 11);
      if (!merged.ok) throw new Error(merged.code);
      expect((await store.findFeedback(org.orgId, target.id))?.revenue).toBe(1050);
      const undo = await planUndo(store, org.orgId, merged.value, 12, null);
      if (!undo.ok) throw new Error(undo.code);
      expect(await store.applyUnmerge(undo.value, [])).toBe(true);
      expect((await store.findFeedback(org.orgId, target.id))?.revenue).toBe(150);
      expect((await store.findFeedback(org.orgId, other.id))?.revenue).toBe(900);
    });

    test("of two reports of one company at the same moment, the one made last (the greater id) gives its spend, whichever was stored first", async () => {
      const store = await makeStore();
      const org = await seed(store);
      // Made by two processes in one millisecond, the later id may be stored first, or second:
      // each order fails one way of picking the row (the first met, the last inserted).
      for (const [first, second] of [
        [
          { spend: 150, id: "r-tie-2" },
          { spend: 100, id: "r-tie-1" },
        ],
        [
          { spend: 100, id: "r-tie-3" },
          { spend: 150, id: "r-tie-4" },
        ],
      ] as const) {
        const target = await fromCompany(store, org, "target", 5, { id: `acme-${first.id}`, spend: first.spend }, first.id);
        const again = await fromCompany(store, org, "again", 5, { id: `acme-${first.id}`, spend: second.spend }, second.id);
        expect((await merge(store, again, (await store.findFeedback(org.orgId, target.id))!, 10)).ok).toBe(true);
        expect((await store.findFeedback(org.orgId, target.id))?.revenue).toBe(150);
      }
    });
  });
}
