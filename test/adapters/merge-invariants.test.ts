import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { database } from "../../adapters/mongodb/database.ts";
import { ensureIndexes } from "../../adapters/mongodb/indexes.ts";
import { createMongoStore } from "../../adapters/mongodb/store.ts";
import { createSqliteStore } from "../../adapters/sqlite/store.ts";
import { operatorGrant } from "../../core/authorization.ts";
import type { Result } from "../../core/errors.ts";
import type { DomainEvent } from "../../core/feedback/events.ts";
import { mergeInto } from "../../core/merges/merge-into.ts";
import { mergeFeedbacks } from "../../core/merges/merge-feedbacks.ts";
import { splitReport } from "../../core/merges/split-report.ts";
import { unmergeFeedback } from "../../core/merges/unmerge-feedback.ts";
import { STATUSES } from "../../core/schemas/feedback.ts";
import type { Store } from "../../core/services.ts";
import { getFeedback } from "../../core/feedback/get-feedback.ts";
import { mingoDatabase } from "../support/mingo-mongo.ts";
import { scratchDir } from "../support/scratch.ts";
import { seededRandom } from "../support/random.ts";

/**
 * DESIGN §5, merge invariants, as a property: random sequences of new reports, merges by hand,
 * grouping's merges, unmerges and splits — some of them crashing in the middle of their write —
 * and after every step every report is in exactly one visible feedback, no visible feedback holds
 * zero reports, its count is the length of its report list, and no operation throws (a refusal is
 * a value). The seed is printed on failure; MERGE_SEED=… replays it, or explores another sequence.
 */

const STEPS = 120;
/** Reports arrive until this many feedbacks exist (splits add more): enough to nest merges, few enough to check each step. */
const MAX_FEEDBACKS = 10;
const REFUSALS = new Set(["cannot_merge", "cannot_unmerge", "cannot_split", "not_found"]);

/** An event whose reading throws: written last in a merge, unmerge or split, it stands for a crash in the middle of the write. */
const crash = (): DomainEvent =>
  Object.defineProperty({ type: "feedback.created", id: "crash", feedbackId: "crash", createdAt: 0 }, "orgId", {
    get: () => {
      throw new Error("crash in the middle of the write");
    },
  }) as DomainEvent;

/** The store, whose next merge, unmerge or split crashes before it commits when `armed` says so. */
function crashing(store: Store, armed: () => boolean): Store {
  const writes = new Set(["applyMerge", "applyUnmerge", "applySplit"]);
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof name !== "string" || !writes.has(name)) return value;
      return (plan: unknown, events: readonly DomainEvent[], ...rest: unknown[]) =>
        value.call(target, plan, armed() ? [...events, crash()] : events, ...rest);
    },
  });
}

async function run(makeStore: () => Promise<Store>, seed: number): Promise<void> {
  const random = seededRandom(seed);
  const base = await makeStore();
  let armed = false;
  const store = crashing(base, () => armed);
  let now = 1_000;
  let n = 0;
  const id = (prefix: string) => `${prefix}-${String(++n).padStart(6, "0")}`;
  const services = { store, clock: () => now, ids: { id: () => id("x"), secret: () => "s" }, baseUrl: "http://localhost" };
  const orgId = id("org");
  const appId = id("app");
  await base.createOrganization({ id: orgId, name: "Org", keyPrefix: "INV", plan: "enterprise", quotaOverride: null });
  await base.createApp({ id: appId, orgId, name: "App", kind: "web" }, 50);
  const grant = operatorGrant(orgId);
  const feedbackIds: string[] = [];
  const reportIds: string[] = [];
  const log: string[] = [];

  async function newReport(): Promise<void> {
    const feedbackId = id("fb");
    const reportId = id("r");
    const message = `report ${reportId}`;
    await base.recordFeedback({
      feedback: { id: feedbackId, orgId, appId, title: message, kind: "problem", status: "triage", reports: 1, createdAt: now, lastActivityAt: now },
      report: {
        id: reportId,
        feedbackId,
        orgId,
        appId,
        source: "api",
        report: { kind: "problem", message, author: {} },
        language: "en",
        conversation: [],
        statusId: id("s"),
        at: now,
      },
      statusTokenHash: "h",
      event: { id: id("e"), type: "feedback.created", orgId, feedbackId, createdAt: now },
      attachments: [],
      jobs: [],
      quota: { month: "2026-11", limit: null },
    });
    feedbackIds.push(feedbackId);
    reportIds.push(reportId);
  }

  const keyOf = async (feedbackId: string | undefined) => (feedbackId && (await base.findFeedback(orgId, feedbackId))?.key) || "INV-0";

  /** One random operation, through the core's use cases, as a person or grouping would run it. */
  /** What the running step does, for the log. */
  let current = "";
  const doing = async (name: string, operation: () => Promise<Result<unknown>>) => {
    current = name;
    return { result: await operation() };
  };

  async function step(): Promise<{ result: Result<unknown> }> {
    const roll = random.next();
    if (feedbackIds.length < 4 || (roll < 0.1 && feedbackIds.length < MAX_FEEDBACKS)) {
      return doing("a new report", async () => {
        await newReport();
        return { ok: true, value: null };
      });
    }
    const a = random.pick(feedbackIds)!;
    const b = random.pick(feedbackIds)!;
    if (roll < 0.35) {
      const [ka, kb] = [await keyOf(a), await keyOf(b)];
      return doing(`merge ${ka} into ${kb}`, () => mergeFeedbacks(services, grant, ka, kb));
    }
    if (roll < 0.5) {
      const [source, target] = await Promise.all([base.findFeedback(orgId, a), base.findFeedback(orgId, b)]);
      return doing(`grouping folds ${source?.key} into ${target?.key}`, () => mergeInto(services, source!, target!, null, 0.9));
    }
    if (roll < 0.75) {
      // Mostly a feedback merged into another; now and then one that is not.
      const merged = [];
      for (const fid of feedbackIds) if ((await base.findFeedback(orgId, fid))?.mergedInto) merged.push(fid);
      const ka = await keyOf(random.next() < 0.85 ? (random.pick(merged) ?? a) : a);
      return doing(`unmerge ${ka}`, () => unmergeFeedback(services, grant, ka));
    }
    // Mostly a report the feedback holds; now and then one it does not.
    const ka = await keyOf(a);
    const held = (await base.listReports(a)).map((r) => r.id);
    const reportId = (random.next() < 0.85 ? random.pick(held) : undefined) ?? random.pick(reportIds)!;
    return doing(`split ${reportId} out of ${ka}`, async () => {
      const split = await splitReport(services, grant, ka, reportId);
      if (split.ok) feedbackIds.push(split.value.id);
      return split;
    });
  }

  /** The invariants, read back from the store and through the API's presentation. */
  async function check(): Promise<void> {
    const holders = new Map<string, string[]>();
    const visible: string[] = [];
    for (const fid of feedbackIds) {
      const feedback = (await base.findFeedback(orgId, fid))!;
      const held = (await base.listReports(fid)).map((r) => r.id);
      if (feedback.mergedInto) {
        expect({ hidden: feedback.key, holds: held }).toEqual({ hidden: feedback.key, holds: [] });
        continue;
      }
      visible.push(fid);
      for (const r of held) holders.set(r, [...(holders.get(r) ?? []), feedback.key]);
      const shown = await getFeedback(services, grant, fid);
      if (!shown.ok) throw new Error(`${feedback.key} cannot be read: ${shown.code}`);
      expect({ key: feedback.key, reports: shown.value.reports, listed: shown.value.reportList.length }).toEqual({
        key: feedback.key,
        reports: held.length,
        listed: held.length,
      });
      expect({ key: feedback.key, empty: held.length === 0 }).toEqual({ key: feedback.key, empty: false });
    }
    for (const r of reportIds) expect({ report: r, in: holders.get(r)?.length ?? 0 }).toEqual({ report: r, in: 1 });
    const listed = await base.listFeedbacks(orgId, { statuses: STATUSES }, null, 1_000);
    expect(listed.map((f) => f.id).sort()).toEqual([...visible].sort());
  }

  try {
    for (let i = 0; i < STEPS; i++) {
      now += 1_000;
      armed = random.next() < 0.1;
      let outcome: string;
      try {
        const done = await step();
        if (!done.result.ok && !REFUSALS.has(done.result.code)) throw new Error(`${current}: unexpected ${done.result.code}`);
        outcome = done.result.ok ? "ok" : [done.result.code, done.result.refusal?.reason].filter(Boolean).join(": ");
      } catch (error) {
        // Only a crash we caused may throw, and it must have written nothing.
        if (!armed || !String(error).includes("crash in the middle")) throw error;
        outcome = "crashed";
      }
      armed = false;
      log.push(`${i}: ${current} → ${outcome}`);
      await check();
    }
  } catch (error) {
    throw new Error(`merge invariants broken with MERGE_SEED=${seed}, after:\n${log.slice(-12).join("\n")}\nat ${log.length}: ${current}: ${error}`);
  }
}

// A fixed seed by default, so that CI is repeatable; MERGE_SEED=… explores another sequence.
const seed = Number(process.env.MERGE_SEED) || 20_261_125;

describe("merge invariants hold after any sequence of merges, unmerges, splits and grouping, and after a crash in the middle of one", () => {
  test(`on SQLite, on a file (seed ${seed})`, async () => {
    await run(async () => createSqliteStore(join(scratchDir("invariants"), "store.sqlite")), seed);
  });

  test(`on the MongoDB adapter, on the mingo stand-in (seed ${seed})`, async () => {
    await run(async () => {
      const { client, db } = mingoDatabase();
      await ensureIndexes(database(client, db));
      return createMongoStore(client, db);
    }, seed);
  });
});
