import { describe, expect, test } from "bun:test";
import type { Store } from "../../core/services.ts";
import type { NewFeedback } from "../../core/store/collection.ts";
import type { FeedbackFilter } from "../../core/store/feedbacks.ts";
import type { QualificationSession } from "../../core/store/qualifications.ts";
import { FEEDBACK_ORDERS, STATUSES } from "../../core/schemas/feedback.ts";
import { everyPage, plainly } from "../support/search-pages.ts";
import type { FeedbackRecord } from "../../core/model.ts";
import { CANDIDATE_STATUSES, rankCandidates } from "../../core/grouping/candidates.ts";
import { positionOf } from "../../core/feedback/order.ts";
import { operatorGrant } from "../../core/authorization.ts";
import type { DomainEvent } from "../../core/feedback/events.ts";
import { mergeInto } from "../../core/merges/merge-into.ts";
import { mergeFeedbacks } from "../../core/merges/merge-feedbacks.ts";
import { splitReport } from "../../core/merges/split-report.ts";
import { unmergeFeedback } from "../../core/merges/unmerge-feedback.ts";
import { MAX_EXPANSION, MAX_FEEDBACK_WORDS } from "../../core/feedback/search-words.ts";
import { type MergeRecord, planMerge, planUnmerge, unmergedEvent } from "../../core/merges/merge.ts";
import { planSplit, splitEvent } from "../../core/merges/split.ts";
import { accountsContract } from "./store-contract-accounts.ts";
import { quotaAllows } from "../../core/limits.ts";

/**
 * The behaviour every store adapter must have, on plain data. Each adapter's test file calls
 * this with a factory that returns a fresh, empty store.
 */
export function storeContract(name: string, makeStore: () => Promise<Store>) {
  accountsContract(name, makeStore);
  let n = 0;
  const id = (prefix: string) => `${prefix}-${String(++n).padStart(6, "0")}`;

  async function seed(store: Store) {
    const orgId = id("org");
    const prefix = `P${n}`;
    await store.createOrganization({ id: orgId, name: "Org", keyPrefix: prefix, plan: "enterprise", quotaOverride: null });
    const appId = id("app");
    await store.createApp({ id: appId, orgId, name: "App", kind: "web" });
    await store.createChannel({ id: id("ch"), orgId, appId, kind: "api", key: id("key"), active: true });
    return { orgId, appId, prefix };
  }

  async function record(
    store: Store,
    org: { orgId: string; appId: string },
    message: string,
    at: number,
    limit: number | null = null,
  ): Promise<FeedbackRecord | null> {
    const recorded = await store.recordFeedback(newFeedback(org, message, at, limit));
    return recorded.state === "recorded" ? recorded.feedback : null;
  }

  function newFeedback(
    org: { orgId: string; appId: string },
    message: string,
    at: number,
    limit: number | null = null,
    feedbackId = id("fb"),
  ): NewFeedback {
    return {
      feedback: {
        id: feedbackId,
        orgId: org.orgId,
        appId: org.appId,
        title: message,
        kind: "problem",
        status: "triage",
        reports: 1,
        createdAt: at,
        lastActivityAt: at,
      },
      report: {
        id: id("r"),
        feedbackId,
        orgId: org.orgId,
        appId: org.appId,
        source: "api",
        report: { kind: "problem", message, author: {} },
        language: "en",
        conversation: [],
        statusId: id("s"),
        at,
      },
      statusTokenHash: "h",
      event: { id: id("e"), type: "feedback.created", orgId: org.orgId, feedbackId, createdAt: at },
      attachments: [],
      jobs: [{ kind: "group_report", orgId: org.orgId, feedbackId }],
      quota: { month: "2026-11", limit },
    };
  }

  /** Merges through the core's one merge, at a given time. */
  const merge = (store: Store, source: FeedbackRecord, target: FeedbackRecord, at: number, by: string | null = null) =>
    mergeInto({ store, clock: () => at, ids: { id: () => id("m"), secret: () => "s" } }, source, target, by, null);

  /** Plans the undoing of a merge on what the store holds now, as the core's unmerge reads it. */
  const planUndo = async (store: Store, orgId: string, merged: MergeRecord, at: number, by: string | null) =>
    planUnmerge({
      merge: merged,
      source: (await store.findFeedback(orgId, merged.sourceId))!,
      target: (await store.findFeedback(orgId, merged.targetId))!,
      targetReportIds: (await store.listReports(merged.targetId)).map((r) => r.id),
      at,
      by,
    });

  function qualificationSession(sessionId: string, expiresAt: number): QualificationSession {
    return {
      id: sessionId,
      orgId: "o",
      appId: "a",
      channelId: "c",
      channelKey: "key",
      source: "api",
      report: { kind: "problem", message: "m", author: {} },
      language: "en",
      conversation: [],
      answers: {},
      pending: { id: sessionId, status: "ask", questions: [{ id: "observed", prompt: "What happened?", mode: "text" }] },
      expiresAt,
    };
  }

  describe(`${name} store contract`, () => {
    test("recordFeedback allocates keys in sequence per organization, found by key or id", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "first", 1))!;
      const b = (await record(store, org, "second", 2))!;
      expect([a.key, b.key]).toEqual([`${org.prefix}-1`, `${org.prefix}-2`]);
      expect(await store.findFeedback(org.orgId, a.key)).toMatchObject({ id: a.id, title: "first" });
      expect(await store.findFeedback(org.orgId, a.id)).toMatchObject({ key: a.key });
    });

    test("recordFeedback refuses past the quota and records nothing", async () => {
      const store = await makeStore();
      const org = await seed(store);
      expect(await record(store, org, "one", 1, 1)).not.toBeNull();
      expect(await record(store, org, "two", 2, 1)).toBeNull();
      expect((await store.listFeedbacks(org.orgId, { statuses: ["triage"] }, null, 10)).length).toBe(1);
    });

    test("recordFeedback counts reports while the month's quota allows one more, as core's quotaAllows says", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const recorded: boolean[] = [];
      for (let i = 0; i < 4; i++) recorded.push((await record(store, org, `report ${i}`, i + 1, 3)) !== null);
      expect(recorded).toEqual([0, 1, 2, 3].map((used) => quotaAllows(used, 3)));
      expect(await store.quotaUsed(org.orgId, "2026-11")).toBe(3);
    });

    test("recordFeedback links the reporter's files to the new report in the same write", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const input = newFeedback(org, "with a screenshot", 1);
      const file = {
        id: id("att"),
        orgId: org.orgId,
        feedbackId: input.feedback.id,
        reportId: input.report.id,
        kind: "screenshot" as const,
        storageKey: "k",
        contentType: "image/png",
        createdAt: 1,
      };
      await store.recordFeedback({ ...input, attachments: [file] });
      expect(await store.listAttachments([input.report.id])).toEqual([file]);
      const refused = newFeedback(org, "over quota", 2, 1);
      await store.recordFeedback({
        ...refused,
        attachments: [{ ...file, id: id("att"), feedbackId: refused.feedback.id, reportId: refused.report.id }],
      });
      expect(await store.listAttachments([refused.report.id])).toEqual([]);
    });

    test("setBrowserCollection replaces an app's browser settings, seen by the channel keys that open it", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const key = id("widget");
      await store.createChannel({ id: id("ch"), orgId: org.orgId, appId: org.appId, kind: "widget", key, active: true });
      expect((await store.findChannelByKey(key))?.app.browser).toBeUndefined();
      const browser = { origins: ["https://shop.example"], replay: true, queryParams: ["tab"] };
      expect(await store.setBrowserCollection(org.orgId, org.appId, browser)).toBe(true);
      expect((await store.findChannelByKey(key))?.app.browser).toEqual(browser);
      expect((await store.findApp(org.orgId, org.appId))?.browser).toEqual(browser);
      expect(await store.setBrowserCollection("another-org", org.appId, browser)).toBe(false);
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
      const org = await seed(store);
      const otherApp = id("app");
      await store.createApp({ id: otherApp, orgId: org.orgId, name: "Other", kind: "web" });
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
        records.push({ ...recorded.feedback, ...(severity && { severity }) });
      }
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
          for (const words of [undefined, ["probe"], ["alpha"], ["beta"], ["alpha", "beta"], ["absent"]]) {
            const ids = await everyPage(store, org.orgId, { ...filter, words }, order, 4);
            expect({ order, filter, words, ids }).toEqual({ order, filter, words, ids: plainly(records, { ...filter, words }, order) });
          }
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

    test("a title set by triage finds its feedback", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "it does not work", 1))!;
      await store.setTriage(org.orgId, f.id, { title: "Checkout rejects Maestro cards" });
      expect((await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: ["maestro"] }, null, 10)).map((x) => x.id)).toEqual([f.id]);
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

    test("listComments returns a feedback's comments oldest first with their status changes; countByStatus counts not merged feedbacks", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "commented", 1))!;
      await record(store, org, "other", 2);
      const comment = (text: string) => ({ id: id("c"), authorUserId: "u1", text });
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
        { text: "on it", userId: "u1", statusFrom: "triage", statusTo: "fixed", at: 3 },
        { text: "duplicate", userId: "u1", statusFrom: "fixed", statusTo: "dismissed", at: 4 },
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

    test("quotaUsed counts the month's recorded feedbacks of one organization", async () => {
      const store = await makeStore();
      const org = await seed(store);
      await record(store, org, "one", 1);
      await record(store, org, "two", 2);
      expect([await store.quotaUsed(org.orgId, "2026-11"), await store.quotaUsed(org.orgId, "2026-10")]).toEqual([2, 0]);
    });

    test("claimJob leases a due job to one worker; an expired lease frees it; a stale lease cannot complete it", async () => {
      const store = await makeStore();
      const org = await seed(store);
      await record(store, org, "job", 1);
      const first = (await store.claimJob(10, 1_000, "lease-a"))!;
      expect(first.request.kind).toBe("group_report");
      expect(await store.claimJob(10, 1_000, "lease-b")).toBeNull();
      const again = (await store.claimJob(1_011, 1_000, "lease-c"))!;
      expect(again.id).toBe(first.id);
      expect(again.attempts).toBe(2);
      await store.completeJob(first);
      expect(await store.claimJob(3_000, 1_000, "lease-d")).not.toBeNull();
    });

    test("retryJob puts a job back for later", async () => {
      const store = await makeStore();
      const org = await seed(store);
      await record(store, org, "retry", 1);
      const job = (await store.claimJob(10, 1_000, "l1"))!;
      await store.retryJob(job, 500, "boom");
      expect(await store.claimJob(499, 1_000, "l2")).toBeNull();
      expect((await store.claimJob(500, 1_000, "l3"))?.id).toBe(job.id);
    });

    test("idempotency: the answer commits with its feedback; a live answer wins over a second write with the same key", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const write = { scope: "s", key: "k", fingerprint: "fp1", now: 10, expiresAt: 100 };
      const respond = (ticketId: string) => ({ kind: "recorded" as const, body: { ok: true as const, ticketId, merged: false } });
      const first = await store.recordFeedback({ ...newFeedback(org, "first", 10), answer: { ...write, respond } });
      expect(first.state).toBe("recorded");
      const key = first.state === "recorded" ? first.feedback.key : "";
      const stored = { fingerprint: "fp1", response: respond(key) };
      expect(await store.findAnswer("s", "k", 11)).toEqual(stored);
      // A second request with the key, racing the first, writes nothing and reads the first answer.
      const second = await store.recordFeedback({ ...newFeedback(org, "second", 11), answer: { ...write, fingerprint: "fp2", now: 11, respond } });
      expect(second).toEqual({ state: "answered", answer: stored });
      expect((await store.listFeedbacks(org.orgId, { statuses: ["triage"] }, null, 10)).map((f) => f.title)).toEqual(["first"]);
      expect(await store.findAnswer("other", "k", 11)).toBeNull();
      // Expired, the answer is gone and the key may answer again.
      expect(await store.findAnswer("s", "k", 100)).toBeNull();
      const later = await store.recordFeedback({ ...newFeedback(org, "later", 100), answer: { ...write, now: 100, expiresAt: 200, respond } });
      expect(later.state).toBe("recorded");
    });

    test("idempotency: an answer without a feedback, and a qualification session saved with its answer", async () => {
      const store = await makeStore();
      const step = { kind: "step" as const, body: { id: "q1", status: "drop" as const } };
      const write = { scope: "s", key: "k", fingerprint: "fp", now: 1, expiresAt: 100 };
      expect(await store.saveAnswer(write, step)).toBeNull();
      expect(await store.saveAnswer({ ...write, fingerprint: "other" }, { ...step, body: { id: "q2", status: "drop" } })).toEqual({
        fingerprint: "fp",
        response: step,
      });
      const session = qualificationSession("q3", 1_000);
      expect(await store.saveQualification(session, { ...write, key: "k2", response: step })).toBeNull();
      expect((await store.findQualification("q3", 2))?.id).toBe("q3");
      expect(await store.findAnswer("s", "k2", 2)).toEqual({ fingerprint: "fp", response: step });
      // The key already answered: the second session is not saved.
      expect(await store.saveQualification(qualificationSession("q4", 1_000), { ...write, key: "k2", response: step })).not.toBeNull();
      expect(await store.findQualification("q4", 2)).toBeNull();
    });

    test("a report that ends a qualification closes its session in the same transaction", async () => {
      const store = await makeStore();
      const org = await seed(store);
      await store.saveQualification(qualificationSession("q5", 1_000));
      await store.recordFeedback({ ...newFeedback(org, "qualified", 5), qualificationId: "q5" });
      expect(await store.findQualification("q5", 6)).toBeNull();
    });

    test("grouping candidates: older, open feedbacks of the same app and organization sharing the keys; a merged feedback's text answers for its survivor", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const other = await seed(store);
      const older = (await record(store, org, "older", 1))!;
      const closed = (await record(store, org, "closed", 2))!;
      const elsewhere = (await record(store, other, "elsewhere", 3))!;
      const newer = (await record(store, org, "newer", 9))!;
      for (const [f, app] of [
        [older, org.appId],
        [closed, org.appId],
        [elsewhere, other.appId],
        [newer, org.appId],
      ] as const) {
        await store.indexForGrouping(app, f.id, ["w:export", "w:pdf"], `text of ${f.title}`, f === older ? [0.5, 0.5] : undefined);
      }
      await store.applyStatusChange({ orgId: org.orgId, feedbackId: closed.id, from: "triage", to: "dismissed", at: 3, events: [], jobs: [] });
      const candidates = (keys: string[], exclude: string) =>
        store.groupingCandidates({
          orgId: org.orgId,
          appId: org.appId,
          keys,
          postingsPerKey: 200,
          statuses: CANDIDATE_STATUSES,
          exclude,
          limit: 10,
        });
      expect(await store.keyFrequencies(org.appId, ["w:export", "w:pdf", "w:never-indexed"])).toEqual(
        new Map([
          ["w:export", 3],
          ["w:pdf", 3],
        ]),
      );
      // Open feedbacks of the app other than the one looking, older or newer; not the dismissed one, not another app's.
      expect((await candidates(["w:export", "w:pdf"], older.id)).map((c) => c.id)).toEqual([newer.id]);
      const found = await candidates(["w:export", "w:pdf"], newer.id);
      expect(found).toEqual([{ id: older.id, text: "text of older", own: true, vector: [0.5, 0.5] }]);
      // Merged into the older feedback, the newer one's text answers for it, as a text not its own.
      expect((await merge(store, newer, older, 10)).ok).toBe(true);
      const linked = await candidates(["w:export"], "someone-else");
      expect(linked.map((c) => [c.id, c.text, c.own]).sort()).toEqual([
        [older.id, "text of newer", false],
        [older.id, "text of older", true],
      ]);
      expect(await candidates(["w:unknown"], "someone-else")).toEqual([]);
    });

    test("grouping candidates come in core's rankCandidates order: most keys shared, the newest first among equals", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const carried: [FeedbackRecord, string[]][] = [];
      for (const [i, keys] of [["w:a", "w:b", "w:c"], ["w:a"], ["w:a", "w:b"], ["w:b", "w:c"], ["w:a"]].entries()) {
        const f = (await record(store, org, `feedback ${i}`, i + 1))!;
        await store.indexForGrouping(org.appId, f.id, keys, `text ${i}`);
        carried.push([f, keys]);
      }
      const keys = ["w:a", "w:b", "w:c"];
      const query = { orgId: org.orgId, appId: org.appId, keys, postingsPerKey: 200, statuses: CANDIDATE_STATUSES, exclude: "none", limit: 10 };
      const postings = keys.map((key) =>
        carried
          .filter(([, k]) => k.includes(key))
          .map(([f]) => f.id)
          .reverse(),
      );
      const found = (await store.groupingCandidates(query)).map((c) => c.id);
      expect(found).toEqual(rankCandidates(postings, query));
      expect(found).toEqual([0, 3, 2, 4, 1].map((i) => carried[i]![0].id));
    });

    test("rate counters count per bucket", async () => {
      const store = await makeStore();
      expect([await store.hitRateLimit("a", 10), await store.hitRateLimit("a", 10), await store.hitRateLimit("b", 10)]).toEqual([1, 2, 1]);
      expect([await store.rateCount("a"), await store.rateCount("a"), await store.rateCount("none")]).toEqual([2, 2, 0]);
    });

    test("qualification sessions expire and end", async () => {
      const store = await makeStore();
      const session = {
        id: "q1",
        orgId: "o",
        appId: "a",
        channelId: "c",
        channelKey: "k",
        source: "api" as const,
        report: { kind: "idea" as const, message: "m", author: {} },
        language: "en" as const,
        conversation: [],
        answers: {},
        pending: { id: "q1", status: "ask" as const },
        expiresAt: 100,
      };
      await store.saveQualification(session);
      expect(await store.findQualification("q1", 99)).toEqual(session);
      expect(await store.findQualification("q1", 100)).toBeNull();
      await store.endQualification("q1");
      expect(await store.findQualification("q1", 0)).toBeNull();
    });

    test("a merge moves reports, adds the followers the target lacks, keeps the latest activity, hides the source, and commits its event", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = (await record(store, org, "target", 1))!;
      const source = (await record(store, org, "source", 5))!;
      await store.addFollower({ feedbackId: target.id, email: "both@x.io", language: "en" });
      await store.addFollower({ feedbackId: source.id, email: "both@x.io", language: "fr" });
      await store.addFollower({ feedbackId: source.id, email: "only-source@x.io", name: "Sam", language: "fr" });
      const merged = await merge(store, source, target, 6, "user-1");
      if (!merged.ok) throw new Error(merged.code);
      expect(merged.value).toMatchObject({ sourceId: source.id, targetId: target.id, by: "user-1", addedFollowers: ["only-source@x.io"] });
      expect((await store.listReports(target.id)).length).toBe(2);
      expect(await store.findFeedback(org.orgId, source.id)).toMatchObject({ mergedInto: target.id });
      expect((await store.listFeedbacks(org.orgId, { statuses: ["triage"] }, null, 10)).map((f) => f.id)).toEqual([target.id]);
      expect(await store.findFeedback(org.orgId, target.id)).toMatchObject({ reports: 2, lastActivityAt: 5 });
      expect((await store.listFollowers(target.id)).map((f) => [f.email, f.language]).sort()).toEqual([
        ["both@x.io", "en"],
        ["only-source@x.io", "fr"],
      ]);
      // The target answers a search for the source's words.
      expect((await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: ["source"] }, null, 10)).map((f) => f.id)).toEqual([target.id]);
      expect(await store.findMerge(org.orgId, source.id)).toEqual(merged.value);
      expect(await store.listMerges(org.orgId, target.id)).toEqual([merged.value]);
      // A merged feedback merges no more.
      expect(await store.applyMerge({ ...merged.value, id: "again" }, [])).toBe(false);
    });

    test("a feedback is found by its first MAX_FEEDBACK_WORDS words: a merge adds the source's words up to there", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const words = Array.from({ length: MAX_FEEDBACK_WORDS - 2 }, (_, i) => `w${i}`).join(" ");
      // The key (its prefix and number) fills the last two places; the title is the report's text.
      const target = (await record(store, org, words, 1))!;
      const source = (await record(store, org, "source lateword", 5))!;
      expect((await merge(store, source, target, 6)).ok).toBe(true);
      const found = async (word: string) =>
        (await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: [word] }, null, 10)).map((f) => f.id);
      expect(await found("w997")).toEqual([target.id]);
      expect(await found("source")).toEqual([]);
      expect(await found("lateword")).toEqual([]);
    });

    test("a merge planned on stale counts writes nothing", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = (await record(store, org, "target", 1))!;
      const source = (await record(store, org, "source", 5))!;
      const third = (await record(store, org, "third", 7))!;
      // Planned while the target held one report; another merge gives it two before this one writes.
      const stale = planMerge({
        id: "stale",
        source: third,
        target,
        sourceReportIds: (await store.listReports(third.id)).map((r) => r.id),
        sourceFollowers: [],
        targetFollowers: [],
        by: null,
        score: null,
        at: 8,
      });
      if (!stale.ok) throw new Error(stale.code);
      expect((await merge(store, source, target, 6)).ok).toBe(true);
      expect(await store.applyMerge(stale.value, [])).toBe(false);
      expect((await store.findFeedback(org.orgId, third.id))?.mergedInto).toBeUndefined();
      expect((await store.listReports(third.id)).length).toBe(1);
      expect(await store.findFeedback(org.orgId, target.id)).toMatchObject({ reports: 2 });
    });

    test("a merge, unmerge or split that crashes before it commits writes nothing", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = (await record(store, org, "target", 1))!;
      const source = (await record(store, org, "source", 5))!;
      /** Read last, as the write's final step: an event whose reading throws stands for a crash there. */
      const crash = Object.defineProperty({ type: "feedback.merged", id: id("e"), feedbackId: target.id, createdAt: 6 }, "orgId", {
        get: () => {
          throw new Error("crash");
        },
      }) as DomainEvent;
      const state = async () => ({
        source: await store.findFeedback(org.orgId, source.id),
        target: await store.findFeedback(org.orgId, target.id),
        reports: [(await store.listReports(source.id)).length, (await store.listReports(target.id)).length],
        merges: await store.listMerges(org.orgId, target.id),
      });
      const planned = planMerge({
        id: id("m"),
        source,
        target,
        sourceReportIds: (await store.listReports(source.id)).map((r) => r.id),
        sourceFollowers: [],
        targetFollowers: [],
        by: null,
        score: null,
        at: 6,
      });
      if (!planned.ok) throw new Error(planned.code);
      const before = await state();
      await expect(store.applyMerge(planned.value, [crash])).rejects.toThrow("crash");
      expect(await state()).toEqual(before);

      expect(await store.applyMerge(planned.value, [])).toBe(true);
      const merged = await state();
      const undo = await planUndo(store, org.orgId, planned.value, 7, null);
      if (!undo.ok) throw new Error(undo.code);
      await expect(store.applyUnmerge(undo.value, [crash])).rejects.toThrow("crash");
      expect(await state()).toEqual(merged);

      const reports = await store.listReports(target.id);
      const split = planSplit({
        id: id("split"),
        newFeedbackId: id("fb"),
        feedback: merged.target!,
        reports,
        reportId: reports[1]!.id,
        followers: [],
        by: "u",
        at: 8,
      });
      if (!split.ok) throw new Error(split.code);
      await expect(store.applySplit(split.value, [crash])).rejects.toThrow("crash");
      expect(await state()).toEqual(merged);
      expect(await store.findFeedback(org.orgId, split.value.newFeedback.id)).toBeNull();
    });

    test("an unmerge restores the source exactly: reports, followers, status, search, and the target's counts; the pair is dismissed", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = (await record(store, org, "target", 1))!;
      const source = (await record(store, org, "source", 5))!;
      await store.applyStatusChange({ orgId: org.orgId, feedbackId: source.id, from: "triage", to: "prioritized", at: 5, events: [], jobs: [] });
      await store.addFollower({ feedbackId: source.id, email: "only-source@x.io", language: "fr" });
      await store.addFollower({ feedbackId: target.id, email: "target@x.io", language: "en" });
      const merged = await merge(store, (await store.findFeedback(org.orgId, source.id))!, target, 6);
      if (!merged.ok) throw new Error(merged.code);
      const planned = await planUndo(store, org.orgId, merged.value, 8, "user-2");
      if (!planned.ok) throw new Error(planned.code);
      expect(await store.applyUnmerge(planned.value, [unmergedEvent(planned.value, id("e"))])).toBe(true);
      const restored = (await store.findFeedback(org.orgId, source.id))!;
      expect(restored.mergedInto).toBeUndefined();
      expect(restored).toMatchObject({ status: "prioritized", reports: 1, lastActivityAt: 5 });
      expect((await store.listReports(source.id)).map((r) => r.report.message)).toEqual(["source"]);
      expect((await store.listReports(target.id)).map((r) => r.report.message)).toEqual(["target"]);
      expect(await store.findFeedback(org.orgId, target.id)).toMatchObject({ reports: 1, lastActivityAt: 1 });
      expect((await store.listFollowers(source.id)).map((f) => f.email)).toEqual(["only-source@x.io"]);
      expect((await store.listFollowers(target.id)).map((f) => f.email)).toEqual(["target@x.io"]);
      expect((await store.listFeedbacks(org.orgId, { statuses: ["prioritized"], words: ["source"] }, null, 10)).map((f) => f.id)).toEqual([
        source.id,
      ]);
      expect(await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: ["source"] }, null, 10)).toEqual([]);
      expect(await store.findMerge(org.orgId, source.id)).toBeNull();
      expect((await store.listMerges(org.orgId, source.id))[0]?.undone).toEqual({ at: 8, by: "user-2" });
      expect(await store.dismissedWith(org.orgId, target.id)).toEqual(new Set([source.id]));
      // Undone once: the same unmerge again writes nothing.
      expect(await store.applyUnmerge(planned.value, [])).toBe(false);
    });

    test("a split gives one report a new feedback with the next key and its follower; the feedback it leaves keeps the rest; the pair is dismissed", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = (await record(store, org, "target", 1))!;
      const other = (await record(store, org, "other subject", 5))!;
      await store.addFollower({ feedbackId: other.id, email: "ann@x.io", language: "fr" });
      expect((await merge(store, other, target, 6)).ok).toBe(true);
      const holder = (await store.findFeedback(org.orgId, target.id))!;
      const reports = await store.listReports(target.id);
      const moved = reports.find((r) => r.report.message === "other subject")!;
      const planned = planSplit({
        id: id("split"),
        newFeedbackId: id("fb"),
        feedback: holder,
        reports: reports.map((r) => (r.id === moved.id ? { ...r, report: { ...r.report, author: { email: "ann@x.io" } } } : r)),
        reportId: moved.id,
        followers: ["ann@x.io"],
        by: "user-1",
        at: 9,
      });
      if (!planned.ok) throw new Error(planned.code);
      const created = await store.applySplit(planned.value, [splitEvent(planned.value, id("e"))]);
      expect(created).toMatchObject({ key: `${org.prefix}-3`, title: "other subject", status: "triage", reports: 1, lastActivityAt: 5 });
      expect((await store.listReports(created!.id)).map((r) => r.id)).toEqual([moved.id]);
      expect(await store.findFeedback(org.orgId, target.id)).toMatchObject({ reports: 1, lastActivityAt: 1 });
      expect((await store.listFollowers(created!.id)).map((f) => [f.email, f.language])).toEqual([["ann@x.io", "fr"]]);
      // Only the new feedback is found by the words of the report split off.
      expect((await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: ["subject"] }, null, 10)).map((f) => f.id)).toEqual([created!.id]);
      expect(await store.listSplits(org.orgId, target.id)).toEqual([planned.value]);
      expect(await store.dismissedWith(org.orgId, target.id)).toEqual(new Set([created!.id]));
      // Planned on two reports, the feedback holds one now: the same split again writes nothing.
      expect(await store.applySplit({ ...planned.value, id: "again" }, [])).toBeNull();
    });

    describe("an unmerge that would break the merge invariants is refused before anything is written", () => {
      /** A merges into B through the core's use case; the reports of each, by message. */
      async function mergedPair(store: Store) {
        const org = await seed(store);
        const services = { store, clock: () => 20, ids: { id: () => id("x"), secret: () => "s" }, baseUrl: "http://localhost" };
        const grant = operatorGrant(org.orgId);
        const b = (await record(store, org, "b own report", 1))!;
        const a = (await record(store, org, "a report", 2))!;
        expect((await mergeFeedbacks(services, grant, a.key, b.key)).ok).toBe(true);
        const reportOf = async (message: string) => (await store.listReports(b.id)).find((r) => r.report.message === message)!.id;
        return { org, services, grant, a, b, own: await reportOf("b own report"), brought: await reportOf("a report") };
      }

      const holders = async (store: Store, orgId: string, ...ids: string[]) =>
        Promise.all(
          ids.map(async (fid) => ({ feedback: await store.findFeedback(orgId, fid), reports: (await store.listReports(fid)).map((r) => r.id) })),
        );

      test("merge A into B, split B's own report out, unmerge A: refused, B would be left empty; B keeps A's report", async () => {
        const store = await makeStore();
        const { org, services, grant, a, b, own, brought } = await mergedPair(store);
        expect((await splitReport(services, grant, b.key, own)).ok).toBe(true);
        expect(await unmergeFeedback(services, grant, a.key)).toEqual({
          ok: false,
          code: "cannot_unmerge",
          refusal: { reason: "target_emptied", feedback: a.key, target: b.key },
        });
        const [holder, folded] = await holders(store, org.orgId, b.id, a.id);
        expect(holder).toMatchObject({ feedback: { reports: 1 }, reports: [brought] });
        expect(holder!.feedback!.mergedInto).toBeUndefined();
        expect(folded).toMatchObject({ feedback: { mergedInto: b.id }, reports: [] });
        expect(await store.findMerge(org.orgId, a.id)).not.toBeNull();
      });

      test("merge A into B, split A's report out of B, unmerge A: refused, the report it brought left B; nothing moves", async () => {
        const store = await makeStore();
        const { org, services, grant, a, b, own, brought } = await mergedPair(store);
        const split = await splitReport(services, grant, b.key, brought);
        if (!split.ok) throw new Error(split.code);
        expect(await unmergeFeedback(services, grant, a.key)).toEqual({
          ok: false,
          code: "cannot_unmerge",
          refusal: { reason: "reports_left", feedback: a.key, target: b.key, count: 1 },
        });
        const [holder, alone] = await holders(store, org.orgId, b.id, split.value.id);
        expect(holder).toMatchObject({ feedback: { reports: 1 }, reports: [own] });
        expect(alone).toMatchObject({ feedback: { reports: 1 }, reports: [brought] });
        // Merged back into B, the report is there again: A unmerges with it.
        expect((await mergeFeedbacks(services, grant, split.value.key, b.key)).ok).toBe(true);
        expect(await unmergeFeedback(services, grant, a.key)).toMatchObject({ ok: true, value: { key: a.key, reports: 1 } });
        expect((await store.listReports(a.id)).map((r) => r.id)).toEqual([brought]);
      });

      test("an unmerge planned before a split of a report it would move writes nothing", async () => {
        const store = await makeStore();
        const { org, services, grant, b, brought } = await mergedPair(store);
        const stale = await planUndo(store, org.orgId, (await store.listMerges(org.orgId, b.id))[0]!, 21, null);
        if (!stale.ok) throw new Error(stale.code);
        expect((await splitReport(services, grant, b.key, brought)).ok).toBe(true);
        // A report arrives at B meanwhile, so its count is as planned again: the reports it holds still decide.
        const other = (await record(store, org, "another", 22))!;
        expect((await mergeFeedbacks(services, grant, other.key, b.key)).ok).toBe(true);
        const count = (await store.findFeedback(org.orgId, b.id))!.reports;
        expect(await store.applyUnmerge({ ...stale.value, expectedReports: count }, [])).toBe(false);
        expect((await store.findFeedback(org.orgId, b.id))!.reports).toBe(count);
      });
    });

    test("countReportsByDay counts an app's reports per day, kind and feature; a report counts for the feedback that holds it, through triage, merges, unmerges and splits", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const other = await seed(store);
      const DAY = 86_400_000;
      const a = (await record(store, org, "first", DAY + 5))!;
      const b = (await record(store, org, "second", DAY + 9))!;
      await record(store, org, "third", 2 * DAY + 1);
      await record(store, org, "too late", 3 * DAY);
      await record(store, other, "another app", DAY + 1);
      await store.setTriage(org.orgId, a.id, { featureId: "feature-a" });
      const counted = async () =>
        [...(await store.countReportsByDay(org.orgId, org.appId, DAY, 3 * DAY))].sort(
          (x, y) => x.day - y.day || String(x.featureId).localeCompare(String(y.featureId)),
        );
      expect(await counted()).toEqual([
        { day: DAY, kind: "problem", featureId: "feature-a", count: 1 },
        { day: DAY, kind: "problem", featureId: null, count: 1 },
        { day: 2 * DAY, kind: "problem", featureId: null, count: 1 },
      ]);
      const merged = await merge(store, b, a, 2 * DAY + 2);
      if (!merged.ok) throw new Error(merged.code);
      expect(await counted()).toEqual([
        { day: DAY, kind: "problem", featureId: "feature-a", count: 2 },
        { day: 2 * DAY, kind: "problem", featureId: null, count: 1 },
      ]);
      // The feature's change follows every report the feedback holds.
      await store.setTriage(org.orgId, a.id, { featureId: "feature-b" });
      expect((await counted())[0]).toEqual({ day: DAY, kind: "problem", featureId: "feature-b", count: 2 });
      const undo = await planUndo(store, org.orgId, merged.value, 2 * DAY + 3, null);
      if (!undo.ok) throw new Error(undo.code);
      expect(await store.applyUnmerge(undo.value, [])).toBe(true);
      expect(await counted()).toEqual([
        { day: DAY, kind: "problem", featureId: "feature-b", count: 1 },
        { day: DAY, kind: "problem", featureId: null, count: 1 },
        { day: 2 * DAY, kind: "problem", featureId: null, count: 1 },
      ]);
    });

    test("suggestions: one per pair whoever found it, best first, without merged feedbacks or dismissed pairs", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "a", 1))!;
      const b = (await record(store, org, "b", 2))!;
      const c = (await record(store, org, "c", 3))!;
      const suggestion = (feedbackId: string, similarId: string, score: number, at: number) => ({
        orgId: org.orgId,
        appId: org.appId,
        feedbackId,
        similarId,
        score,
        matched: ["export"],
        at,
      });
      await store.saveSuggestions([suggestion(b.id, a.id, 0.3, 4), suggestion(c.id, a.id, 0.25, 4)]);
      // Found again from the other side, with a new score: still one pair.
      await store.saveSuggestions([suggestion(a.id, b.id, 0.32, 5)]);
      expect(await store.listSuggestions(org.orgId, null, 10)).toEqual([suggestion(b.id, a.id, 0.32, 5), suggestion(c.id, a.id, 0.25, 4)]);
      expect(await store.listSuggestions(org.orgId, "another-app", 10)).toEqual([]);
      await store.dismissPair(org.orgId, a.id, c.id, 6, "user-1");
      expect((await store.listSuggestions(org.orgId, org.appId, 10)).map((s) => s.feedbackId)).toEqual([b.id]);
      // A dismissed pair stays dismissed when grouping finds it again.
      await store.saveSuggestions([suggestion(c.id, a.id, 0.5, 7)]);
      expect(await store.dismissedWith(org.orgId, a.id)).toEqual(new Set([c.id]));
      expect((await store.listSuggestions(org.orgId, org.appId, 10)).map((s) => s.feedbackId)).toEqual([b.id]);
      expect((await merge(store, b, a, 8)).ok).toBe(true);
      expect(await store.listSuggestions(org.orgId, null, 10)).toEqual([]);
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

    test("countFollowers counts the people following each feedback asked for", async () => {
      const store = await makeStore();
      await store.addFollower({ feedbackId: "f1", email: "a@x.io", language: "en" });
      await store.addFollower({ feedbackId: "f1", email: "b@x.io", language: "en" });
      await store.addFollower({ feedbackId: "f2", email: "a@x.io", language: "en" });
      await store.addFollower({ feedbackId: "f3", email: "a@x.io", language: "en" });
      expect(await store.countFollowers(["f1", "f2", "none"])).toEqual(
        new Map([
          ["f1", 2],
          ["f2", 1],
        ]),
      );
      expect(await store.countFollowers([])).toEqual(new Map());
    });

    test("a notification is claimed once; an unconfirmed claim is taken over after its lease, a confirmed one never", async () => {
      const store = await makeStore();
      expect(await store.claimNotification("f", "a@b.c", "delivered", 1_000, 100)).toBe(true);
      expect(await store.claimNotification("f", "a@b.c", "delivered", 1_050, 100)).toBe(false);
      expect(await store.claimNotification("f", "a@b.c", "delivered", 1_200, 100)).toBe(true);
      await store.confirmNotification("f", "a@b.c", "delivered", 1_210);
      expect(await store.claimNotification("f", "a@b.c", "delivered", 9_999, 100)).toBe(false);
      await store.releaseNotification("f", "b@b.c", "delivered");
      expect(await store.claimNotification("f", "b@b.c", "delivered", 1, 100)).toBe(true);
      // Only confirmed notifications were sent.
      expect(await store.listNotifications("f")).toEqual([{ email: "a@b.c", key: "delivered", sentAt: 1_210 }]);
    });

    test("findUser reads a person by id, with the name when there is one", async () => {
      const store = await makeStore();
      await store.createUser({ id: "u-named", email: "named@x.io", name: "Ada Lovelace" });
      await store.createUser({ id: "u-plain", email: "plain@x.io" });
      expect(await store.findUser("u-named")).toEqual({ id: "u-named", email: "named@x.io", name: "Ada Lovelace" });
      expect(await store.findUser("u-plain")).toEqual({ id: "u-plain", email: "plain@x.io" });
      expect(await store.findUser("nobody")).toBeNull();
    });

    test("authenticate returns the current role and refuses revoked, expired and former members' tokens", async () => {
      const store = await makeStore();
      const org = await seed(store);
      await store.createUser({ id: "u1", email: "u1@x.io" });
      await store.setMembership(org.orgId, "u1", "member");
      await store.createToken({
        id: "t1",
        tokenHash: "h1",
        orgId: org.orgId,
        userId: "u1",
        scopes: ["feedbacks:read"],
        label: "l",
        createdAt: 0,
        expiresAt: 100,
      });
      expect(await store.authenticate("h1", 50, 1_000)).toMatchObject({ role: "member", scopes: ["feedbacks:read"] });
      expect(await store.authenticate("h1", 100, 1_000)).toBeNull();
      await store.setMembership(org.orgId, "u1", "reader");
      expect((await store.authenticate("h1", 10, 1_000))?.role).toBe("reader");
      await store.removeMembership(org.orgId, "u1");
      expect(await store.authenticate("h1", 10, 1_000)).toBeNull();
      await store.setMembership(org.orgId, "u1", "member");
      await store.revokeToken(org.orgId, "t1", 20);
      expect(await store.authenticate("h1", 30, 1_000)).toBeNull();
    });
  });
}
