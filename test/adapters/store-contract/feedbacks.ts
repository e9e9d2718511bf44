import { describe, expect, test } from "bun:test";
import type { FeedbackFilter, FeedbackStore } from "../../../core/store/feedbacks.ts";
import { FEEDBACK_ORDERS, STATUSES } from "../../../core/schemas/feedback.ts";
import { everyPage, plainly } from "../../support/search-pages.ts";
import type { FeedbackRecord } from "../../../core/model.ts";
import { positionOf, top } from "../../../core/feedback/order.ts";
import { MAX_EXPANSION, searchWords } from "../../../core/feedback/search-words.ts";
import type { FollowerStore } from "../../../core/store/followers.ts";
import type { GroupingStore } from "../../../core/store/grouping.ts";
import type { MergeStore } from "../../../core/store/merges.ts";
import type { TriageStore } from "../../../core/store/triage.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = FeedbackStore &
  Pick<FollowerStore, "listFollowers"> &
  Pick<GroupingStore, "setTriage"> &
  Pick<MergeStore, "applyMerge"> &
  Pick<TriageStore, "setTriageFields"> &
  Seeding;

const DAY = 86_400_000;

/** Feedbacks: lists, searches and counts, status changes with their comments. */
export function feedbacksContract(makeStore: () => Promise<Subject>) {
  const { id, seed, record, newFeedback, merge } = contractKit();

  /**
   * Sixty feedbacks of two apps, kinds, statuses and severities, one in three due on one of four days
   * (five or so the same day), for the lists read in every order: the organization, the other app, the records.
   */
  async function sixtyFeedbacks(store: Subject) {
    const org = await seed(store);
    const otherApp = id("app");
    await store.createApp({ id: otherApp, orgId: org.orgId, name: "Other", kind: "web" }, 50);
    const records: FeedbackRecord[] = [];
    for (let i = 0; i < 60; i++) {
      const title = [i % 2 ? "probe" : "probe alpha", i % 7 ? "" : "beta", String(i)].filter(Boolean).join(" ");
      // Ids in another order than the writes, and three feedbacks per millisecond: ties fall across pages.
      const input = newFeedback({ ...org, appId: i % 5 ? org.appId : otherApp }, title, 1_000 + ((i * 7) % 20), null, `fb-${(i * 37) % 60}`);
      const kind = i % 3 ? "problem" : "idea";
      const feedback = { ...input.feedback, kind, status: i % 4 ? "triage" : "prioritized", reports: 1 + (i % 4) } as const;
      const recorded = await store.recordFeedback({ ...input, feedback, report: { ...input.report, report: { ...input.report.report, kind } } });
      if (recorded.state !== "recorded") throw new Error(recorded.state);
      const severity = (["P1", "P0", undefined] as const)[i % 3];
      if (severity) await store.setTriage(org.orgId, feedback.id, { severity });
      const dueAt = i % 3 === 1 ? 20 * DAY - ((i * 5) % 4) * DAY : undefined;
      if (dueAt !== undefined) await store.setTriageFields(org.orgId, feedback.id, { dueAt }, [], [], 0);
      records.push({ ...recorded.feedback, ...(severity && { severity }), ...(dueAt !== undefined && { dueAt }) });
    }
    return { org, otherApp, records };
  }

  describe("feedbacks", () => {
    test("listReports gives a feedback's reports, oldest first, those merged in included; findReportByStatusId finds one with its token's hash", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const kept = (await record(store, org, "Export is blank", 10))!;
      const later = (await record(store, org, "Export shows nothing", 20))!;
      expect((await merge(store, later, kept, 30)).ok).toBe(true);
      const reports = await store.listReports(kept.id);
      expect(reports.map((r) => [r.feedbackId, r.report.message, r.at])).toEqual([
        [kept.id, "Export is blank", 10],
        [kept.id, "Export shows nothing", 20],
      ]);
      const found = await store.findReportByStatusId(reports[1]!.statusId);
      expect(found).toEqual({ report: reports[1]!, tokenHash: "h" });
      expect(await store.findReportByStatusId("s-none")).toBeNull();
    });

    test("findFeedbackById finds a feedback by its id alone, whatever its organization, merged ones too; a key is no id", async () => {
      const store = await makeStore();
      const [org, other] = [await seed(store), await seed(store)];
      const kept = (await record(store, org, "Export is blank", 10))!;
      const merged = (await record(store, org, "Export shows nothing", 20))!;
      const elsewhere = (await record(store, other, "Import is blank", 30))!;
      expect((await merge(store, merged, kept, 40)).ok).toBe(true);
      expect(await store.findFeedbackById(kept.id)).toEqual(await store.findFeedback(org.orgId, kept.id));
      expect(await store.findFeedbackById(merged.id)).toMatchObject({ id: merged.id, orgId: org.orgId, mergedInto: kept.id });
      expect(await store.findFeedbackById(elsewhere.id)).toMatchObject({ id: elsewhere.id, orgId: other.orgId });
      expect(await store.findFeedbackById(kept.key)).toBeNull();
      expect(await store.findFeedbackById("fb-none")).toBeNull();
    });

    test("findFeedbacks finds feedbacks by id within the organization, merged ones too, each once; an unknown id, a key or another organization's id finds nothing", async () => {
      const store = await makeStore();
      const [org, other] = [await seed(store), await seed(store)];
      const kept = (await record(store, org, "Export is blank", 10))!;
      const merged = (await record(store, org, "Export shows nothing", 20))!;
      const elsewhere = (await record(store, other, "Import is blank", 30))!;
      expect((await merge(store, merged, kept, 40)).ok).toBe(true);
      const found = await store.findFeedbacks(org.orgId, [merged.id, "fb-none", kept.key, elsewhere.id, kept.id, merged.id]);
      expect(found.sort((a, b) => a.createdAt - b.createdAt)).toEqual([
        (await store.findFeedback(org.orgId, kept.id))!,
        (await store.findFeedback(org.orgId, merged.id))!,
      ]);
      expect(await store.findFeedbacks(org.orgId, [])).toEqual([]);
    });

    test("findFeedbacks answers for more ids than one SQL statement may bind (250,000 in Bun's SQLite), the known ones among them wherever they stand", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const first = (await record(store, org, "Export is blank", 10))!;
      const last = (await record(store, org, "Export shows nothing", 20))!;
      const unknown = Array.from({ length: 250_000 }, (_, i) => `fb-unknown-${i}`);
      const found = await store.findFeedbacks(org.orgId, [first.id, ...unknown, last.id]);
      expect(found.map((f) => f.id).sort()).toEqual([first.id, last.id].sort());
    });

    test("listFeedbacks orders by last activity then id, descending, and pages strictly after a position", async () => {
      const store = await makeStore();
      const org = await seed(store);
      for (let i = 0; i < 5; i++) await record(store, org, `item ${i}`, i < 2 ? 100 : 100 + i);
      const all = await store.listFeedbacks(org.orgId, { statuses: ["triage"] }, null, 10);
      expect(all.map((f) => f.title)).toEqual(["item 4", "item 3", "item 2", "item 1", "item 0"]);
      const after = await store.listFeedbacks(org.orgId, { statuses: ["triage"] }, { value: all[3]!.lastActivityAt, id: all[3]!.id }, 10);
      expect(after.map((f) => f.title)).toEqual(["item 0"]);
    });

    test("listFeedbacks finds words as prefixes in titles and reports, within the organization only", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const other = await seed(store);
      await record(store, org, "Checkout crashes on Safari", 1);
      await record(store, other, "Checkout crashes on Safari", 1);
      const found = await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: ["checko", "safari"] }, null, 10);
      expect(found.map((f) => f.orgId)).toEqual([org.orgId]);
      expect(await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: ["firefox"] }, null, 10)).toEqual([]);
    });

    test("a list and a search read every page, in each order and with each filter, as a plain filter and sort of the feedbacks would", async () => {
      const store = await makeStore();
      const { org, otherApp, records } = await sixtyFeedbacks(store);
      const all = { statuses: STATUSES };
      const filters: FeedbackFilter[] = [
        all,
        { ...all, kind: "idea" },
        { ...all, appId: otherApp },
        { ...all, severity: "P1" },
        { statuses: ["prioritized"] },
      ];
      for (const order of FEEDBACK_ORDERS) {
        for (const filter of filters) {
          // A hyphenated word's part, met by a word starting with its joined form or by one of its own forms ("prob" is no form of probe).
          const parts = [
            { joined: "alpha", part: "beta" },
            { joined: "absent", part: "beta" },
            { joined: "absent", part: "prob" },
          ];
          for (const words of [undefined, ["probe"], ["alpha"], ["beta"], ["alpha", "beta"], ["absent"], ...parts.map((part) => [part])]) {
            const ids = await everyPage(store, org.orgId, { ...filter, words }, order, 4);
            expect({ order, filter, words, ids }).toEqual({ order, filter, words, ids: plainly(records, { ...filter, words }, order) });
          }
        }
      }
    });

    test("listFeedbacksUpTo reads a list back from a position, its row included, the nearest first: the rows the pages before it showed", async () => {
      const store = await makeStore();
      const { org, otherApp, records } = await sixtyFeedbacks(store);
      const byId = new Map(records.map((f) => [f.id, f]));
      const all = { statuses: STATUSES };
      for (const order of FEEDBACK_ORDERS) {
        for (const filter of [all, { ...all, kind: "idea" }, { ...all, appId: otherApp }] as FeedbackFilter[]) {
          for (const words of [undefined, ["probe"], ["alpha", "beta"]]) {
            const listed = plainly(records, { ...filter, words }, order);
            for (let i = 0; i < listed.length; i += 3) {
              const at = positionOf(byId.get(listed[i]!)!, order);
              const back = (await store.listFeedbacksUpTo(org.orgId, { ...filter, words }, at, 4, order)).map((f) => f.id);
              expect({ order, filter, words, i, back }).toEqual({ order, filter, words, i, back: listed.slice(Math.max(0, i - 3), i + 1).reverse() });
            }
          }
        }
        expect(await store.listFeedbacksUpTo(org.orgId, all, top(order), 4, order)).toEqual([]);
      }
    });

    test("the due order lists the soonest due first, those due the same day by id descending, then those without a due date, the most recently active first", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const made = new Map<string, FeedbackRecord>();
      for (const [title, at, dueAt] of [
        ["undated, active first", 9, undefined],
        ["due on the 3rd", 1, 3 * DAY],
        ["undated, active last", 2, undefined],
        ["due on the 1st", 3, DAY],
        ["due on the 3rd too", 4, 3 * DAY],
        ["due at noon on the 1st", 5, DAY + DAY / 2],
      ] as const) {
        const feedback = (await record(store, org, title, at))!;
        if (dueAt !== undefined) await store.setTriageFields(org.orgId, feedback.id, { dueAt }, [], [], 0);
        made.set(title, feedback);
      }
      // The two due on the 3rd, by id descending.
      const [sameDay, sameDayNext] = [made.get("due on the 3rd")!, made.get("due on the 3rd too")!]
        .sort((a, b) => (a.id < b.id ? 1 : -1))
        .map((f) => f.title) as [string, string];
      const listed = await store.listFeedbacks(org.orgId, { statuses: STATUSES }, null, 10, "due");
      expect(listed.map((f) => f.title)).toEqual([
        "due on the 1st",
        "due at noon on the 1st",
        sameDay,
        sameDayNext,
        "undated, active first",
        "undated, active last",
      ]);
      // From the first without a due date, read back: it, then those due, from the last.
      const firstUndated = positionOf(listed[4]!, "due");
      expect((await store.listFeedbacksUpTo(org.orgId, { statuses: STATUSES }, firstUndated, 3, "due")).map((f) => f.title)).toEqual([
        "undated, active first",
        sameDayNext,
        sameDay,
      ]);
      // After the last due, the first without one; after one of a day, the other of that day.
      const lastDue = positionOf(listed[3]!, "due");
      expect((await store.listFeedbacks(org.orgId, { statuses: STATUSES }, lastDue, 1, "due")).map((f) => f.title)).toEqual([
        "undated, active first",
      ]);
      expect((await store.listFeedbacks(org.orgId, { statuses: STATUSES }, positionOf(listed[2]!, "due"), 1, "due")).map((f) => f.title)).toEqual([
        sameDayNext,
      ]);
    });

    test("the due order reads every page both ways, at every page size, with the due date filters and the others, as a plain sort of the feedbacks would", async () => {
      const store = await makeStore();
      const { org, otherApp, records } = await sixtyFeedbacks(store);
      const all = { statuses: STATUSES };
      const filters: FeedbackFilter[] = [
        all,
        { statuses: ["prioritized"] },
        { ...all, kind: "idea" },
        { ...all, appId: otherApp },
        { ...all, words: ["alpha"] },
        { ...all, due: "set" },
        { ...all, due: { before: 19 * DAY } },
        { ...all, due: "none" },
      ];
      for (const filter of filters) {
        for (const size of [1, 2, 3, 5, 7, 60]) {
          const ids = await everyPage(store, org.orgId, filter, "due", size);
          expect({ filter, size, ids }).toEqual({ filter, size, ids: plainly(records, filter, "due") });
        }
      }
    });

    test("a search word matches every word it starts, past MAX_EXPANSION of them as below", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const made: FeedbackRecord[] = [];
      for (let i = 0; i < MAX_EXPANSION + 8; i++) made.push((await record(store, org, `Widget w${i}x renders late`, 100 + i))!);
      const found = async (word: string) => (await store.listFeedbacks(org.orgId, { statuses: STATUSES, words: [word] }, null, 100)).map((f) => f.id);
      expect(await found("w")).toEqual(made.map((f) => f.id).reverse());
      expect(await found("w1")).toEqual(
        made
          .filter((f) => / w1\d*x /.test(f.title))
          .map((f) => f.id)
          .reverse(),
      );
      expect(await found("w1x")).toEqual([made[1]!.id]);
      expect(await store.countByStatus(org.orgId, { words: ["w"] })).toEqual({ triage: MAX_EXPANSION + 8 });
    });

    test("a hyphenated word and its joined form find each other (email finds e-mail, e-mail email), and what each found before it still finds", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const hyphenated = (await record(store, org, "The e-mail never arrives", 1))!;
      const joined = (await record(store, org, "The email never arrives", 2))!;
      const apart = (await record(store, org, "I cannot sign in on Safari", 3))!;
      const found = async (query: string) =>
        (await store.listFeedbacks(org.orgId, { statuses: STATUSES, words: searchWords(query) }, null, 10)).map((f) => f.id);
      expect(await found("email")).toEqual([joined.id, hyphenated.id]);
      expect(await found("e-mail")).toEqual([joined.id, hyphenated.id]);
      expect(await store.countByStatus(org.orgId, { words: searchWords("e-mail") })).toEqual({ triage: 2 });
      expect(await found("mail")).toEqual([hyphenated.id]);
      expect(await found("sign-in")).toEqual([apart.id]);
    });

    test("a hyphenated word's parts are whole words in any of their forms: sign-in finds sign in, signing in and signin, not Signup … invoice", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const apart = (await record(store, org, "I cannot sign in", 1))!;
      const signing = (await record(store, org, "Signing in fails on Safari", 2))!;
      const joined = (await record(store, org, "Signin is slow", 3))!;
      await record(store, org, "Signup fails on the invoice page", 4);
      // More words start with "in" than a search expands: the part is still met by its forms alone, not by in….
      await record(store, org, `Sign ${Array.from({ length: MAX_EXPANSION + 1 }, (_, i) => `in${i}x`).join(" ")}`, 5);
      const words = searchWords("sign-in");
      expect((await store.listFeedbacks(org.orgId, { statuses: STATUSES, words }, null, 10)).map((f) => f.id)).toEqual([
        joined.id,
        signing.id,
        apart.id,
      ]);
      expect(await store.countByStatus(org.orgId, { words })).toEqual({ triage: 3 });
    });

    test("a search word of one letter is a whole word: R&D finds the feedback saying R&D, not those with words merely starting with r and d", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const said = (await record(store, org, "The R&D dashboard is empty", 1))!;
      await record(store, org, "Discount code field rejects valid codes", 2);
      await record(store, org, "Dark mode toggle resets after reload", 3);
      const words = searchWords("R&D");
      expect((await store.listFeedbacks(org.orgId, { statuses: STATUSES, words }, null, 10)).map((f) => f.id)).toEqual([said.id]);
      expect(await store.countByStatus(org.orgId, { words })).toEqual({ triage: 1 });
    });

    test("applyStatusChange is a compare-and-set on the current status", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "cas", 1))!;
      const change = { orgId: org.orgId, feedbackId: f.id, from: "triage" as const, to: "delivered" as const, at: 2, events: [], jobs: [] };
      expect(await store.applyStatusChange(change)).toBe(true);
      expect(await store.applyStatusChange(change)).toBe(false);
      expect((await store.findFeedback(org.orgId, f.id))?.status).toBe("delivered");
    });

    test("statusChanges names whose change each was, as its event gave it; none where the event named no one", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "moved", 1))!;
      const event = (previousStatus: "triage" | "fixed", at: number, actorId?: string) => ({
        type: "feedback.status_changed" as const,
        previousStatus,
        id: id("ev"),
        orgId: org.orgId,
        feedbackId: f.id,
        createdAt: at,
        ...(actorId && { actorId }),
      });
      const move = (from: "triage" | "fixed", to: "fixed" | "dismissed", at: number, actorId?: string) =>
        store.applyStatusChange({ orgId: org.orgId, feedbackId: f.id, from, to, at, events: [event(from, at, actorId)], jobs: [] });
      expect(await move("triage", "fixed", 2, "u1")).toBe(true);
      expect(await move("fixed", "dismissed", 3)).toBe(true);
      expect(await store.statusChanges(f.id)).toEqual([
        { previousStatus: "triage", at: 2, by: "u1" },
        { previousStatus: "fixed", at: 3 },
      ]);
    });

    test("listComments returns a feedback's comments oldest first with their status changes; countByStatus counts not merged feedbacks", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "commented", 1))!;
      await record(store, org, "other", 2);
      const ids: [string, string] = [id("c"), id("c")];
      const comment = (text: string) => ({ id: ids[text === "on it" ? 0 : 1], authorUserId: "u1", text });
      await store.applyStatusChange({
        orgId: org.orgId,
        feedbackId: f.id,
        from: "triage",
        to: "fixed",
        at: 3,
        comment: comment("on it"),
        events: [],
        jobs: [],
      });
      await store.applyStatusChange({
        orgId: org.orgId,
        feedbackId: f.id,
        from: "fixed",
        to: "dismissed",
        at: 4,
        comment: comment("duplicate"),
        events: [],
        jobs: [],
      });
      expect(await store.listComments(f.id)).toEqual([
        { id: ids[0], text: "on it", userId: "u1", statusFrom: "triage", statusTo: "fixed", at: 3, visibility: "internal" },
        { id: ids[1], text: "duplicate", userId: "u1", statusFrom: "fixed", statusTo: "dismissed", at: 4, visibility: "internal" },
      ]);
      expect(await store.countByStatus(org.orgId)).toEqual({ triage: 1, dismissed: 1 });
    });

    test("countByStatus counts only the feedbacks the other filters keep: words, kind, app", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const exported = (await record(store, org, "Export to PDF is blank", 1))!;
      await record(store, org, "Export to CSV is slow", 2);
      await record(store, org, "Search is slow", 3);
      await store.applyStatusChange({ orgId: org.orgId, feedbackId: exported.id, from: "triage", to: "fixed", at: 4, events: [], jobs: [] });
      expect(await store.countByStatus(org.orgId, { words: ["export"] })).toEqual({ triage: 1, fixed: 1 });
      expect(await store.countByStatus(org.orgId, { words: ["slow"], kind: "problem" })).toEqual({ triage: 2 });
      expect(await store.countByStatus(org.orgId, { kind: "idea" })).toEqual({});
      expect(await store.countByStatus(org.orgId, { appId: "another-app" })).toEqual({});
    });

    test("listFeedbacks sorts by reports (most first) and by severity (P0 first, none last), ties by id desc, and pages by keyset in each order", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const made = [];
      for (const [i, severity] of (["P2", undefined, "P0", "P2", "P3", undefined] as const).entries()) {
        const f = (await record(store, org, `sorted ${i}`, 100 + i))!;
        if (severity) await store.setTriage(org.orgId, f.id, { severity });
        made.push(f);
      }
      // Two merges: made[0] holds three reports, made[3] two.
      expect((await merge(store, made[1]!, made[0]!, 200)).ok).toBe(true);
      expect((await merge(store, made[5]!, made[0]!, 201)).ok).toBe(true);
      expect((await merge(store, made[4]!, made[3]!, 202)).ok).toBe(true);
      const all = async (order: "reports" | "severity") => {
        const seen: string[] = [];
        let after: { value: number; id: string } | null = null;
        for (;;) {
          const page = await store.listFeedbacks(org.orgId, { statuses: ["triage"] }, after, 1, order);
          if (page.length === 0) return seen;
          const last: FeedbackRecord = page[0]!;
          seen.push(last.title);
          after = positionOf(last, order);
        }
      };
      // Unsorted ids break ties: among equals, the newer (larger id) first.
      expect(await all("reports")).toEqual(["sorted 0", "sorted 3", "sorted 2"]);
      expect(await all("severity")).toEqual(["sorted 2", "sorted 3", "sorted 0"]);
    });
  });
}
