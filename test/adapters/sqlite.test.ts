import { describe, expect, test } from "bun:test";
import { Database, type SQLQueryBindings } from "bun:sqlite";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createSqliteStore } from "../../adapters/sqlite/store.ts";
import {
  countedFrom,
  countQuery,
  datedQuery,
  FEEDBACK_BY_KEY_OR_ID,
  fewestDue,
  listQuery,
  narrowest,
  feedbackStore,
  postsSource,
} from "../../adapters/sqlite/feedbacks.ts";
import { openDatabase } from "../../adapters/sqlite/open.ts";
import { createWriteBatch } from "../../adapters/sqlite/write-batch.ts";
import { positionOf } from "../../core/feedback/order.ts";
import { ENTRIES_LINKING } from "../../adapters/sqlite/changelog.ts";
import { PAIR_SIDES } from "../../adapters/sqlite/suggestions.ts";
import { newDoc } from "../../adapters/sqlite/search.ts";
import { reportGroupingText } from "../../core/grouping/compare.ts";
import { isTrackingToken, trackingTokenHash } from "../../core/report/tracking-token.ts";
import { MIGRATIONS } from "../../adapters/sqlite/migrations.ts";
import { sqliteSource } from "../../adapters/sqlite/export.ts";
import { START } from "../../core/portable.ts";
import type { FeedbackRecord } from "../../core/model.ts";
import { FEEDBACK_ORDERS, STATUSES, type Status } from "../../core/schemas/feedback.ts";
import { statusesOf } from "../../core/feedback/status.ts";
import type { FeedbackFilter, ValueOrder } from "../../core/store/feedbacks.ts";
import { searchWords } from "../../core/feedback/search-words.ts";
import { startCheckpointer } from "../../adapters/sqlite/checkpoint.ts";
import { storeContract } from "./store-contract.ts";
import { guardedMembershipRaces } from "./store-contract/users.ts";
import { eventually } from "../support/receiver.ts";
import { everyPage, plainly } from "../support/search-pages.ts";
import { scratchDir } from "../support/scratch.ts";
import { storeBytesOfVersion } from "../support/sqlite-versions.ts";
import { newStoreFile } from "../support/new-store-file.ts";

storeContract("sqlite", async () => createSqliteStore(newStoreFile()));

describe("sqlite memberships, two processes on one file", () => {
  // Each store its own connection, as the server and the CLI (or two servers) have.
  guardedMembershipRaces(async () => {
    const path = newStoreFile();
    return [createSqliteStore(path), createSqliteStore(path)] as const;
  });
});

/** The orders sorted on one stored value (listQuery's); the due order reads two runs (datedQuery, then the order of activity). */
const VALUE_ORDERS = FEEDBACK_ORDERS.filter((order): order is ValueOrder => order !== "due");

describe("sqlite channel keys", () => {
  async function seeded() {
    const path = newStoreFile();
    const store = createSqliteStore(path);
    await store.createOrganization({ id: "org-1", name: "Org", keyPrefix: "ORG", plan: "free", quotaOverride: null });
    await store.createApp({ id: "app-1", orgId: "org-1", name: "App", kind: "web" }, 50);
    await store.createChannel({ id: "ch-1", orgId: "org-1", appId: "app-1", kind: "api", key: "pk_1", active: true }, 50);
    return { path, store };
  }

  test("a channel disabled or a plan changed by another process is seen by the next report", async () => {
    const { path, store } = await seeded();
    expect((await store.findChannelByKey("pk_1"))?.channel.active).toBe(true);
    // The CLI is another process with its own connection.
    const cli = createSqliteStore(path);
    await cli.setChannelActive("org-1", "pk_1", false);
    expect((await store.findChannelByKey("pk_1"))?.channel.active).toBe(false);
    await cli.setPlan("org-1", "growth", 5);
    expect((await store.findChannelByKey("pk_1"))?.organization).toMatchObject({ plan: "growth", quotaOverride: 5 });
    await cli.close();
    await store.close();
  });

  test("the next key number a feedback takes leaves the catalog version alone; a channel change moves it", async () => {
    const { path, store } = await seeded();
    await store.findChannelByKey("pk_1");
    const db = new Database(path);
    const version = () => db.query<{ n: number }, []>("SELECT n FROM catalog_version").get()!.n;
    const before = version();
    // The organization's next key number moves with every feedback; it is not part of what a key opens.
    db.exec("UPDATE organizations SET next_seq = next_seq + 1");
    expect(version()).toBe(before);
    db.exec("UPDATE channels SET active = 0");
    expect(version()).toBe(before + 1);
    expect((await store.findChannelByKey("pk_1"))?.channel.active).toBe(false);
    db.close();
    await store.close();
  });
});

describe("sqlite checkpoints", () => {
  test("a server's store copies committed pages into the database file on a thread of its own", async () => {
    const path = join(scratchDir("store"), "store.sqlite");
    const store = createSqliteStore(path, { backgroundCheckpoints: true });
    // Another connection commits about 8 MB without ever checkpointing: only the store's thread can move it into the file.
    const writer = new Database(path);
    writer.exec("PRAGMA wal_autocheckpoint = 0");
    writer.exec("CREATE TABLE scratch (b BLOB)");
    const before = statSync(path).size;
    const insert = writer.prepare("INSERT INTO scratch (b) VALUES (randomblob(4000))");
    writer.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run();
    })();
    const grown = await eventually(
      () => statSync(path).size - before,
      (growth) => growth >= 8_000_000,
    );
    expect(grown).toBeGreaterThanOrEqual(8_000_000);
    writer.close();
    await store.close();
  });
});

describe("sqlite checkpointer", () => {
  test("reports its failure once, and still stops", async () => {
    const path = join(scratchDir("store"), "not-a-database.sqlite");
    writeFileSync(path, "this is not a database file, whatever its name says".repeat(100));
    let failures = 0;
    const checkpointer = startCheckpointer(path, () => failures++);
    expect(
      await eventually(
        () => failures,
        (n) => n > 0,
      ),
    ).toBe(1);
    await checkpointer.stop();
  });
});

/** Records a feedback with one report, its title, as collection would. */
/** A new store file holding organization "org" (key prefix ORG) and its app "app". */
async function storeWithApp() {
  const path = newStoreFile();
  const store = createSqliteStore(path);
  await store.createOrganization({ id: "org", name: "Org", keyPrefix: "ORG", plan: "enterprise", quotaOverride: null });
  await store.createApp({ id: "app", orgId: "org", name: "App", kind: "web" }, 50);
  return { path, store };
}

function recordWithReport(store: ReturnType<typeof createSqliteStore>, feedback: Omit<FeedbackRecord, "key">, statusTokenHash = "h") {
  const { id, orgId, appId, kind, title: message, createdAt: at } = feedback;
  return store.recordFeedback({
    feedback,
    report: {
      id: `r-${id}`,
      feedbackId: id,
      orgId,
      appId,
      source: "api",
      report: { kind, message, author: {} },
      language: "en",
      conversation: [],
      statusId: `s-${id}`,
      at,
    },
    statusTokenHash,
    event: { id: `e-${id}`, type: "feedback.created", orgId, feedbackId: id, createdAt: at },
    attachments: [],
    jobs: [],
    quota: { month: "2026-11", limit: null },
  });
}

/** A store file as a version before migration `name` left it: every migration up to that one applied. */
function storeBefore(name: string): { path: string; old: Database; version: number } {
  const before = MIGRATIONS.findIndex((m) => m.name === name);
  if (before < 0) throw new Error(`no migration named ${name}`);
  const path = join(scratchDir("store"), "store.sqlite");
  if (before > 0) writeFileSync(path, storeBytesOfVersion(before));
  const old = new Database(path);
  old.exec(`PRAGMA user_version = ${before}`);
  return { path, old, version: before };
}

/** Runs each raw write, and checks before and after each that what triggers keep (`kept`) is what it must be (`recount`). */
function keptThroughWrites<T>(db: Database, writes: readonly string[], kept: (db: Database) => T, recount: (db: Database) => T): void {
  expect(kept(db)).toEqual(recount(db));
  for (const write of writes) {
    db.exec(write);
    expect({ write, kept: kept(db) }).toEqual({ write, kept: recount(db) });
  }
}

/**
 * Organizations and apps in a store, as a real one holds those its feedbacks name, numbered when
 * its schema numbers them: the apps belong to the first organization.
 */
function catalog(db: Database, orgs: readonly string[], apps: readonly string[]): void {
  const numbered = (table: string) => db.query(`SELECT 1 FROM pragma_table_info('${table}') WHERE name = 'number'`).get() !== null;
  const next = (table: string) => (numbered(table) ? `(SELECT count(*) + 1 FROM ${table})` : "NULL");
  const insertOrg = numbered("organizations")
    ? `INSERT INTO organizations (id, name, key_prefix, plan, number) VALUES (?1, ?1, ?1, 'enterprise', ${next("organizations")})`
    : "INSERT INTO organizations (id, name, key_prefix, plan) VALUES (?1, ?1, ?1, 'enterprise')";
  for (const org of orgs) db.query(insertOrg).run(org);
  const insertApp = numbered("apps")
    ? `INSERT INTO apps (id, org_id, name, kind, number) VALUES (?1, ?2, ?1, 'web', ${next("apps")})`
    : "INSERT INTO apps (id, org_id, name, kind) VALUES (?1, ?2, ?1, 'web')";
  for (const app of apps) db.query(insertApp).run(app, orgs[0] ?? "org");
}

describe("sqlite storage", () => {
  test("the list indexes keep their pages full as feedbacks arrive in the order of their activity", async () => {
    const { path, store } = await storeWithApp();
    // Sent together, they are written in this order in shared commits, as a server under load writes them.
    await Promise.all(
      Array.from({ length: 2_000 }, (_, i) => {
        const at = 1_000 + i;
        const id = `fb-${String(i).padStart(5, "0")}`;
        return recordWithReport(store, {
          id,
          orgId: "org",
          appId: "app",
          title: `report ${i}`,
          kind: "problem",
          status: "triage",
          reports: 1,
          createdAt: at,
          lastActivityAt: at,
        });
      }),
    );
    await store.close();
    const db = new Database(path, { readonly: true });
    const fill = db
      .query<{ name: string; fill: number }, []>(
        "SELECT name, round(1.0 - 1.0 * sum(unused) / sum(pgsize), 2) AS fill FROM dbstat WHERE name LIKE 'feedbacks\\_%' ESCAPE '\\' AND name NOT LIKE 'feedbacks_by_feature' AND name NOT LIKE 'feedbacks_by_severity' AND name NOT LIKE 'feedbacks_by_tracker' AND name NOT LIKE 'feedbacks_by_ref' AND name NOT LIKE 'feedbacks_by_merged_into' AND name NOT LIKE 'feedbacks_by_owner' AND name NOT LIKE 'feedbacks_by_due' AND name NOT LIKE 'feedbacks_posted' AND name NOT LIKE 'feedbacks_posted_recent' GROUP BY name",
      )
      .all();
    db.close();
    expect(fill.map((f) => f.name).sort()).toEqual([
      "feedbacks_by_app",
      "feedbacks_by_kind",
      "feedbacks_by_reports",
      "feedbacks_by_revenue",
      "feedbacks_by_status",
      "feedbacks_by_urgency",
      "feedbacks_by_votes",
      "feedbacks_recent",
    ]);
    for (const index of fill) expect({ ...index, full: index.fill >= 0.75 }).toEqual({ ...index, full: true });
  });
});

describe("sqlite list plans", () => {
  test("every order and filter of a list is read from an index, backwards, from the page's position (or forwards from it, read back), sorting at most the feedbacks last active in one millisecond", async () => {
    const path = newStoreFile();
    const db = new Database(path, { readonly: true });
    const filters: FeedbackFilter[] = [
      { statuses: STATUSES },
      { statuses: ["triage"] },
      { statuses: ["triage"], appId: "app" },
      { statuses: STATUSES, kind: "idea" },
      { statuses: ["fixed"], severity: "P1" },
      { statuses: STATUSES, featureId: "feature" },
      { statuses: ["triage", "fixed"], due: { before: 5 } },
      { statuses: STATUSES, due: "set" },
      { statuses: STATUSES, due: "none" },
      { statuses: ["triage"], owner: null },
      { statuses: STATUSES, owner: null },
      { statuses: STATUSES, owner: "ann@x.io" },
      { statuses: ["triage", "fixed"], published: false },
      { statuses: STATUSES, published: true },
      { statuses: STATUSES, tag: "mobile" },
      { statuses: STATUSES, source: "api" },
      { statuses: STATUSES, source: "form" },
      { statuses: ["triage"], owner: null, published: false, kind: "idea", due: "none" },
    ];
    const plans = VALUE_ORDERS.flatMap((order) =>
      filters.flatMap((filter) =>
        (
          [
            [null, false],
            [{ value: 1, id: "fb" }, false],
            [{ value: 1, id: "fb" }, true],
          ] as const
        ).map(([after, back]) => {
          const { sql, params } = listQuery("org", filter, after, 21, order, undefined, back);
          const plan = db.query<{ detail: string }, SQLQueryBindings[]>(`EXPLAIN QUERY PLAN ${sql}`).all(...params);
          return { order, filter, after, back, plan: plan.map((step) => step.detail).join("; ") };
        }),
      ),
    );
    db.close();
    for (const { plan, ...list } of plans) {
      // The indexes in order of activity end at the millisecond: its ties are sorted by id as they are read.
      const read = {
        sortsAll: /TEMP B-TREE FOR ORDER BY/.test(plan),
        sortsTies: /TEMP B-TREE FOR LAST TERM OF ORDER BY/.test(plan),
        indexed: /USING INDEX/.test(plan),
        // Forwards, before the position; read back, from it on.
        fromPosition: (list.back ? /\)>=?\(\?,\?\)|last_activity_at>=?\?/ : /\)<\(\?,\?\)|last_activity_at<\?/).test(plan),
      };
      const expected = { sortsAll: false, sortsTies: list.order === "activity", indexed: true, fromPosition: list.after !== null };
      expect({ ...list, ...read }).toEqual({ ...list, ...expected });
    }
  });
});

describe("sqlite due order plans", () => {
  test("the due order reads the feedbacks due from their index in its order, from the page's due date (or back from it), with or without a status filter, sorting none", () => {
    const db = new Database(newStoreFile(), { readonly: true });
    for (const statuses of [STATUSES, statusesOf("open")]) {
      for (const due of ["set", { before: 5 }] as const) {
        for (const [from, back] of [
          [null, false],
          [{ value: 5, id: "fb" }, false],
          [{ value: 5, id: "fb" }, true],
          [null, true],
        ] as const) {
          const { sql, params } = datedQuery("org", { statuses, due }, from, 21, { back });
          const plan = db
            .query<{ detail: string }, SQLQueryBindings[]>(`EXPLAIN QUERY PLAN ${sql}`)
            .all(...params)
            .map((r) => r.detail);
          const read = { walks: plan[0]!.split(" (")[0], sorts: plan.some((step) => step.includes("TEMP B-TREE")) };
          expect({ statuses, due, from, back, ...read }).toEqual({
            statuses,
            due,
            from,
            back,
            walks: "SEARCH f USING INDEX feedbacks_by_due",
            sorts: false,
          });
        }
      }
    }
    db.close();
  });
});

describe("sqlite lookup plans", () => {
  test("a feedback is found by its key or its id through an index, never by reading every feedback", async () => {
    const path = newStoreFile();
    const db = new Database(path, { readonly: true });
    const plan = db
      .query<{ detail: string }, [string, string]>(`EXPLAIN QUERY PLAN ${FEEDBACK_BY_KEY_OR_ID}`)
      .all("org", "ORG-1")
      .map((step) => step.detail);
    db.close();
    expect(plan.filter((step) => / f\b/.test(step))).toEqual([
      "SEARCH f USING INDEX sqlite_autoindex_feedbacks_2 (org_number=? AND key=?)",
      "SEARCH f USING INDEX sqlite_autoindex_feedbacks_1 (id=?)",
    ]);
  });

  test("the feedbacks waiting pairs name are found by id, never by reading the organization's feedbacks", () => {
    const db = new Database(newStoreFile(), { readonly: true });
    const plan = db
      .query<{ detail: string }, [string, string]>(`EXPLAIN QUERY PLAN ${PAIR_SIDES}`)
      .all('["fb-1","fb-2"]', "org")
      .map((step) => step.detail);
    db.close();
    expect(plan.filter((step) => /feedbacks/.test(step))).toEqual(["SEARCH feedbacks USING INDEX sqlite_autoindex_feedbacks_1 (id=?)"]);
  });
});

describe("sqlite search plans", () => {
  /** An organization with `count` feedbacks, all saying "common" and every fiftieth also "rarest", one second apart. */
  async function searchable(count: number) {
    const { store } = await storeWithApp();
    await Promise.all(
      Array.from({ length: count }, (_, i) => {
        const message = `common probe ${i % 50 === 0 ? "rarest" : "plain"} ${i}`;
        const id = `fb-${String(i).padStart(5, "0")}`;
        const at = 1_000 + i;
        return recordWithReport(store, {
          id,
          orgId: "org",
          appId: "app",
          title: message,
          kind: "problem",
          status: "triage",
          reports: 1,
          createdAt: at,
          lastActivityAt: at,
        });
      }),
    );
    return store;
  }

  test("a word in every feedback (the list index walked) and in one in fifty (the matches read) give the same order, pages and counts", async () => {
    const store = await searchable(1_050);
    const triage = { statuses: ["triage" as const] };
    const page = await store.listFeedbacks("org", { ...triage, words: ["common"] }, null, 5);
    expect(page.map((f) => f.lastActivityAt)).toEqual([2_049, 2_048, 2_047, 2_046, 2_045]);
    const next = await store.listFeedbacks("org", { ...triage, words: ["common"] }, { value: 2_045, id: page.at(-1)!.id }, 2);
    expect(next.map((f) => f.lastActivityAt)).toEqual([2_044, 2_043]);
    const rare = await store.listFeedbacks("org", { ...triage, words: ["rarest"] }, null, 3);
    expect(rare.map((f) => f.lastActivityAt)).toEqual([2_000, 1_950, 1_900]);
    const rarePage = await store.listFeedbacks("org", { ...triage, words: ["rarest"] }, { value: 1_950, id: rare[1]!.id }, 1);
    expect(rarePage.map((f) => f.lastActivityAt)).toEqual([1_900]);
    expect(await store.countByStatus("org", { words: ["common"] })).toEqual({ triage: 1_050 });
    expect(await store.countByStatus("org", { words: ["rarest"] })).toEqual({ triage: 21 });
    expect(await store.countByStatus("org", { words: ["absent"] })).toEqual({});
    await store.close();
  });
});

describe("sqlite due order searches", () => {
  test("a page of the due order that reads both runs looks a search's words up in the vocabulary once", async () => {
    const { path, store } = await storeWithApp();
    for (const [i, id] of ["fb-1", "fb-2", "fb-3"].entries()) {
      const at = 1_000 + i;
      await recordWithReport(store, {
        id,
        orgId: "org",
        appId: "app",
        title: `probe ${i}`,
        kind: "problem",
        status: "triage",
        reports: 1,
        createdAt: at,
        lastActivityAt: at,
      });
    }
    await store.setTriageFields("org", "fb-1", { dueAt: 5_000 }, [], [], 1);
    await store.close();
    // A connection of its own, whose lookups in the vocabulary are counted.
    const db = openDatabase(path);
    let lookups = 0;
    const query = db.query.bind(db);
    db.query = ((sql: string) => {
      if (sql.includes("FROM search_vocabulary")) lookups++;
      return query(sql);
    }) as Database["query"];
    const feedbacks = feedbackStore(db, createWriteBatch(db));
    const search: FeedbackFilter = { statuses: STATUSES, words: ["probe"] };

    const page = await feedbacks.listFeedbacks("org", search, null, 3, "due");
    const forward = lookups;
    const back = await feedbacks.listFeedbacksUpTo("org", search, positionOf(page.at(-1)!, "due"), 3, "due");
    expect({ page: page.map((f) => f.id), back: back.map((f) => f.id), lookups: [forward, lookups - forward] }).toEqual({
      page: ["fb-1", "fb-3", "fb-2"],
      back: ["fb-2", "fb-3", "fb-1"],
      lookups: [1, 1],
    });
    db.close();
  });
});

describe("sqlite search plans, every filter and order", () => {
  const SEVERITIES = ["P0", "P1", undefined] as const;
  /** varied()'s store, seeded once for the describe: its bytes, and the feedbacks it holds. */
  let seeded: Promise<{ bytes: Uint8Array; records: readonly FeedbackRecord[] }> | undefined;

  /** A store of its own for each test, a copy of the one seeded once: seeding it costs more than most tests' reads. */
  async function varied() {
    seeded ??= seedVaried();
    const { bytes, records } = await seeded;
    const path = join(scratchDir("store"), "store.sqlite");
    writeFileSync(path, bytes);
    return { store: createSqliteStore(path), records, path };
  }

  /** 400 feedbacks: "probe" in all, "alpha" in one in two, "beta" in one in thirteen, "gamma" in one in ninety-seven. */
  async function seedVaried() {
    const path = newStoreFile();
    const store = createSqliteStore(path);
    await store.createOrganization({ id: "org", name: "Org", keyPrefix: "ORG", plan: "enterprise", quotaOverride: null });
    for (const app of ["app", "app2"]) await store.createApp({ id: app, orgId: "org", name: app, kind: "web" }, 50);
    const records: FeedbackRecord[] = [];
    const written: Promise<unknown>[] = [];
    for (let i = 0; i < 400; i++) {
      const words = ["probe", i % 2 ? "" : "alpha", i % 13 ? "" : "beta", i % 97 ? "" : "gamma"].filter(Boolean).join(" ");
      // Ids in another order than the writes: ties of last activity are broken by id, not by arrival.
      const id = `fb-${String((i * 151) % 400).padStart(4, "0")}`;
      // About three feedbacks per millisecond of last activity, so ties fall across pages.
      const at = 1_000 + ((i * 37) % 150);
      const feedback: FeedbackRecord = {
        id,
        orgId: "org",
        appId: i % 5 ? "app" : "app2",
        key: `ORG-${i + 1}`,
        title: `${words} ${i}`,
        kind: i % 3 ? "problem" : "idea",
        status: i % 4 ? "triage" : "prioritized",
        reports: 1 + (i % 6),
        createdAt: at,
        lastActivityAt: at,
      };
      const severity = SEVERITIES[i % 3];
      records.push(severity ? { ...feedback, severity } : feedback);
      written.push(recordWithReport(store, feedback));
    }
    // In this order, in shared commits.
    await Promise.all(written);
    // Severity comes later than the report, from the assistant or a person: as a second connection would write it.
    const db = new Database(path);
    for (const f of records) if (f.severity) db.query("UPDATE feedbacks SET severity = ? WHERE id = ?").run(f.severity, f.id);
    // The whole store as this connection reads it, its WAL's pages included.
    const bytes = db.serialize();
    db.close();
    await store.close();
    return { bytes, records };
  }

  test("both plans give every page of every query, filter and order as a plain filter and sort of the feedbacks would", async () => {
    const { store, records } = await varied();
    const all = { statuses: STATUSES };
    const filters: FeedbackFilter[] = [
      all,
      { ...all, kind: "idea" },
      { ...all, appId: "app2" },
      { ...all, severity: "P1" },
      { statuses: ["prioritized"] },
    ];
    // "1" and "2" start more words than a search expands (the numbers of titles and keys): their prefix is tested.
    // A hyphenated word's part, met by a word starting with its joined form or by one of its own forms: whole words and a prefix among them.
    const searches: NonNullable<FeedbackFilter["words"]>[] = [
      ["probe"],
      ["alpha"],
      ["beta"],
      ["gamma"],
      ["alpha", "beta"],
      ["absent"],
      ["1"],
      ["alpha", "2"],
      [{ joined: "alpha", part: "gamma" }],
      [{ joined: "2", part: "beta" }, "probe"],
    ];
    for (const order of FEEDBACK_ORDERS) {
      for (const filter of filters) {
        for (const words of searches) {
          const ids = await everyPage(store, "org", { ...filter, words }, order, 9);
          expect({ order, filter, words, ids }).toEqual({ order, filter, words, ids: plainly(records, { ...filter, words }, order) });
        }
      }
    }
    await store.close();
  });

  test("a list reads the feedbacks one of its filters keeps when it keeps few (a severity, a tag, the published, an owner's), the fewest of them; else it walks the order's index", async () => {
    const { store, records, path } = await varied();
    // One in forty is published, one in eight tagged "mobile", one in three has severity P1 (varied).
    for (const [i, f] of records.entries()) {
      if (i % 40 === 0) await store.publish({ feedbackId: f.id, orgId: "org", title: f.title, description: null, publishedAt: 1, words: f.title });
      if (i % 8 === 0) await store.setTriageFields("org", f.id, { tags: ["mobile"] }, [], [], 1);
    }
    await store.close();
    const db = new Database(path);
    const statuses = STATUSES;
    const from = (filter: Omit<FeedbackFilter, "statuses">, atMost: number) => narrowest(db, "org", { ...filter, statuses }, atMost)?.from;
    expect(from({ severity: "P1" }, 200)).toBe("feedbacks f INDEXED BY feedbacks_by_severity");
    expect(from({ severity: "P1" }, 100)).toBeUndefined();
    expect(from({ tag: "mobile" }, 60)).toContain("feedback_tags t");
    expect(from({ tag: "mobile" }, 40)).toBeUndefined();
    expect(from({ published: true }, 10)).toContain("publications p");
    expect(from({ published: true, tag: "mobile", severity: "P1" }, 1_000)).toContain("publications p");
    expect(from({ tag: "mobile", severity: "P1" }, 1_000)).toContain("feedback_tags t");
    expect(from({ kind: "idea", appId: "app2" }, 1_000)).toBe("feedbacks f INDEXED BY feedbacks_by_app");
    // The index of the equality that holds fewest, whatever the others: app2 holds one in five, P1 one in three.
    expect(from({ severity: "P1", appId: "app2" }, 1_000)).toBe("feedbacks f INDEXED BY feedbacks_by_app");
    // No feedback has an owner here: the owner's, none, are the fewest.
    expect(from({ owner: "ann@x.io", severity: "P1" }, 1_000)).toBe("feedbacks f INDEXED BY feedbacks_by_owner");
    // The index named is one a query with that filter reads, in any order, from the first page, a later one, or read back.
    for (const order of VALUE_ORDERS) {
      for (const [after, back] of [
        [null, false],
        [{ id: "f-9", value: 9 }, false],
        [{ id: "f-9", value: 9 }, true],
      ] as const) {
        const source = { from: "feedbacks f INDEXED BY feedbacks_by_severity", condition: null };
        const listed = listQuery("org", { statuses, severity: "P0" }, after, 50, order, source, back);
        // The due order's first run, read from the same source.
        const dated = datedQuery("org", { statuses, severity: "P0", due: "set" }, after, 50, { back, source });
        for (const { sql, params } of [listed, dated]) {
          const plan = db
            .query<{ detail: string }, SQLQueryBindings[]>(`EXPLAIN QUERY PLAN ${sql}`)
            .all(...params)
            .map((r) => r.detail);
          expect(plan[0]).toStartWith("SEARCH f USING INDEX feedbacks_by_severity (org_number=? AND severity=? AND status=?");
        }
      }
    }
    db.close();
  });

  test("the feedbacks of a tag, few (read from the tag's rows) or many (the order's index walked): every page, and the counts, as a plain filter would give them", async () => {
    const { store, records } = await varied();
    const tagsOf = (i: number) => [...(i % 40 === 0 ? ["billing"] : []), ...(i % 3 === 0 ? ["mobile"] : [])];
    for (const [i, f] of records.entries()) if (tagsOf(i).length > 0) await store.setTriageFields("org", f.id, { tags: tagsOf(i) }, [], [], 1);
    for (const tag of ["billing", "mobile", "absent"]) {
      const kept = records.filter((_, i) => tagsOf(i).includes(tag));
      for (const filter of [{ statuses: STATUSES }, { statuses: STATUSES, kind: "idea" }, { statuses: ["prioritized"] }] as FeedbackFilter[]) {
        for (const order of FEEDBACK_ORDERS) {
          const ids = await everyPage(store, "org", { ...filter, tag }, order, 9);
          expect({ tag, filter, order, ids }).toEqual({ tag, filter, order, ids: plainly(kept, filter, order) });
        }
        const { statuses: _, ...others } = filter;
        const plain: Record<string, number> = {};
        for (const f of kept.filter((k) => plainly([k], { ...filter, statuses: STATUSES }, "activity").length > 0))
          plain[f.status] = (plain[f.status] ?? 0) + 1;
        expect({ tag, filter, counts: await store.countByStatus("org", { ...others, tag }) }).toEqual({ tag, filter, counts: plain });
      }
    }
    await store.close();
  });

  test("the feedbacks due before a time or due at all, few (read from the due dates' index) or many (the order's index walked), and those without a due date: every page, and the counts, as a plain filter would give them", async () => {
    const { store, records, path } = await varied();
    // One in twenty-five due early (at 100 + i), one in three late (at 5,000 + i).
    const dueOf = (i: number) => (i % 25 === 0 ? 100 + i : i % 3 === 0 ? 5_000 + i : undefined);
    const dated = records.map((f, i) => {
      const dueAt = dueOf(i);
      return dueAt === undefined ? f : { ...f, dueAt };
    });
    for (const f of dated) if (f.dueAt !== undefined) await store.setTriageFields("org", f.id, { dueAt: f.dueAt }, [], [], 1);
    const db = new Database(path, { readonly: true });
    const few = { before: 300 } as const;
    expect(narrowest(db, "org", { statuses: STATUSES, due: few }, 42)?.from).toBe("feedbacks f INDEXED BY feedbacks_by_due");
    expect(narrowest(db, "org", { statuses: STATUSES, due: "set" }, 42)).toBeUndefined();
    db.close();
    for (const due of [few, "set", "none"] as const) {
      for (const filter of [{ statuses: STATUSES }, { statuses: ["prioritized"], kind: "idea" }] as FeedbackFilter[]) {
        for (const order of FEEDBACK_ORDERS) {
          const ids = await everyPage(store, "org", { ...filter, due }, order, 40);
          expect({ due, filter, order, ids }).toEqual({ due, filter, order, ids: plainly(dated, { ...filter, due }, order) });
        }
        const { statuses: _, ...others } = filter;
        const plain: Record<string, number> = {};
        for (const id of plainly(dated, { ...filter, due, statuses: STATUSES }, "activity")) {
          const status = dated.find((f) => f.id === id)!.status;
          plain[status] = (plain[status] ?? 0) + 1;
        }
        expect({ due, filter, counts: await store.countByStatus("org", { ...others, due }) }).toEqual({ due, filter, counts: plain });
      }
    }
    await store.close();
  });

  test("the feedbacks of an owner, few (read from the owners' index) or many (the order's index walked), of no one, and of an owner who has none: every page as a plain filter would give them", async () => {
    const { store, records, path } = await varied();
    // Ann owns one in forty, Bob one in three.
    const ownerOf = (i: number) => (i % 40 === 0 ? "ann@x.io" : i % 3 === 0 ? "bob@x.io" : null);
    for (const [i, f] of records.entries()) {
      const owner = ownerOf(i);
      if (owner) await store.setTriageFields("org", f.id, { owner }, [], [], 1);
    }
    const db = new Database(path, { readonly: true });
    expect(narrowest(db, "org", { statuses: STATUSES, owner: "ann@x.io" }, 42)?.from).toBe("feedbacks f INDEXED BY feedbacks_by_owner");
    expect(narrowest(db, "org", { statuses: STATUSES, owner: "bob@x.io" }, 42)).toBeUndefined();
    db.close();
    for (const owner of ["ann@x.io", "bob@x.io", null, "nobody@x.io"]) {
      const kept = records.filter((_, i) => ownerOf(i) === owner);
      for (const filter of [{ statuses: STATUSES }, { statuses: ["prioritized"], kind: "idea" }] as FeedbackFilter[]) {
        for (const order of FEEDBACK_ORDERS) {
          const ids = await everyPage(store, "org", { ...filter, owner }, order, 9);
          expect({ owner, filter, order, ids }).toEqual({ owner, filter, order, ids: plainly(kept, filter, order) });
        }
      }
    }
    await store.close();
  });

  test("the due order walks the due dates' index only so far before it reads the feedbacks its filter keeps, when few of them are due: from an owner's index, a kind's, a search's matches, or on through the due; every page as a plain sort would give it", async () => {
    const { store, records, path } = await varied();
    // Most odd ones are due (none of the ideas among them), and one in fifty: few ideas, few "alpha" (the even), a third of "beta", few of Ann's.
    const dueOf = (i: number) => ((i % 2 && i % 3) || i % 50 === 0 ? 100 + (i % 9) : undefined);
    const ann = (i: number) => i % 14 === 0;
    const dated = records.map((f, i) => {
      const dueAt = dueOf(i);
      return { ...f, ...(dueAt !== undefined && { dueAt }), ...(ann(i) && { owner: "ann@x.io" }) };
    });
    for (const f of dated)
      await store.setTriageFields("org", f.id, { ...(f.dueAt !== undefined && { dueAt: f.dueAt }), ...(f.owner && { owner: f.owner }) }, [], [], 1);
    const db = new Database(path, { readonly: true });
    const fewest = (filter: Omit<FeedbackFilter, "statuses">, words?: string[]) =>
      fewestDue(
        db,
        "org",
        { statuses: STATUSES, due: "set", ...filter },
        words?.map((w) => [{ words: [w] }]),
      ).from;
    expect(fewest({ owner: "ann@x.io" })).toBe("feedbacks f INDEXED BY feedbacks_by_owner");
    expect(fewest({ kind: "idea" })).toBe("feedbacks f INDEXED BY feedbacks_by_kind");
    expect(fewest({}, ["beta"])).toContain("temp.hits");
    // More feedbacks say "alpha" than are due, and more are problems: the due are walked on.
    expect(fewest({}, ["alpha"])).toBe("feedbacks f INDEXED BY feedbacks_by_due");
    expect(fewest({ kind: "problem" })).toBe("feedbacks f INDEXED BY feedbacks_by_due");
    db.close();
    const filters: FeedbackFilter[] = [
      { statuses: STATUSES, owner: "ann@x.io" },
      { statuses: STATUSES, kind: "idea" },
      { statuses: STATUSES, words: ["alpha"] },
      { statuses: STATUSES, words: ["beta"] },
      { statuses: ["triage"], kind: "idea", words: ["alpha"] },
      { statuses: STATUSES, kind: "problem" },
    ];
    for (const filter of filters) {
      const { owner, ...plain } = filter;
      const kept = dated.filter((f) => owner === undefined || f.owner === owner);
      for (const size of [3, 21]) {
        const ids = await everyPage(store, "org", filter, "due", size);
        expect({ filter, size, ids }).toEqual({ filter, size, ids: plainly(kept, plain, "due") });
      }
    }
    await store.close();
  });

  test("the portal's posts, few (read from their index and sorted) or many (the order's index walked), all or to review: every page in every order as a plain filter would give them", async () => {
    const { store, records, path } = await varied();
    const posted = new Set<string>();
    const published = new Set(records.filter((_, i) => i % 6 === 0).map((f) => f.id));
    for (const id of published) await store.publish({ feedbackId: id, orgId: "org", title: id, description: null, publishedAt: 1, words: id });
    // A second connection moves reports to the portal's source, as a report from there would have come.
    const db = new Database(path);
    for (const share of [40, 3]) {
      // First one in forty is posted (few: read from their index), then one in three (many).
      for (const [i, f] of records.entries()) {
        if (i % share !== 0 || posted.has(f.id)) continue;
        db.query("UPDATE reports SET source = 'portal' WHERE id = ?").run(`r-${f.id}`);
        posted.add(f.id);
      }
      expect(postsSource(db, "org", STATUSES, 42).from).toBe(share === 40 ? "feedbacks f INDEXED BY feedbacks_posted_recent" : "feedbacks f");
      for (const review of [false, true]) {
        const kept = records.filter((f) => posted.has(f.id) && !(review && published.has(f.id)));
        for (const filter of [{ statuses: STATUSES }, { statuses: ["prioritized"], kind: "idea" }] as FeedbackFilter[]) {
          for (const order of FEEDBACK_ORDERS) {
            const asked = { ...filter, source: "portal", ...(review && { published: false }) };
            const ids = await everyPage(store, "org", asked, order, 9);
            expect({ share, review, filter, order, ids }).toEqual({ share, review, filter, order, ids: plainly(kept, filter, order) });
          }
        }
      }
    }
    db.close();
    await store.close();
  });

  test("the feedbacks of an owner and the unassigned ones are counted as a plain count would, with the other filters", async () => {
    const { store, records } = await varied();
    const owners = ["ann@x.io", "bob@x.io", undefined, undefined, undefined] as const;
    const ownerOf = (i: number) => owners[i % owners.length];
    for (const [i, f] of records.entries()) {
      const owner = ownerOf(i);
      if (owner) await store.setTriageFields("org", f.id, { owner }, [], [], 1);
    }
    for (const owner of ["ann@x.io", null] as const) {
      for (const filter of [
        {},
        { kind: "idea" },
        { severity: "P1" },
        { appId: "app2" },
        { words: ["alpha"] },
        { words: ["bet"], kind: "idea" },
      ] as const) {
        const plain: Record<string, number> = {};
        for (const [i, f] of records.entries()) {
          if ((ownerOf(i) ?? null) !== owner || !plainly([f], { statuses: STATUSES, ...filter }, "activity").length) continue;
          plain[f.status] = (plain[f.status] ?? 0) + 1;
        }
        expect({ owner, filter, counts: await store.countByStatus("org", { ...filter, owner }) }).toEqual({ owner, filter, counts: plain });
      }
    }
    await store.close();
  });

  test("the published feedbacks, few (read from their publications) or many (the order's index walked), and the others: every page, and the counts, as a plain filter would give them", async () => {
    const { store, records } = await varied();
    const published = new Set<string>();
    for (const share of [80, 3]) {
      // First one in eighty is published (few: their publications are read), then one in three (many).
      for (const [i, f] of records.entries()) {
        if (i % share !== 0 || published.has(f.id)) continue;
        await store.publish({ feedbackId: f.id, orgId: "org", title: f.title, description: null, publishedAt: 1, words: f.title });
        published.add(f.id);
      }
      for (const shown of [true, false]) {
        const kept = records.filter((f) => published.has(f.id) === shown);
        for (const filter of [
          { statuses: STATUSES },
          { statuses: STATUSES, kind: "idea" },
          { statuses: STATUSES, severity: "P1" },
        ] as FeedbackFilter[]) {
          for (const order of FEEDBACK_ORDERS) {
            const ids = await everyPage(store, "org", { ...filter, published: shown }, order, 9);
            expect({ share, shown, filter, order, ids }).toEqual({ share, shown, filter, order, ids: plainly(kept, filter, order) });
          }
          const { statuses: _, ...counted } = filter;
          const plain: Record<string, number> = {};
          for (const id of plainly(kept, filter, "activity")) {
            const status = records.find((f) => f.id === id)!.status;
            plain[status] = (plain[status] ?? 0) + 1;
          }
          expect({ share, shown, filter, counts: await store.countByStatus("org", { ...counted, published: shown }) }).toEqual({
            share,
            shown,
            filter,
            counts: plain,
          });
        }
      }
    }
    await store.close();
  });
});

describe("sqlite search migration", () => {
  test("a store made with one search document per report finds the same feedbacks by the same words once migrated", async () => {
    const { path, old } = storeBefore("search-in-activity-order");
    catalog(old, ["org"], ["app"]);
    const feedback = old.query(
      "INSERT INTO feedbacks (id, org_id, app_id, key, title, kind, status, reports, created_at, last_activity_at, merged_into) VALUES (?, 'org', 'app', ?, ?, 'problem', 'triage', 1, 1, ?, ?)",
    );
    const document = (feedbackId: string, text: string) => {
      const rowid = old.query("INSERT INTO search (body) VALUES (?)").run(text).lastInsertRowid;
      old.query("INSERT INTO search_docs (rowid, feedback_id, kind) VALUES (?, ?, 'feedback')").run(rowid, feedbackId);
    };
    feedback.run("a", "ORG-1", "Checkout fails", 10, null);
    document("a", "ORG-1 Checkout fails\nThe payment page stays blank on Safari");
    feedback.run("b", "ORG-2", "Dark mode", 20, null);
    document("b", "ORG-2 Dark mode\nPlease add a dark mode");
    // A merged feedback's documents answer for its survivor.
    feedback.run("c", "ORG-3", "Café crashes", 30, "a");
    document("a", "ORG-3 Café crashes\nThe app crashes at the café");
    old.close();
    const store = createSqliteStore(path);
    const found = async (...words: string[]) => (await store.listFeedbacks("org", { statuses: STATUSES, words }, null, 10)).map((f) => f.id);
    expect(await found("safari")).toEqual(["a"]);
    expect(await found("cafe", "payment")).toEqual(["a"]);
    expect(await found("dark")).toEqual(["b"]);
    expect(await found("org")).toEqual(["b", "a"]);
    expect(await found("nothing")).toEqual([]);
    expect(await store.countByStatus("org", { words: ["crash"] })).toEqual({ triage: 1 });
    await store.close();
    const tables = new Database(path).query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE name IN ('search', 'search_docs')").all();
    expect(tables).toEqual([]);
  });
});

describe("sqlite hyphenated words migration", () => {
  test("a store made before hyphenated words were joined finds an old e-mail feedback by email once migrated, and still by mail", async () => {
    const { path, old } = storeBefore("hyphenated-words");
    catalog(old, ["org"], ["app"]);
    const feedback = (ref: number, title: string, merged: string | null = null) =>
      old
        .query(
          `INSERT INTO feedbacks (ref, id, org_number, app_number, key, title, kind, status, reports, created_at, last_activity_at, merged_into)
           VALUES (?1, 'f' || ?1, 1, 1, 'ORG-' || ?1, ?2, 'problem', 'triage', 1, ?1, ?1, ?3)`,
        )
        .run(ref, title, merged);
    const report = (id: string, ref: number, message: string) =>
      old
        .query(
          "INSERT INTO reports (id, feedback_ref, source, body, language, conversation, status_token_hash, at) VALUES (?, ?, 'api', ?, 'en', '[]', 'h', 1)",
        )
        .run(id, ref, JSON.stringify({ kind: "problem", message, author: {} }));
    // Words as the release before wrote them: a hyphenated word's parts only.
    const words = (ref: number, text: string) => {
      old.query(`INSERT INTO feedback_words (doc, feedback_ref, words) VALUES (${newDoc("?1")}, ?2, ?3)`).run(ref, ref, text);
      old.query("INSERT OR IGNORE INTO search_vocabulary (word) SELECT value FROM json_each(?)").run(JSON.stringify(text.split(" ")));
    };
    feedback(1, "No e-mail after sign-in");
    report("r1", 1, "The e-mail never arrives");
    words(1, "org 1 no e mail after sign in the never arrives");
    // Feedback 2 was merged into 3, which holds its report now and answers for its words.
    feedback(2, "Order page blank", "f3");
    feedback(3, "Checkout blank");
    report("r2", 3, "The pre-order page is blank");
    report("r3", 3, "Checkout blank");
    words(2, "org 2 order page blank the pre is");
    words(3, "org 3 checkout blank 2 order page the pre is");
    old
      .query(
        `INSERT INTO merges (id, org_id, app_id, source_id, target_id, at, report_ids, added_followers, target_before, target_after)
         VALUES ('m', 'org', 'app', 'f2', 'f3', 3, '["r2"]', '[]', '{}', '{}')`,
      )
      .run();
    old
      .query(
        `INSERT INTO publications (feedback_id, org_id, title, description, published_at, words, status, kind, app_id, reports, created_at, last_activity_at, listed)
         VALUES ('f1', 'org', 'E-mail never sent', NULL, 1, 'org 1 e mail never sent', 'triage', 'problem', 'app', 1, 1, 1, 1)`,
      )
      .run();
    old.close();
    const store = createSqliteStore(path);
    const found = async (query: string) =>
      (await store.listFeedbacks("org", { statuses: STATUSES, words: searchWords(query) }, null, 10)).map((f) => f.id);
    expect(await found("email")).toEqual(["f1"]);
    expect(await found("signin")).toEqual(["f1"]);
    expect(await found("mail")).toEqual(["f1"]);
    expect(await found("preorder")).toEqual(["f3"]);
    expect(await store.countByStatus("org", { words: searchWords("email") })).toEqual({ triage: 1 });
    const published = await store.listPublished("org", { statuses: STATUSES, words: searchWords("email") }, null, 10, "new");
    expect(published.map((p) => p.feedback.id)).toEqual(["f1"]);
    await store.close();
    // The merged feedback is found by its report's joined word too once an unmerge gives it back.
    const merged = new Database(path).query<{ words: string }, []>("SELECT words FROM feedback_words WHERE feedback_ref = 2").get()!;
    expect(merged.words.split(" ")).toContain("preorder");
  });
});

describe("sqlite inbox counters", () => {
  const counted = (db: Database) =>
    db
      .query<{ k: string; n: number }, []>(
        "SELECT org_id || '/' || app_id || '/' || kind || '/' || severity || '/' || feature_id || '/' || status AS k, n FROM feedback_counts WHERE n > 0 ORDER BY k",
      )
      .all();
  const recount = (db: Database) =>
    db
      .query<{ k: string; n: number }, []>(
        `SELECT o.id || '/' || a.id || '/' || f.kind || '/' || coalesce(f.severity, '') || '/' || coalesce(f.feature_id, '') || '/' || f.status AS k, count(*) AS n
         FROM feedbacks f JOIN organizations o ON o.number = f.org_number JOIN apps a ON a.number = f.app_number
         WHERE f.merged_into IS NULL GROUP BY k ORDER BY k`,
      )
      .all();
  type Fields = { app?: string; kind?: string; status?: string; merged?: string };
  /** A feedback of organization "org" written in a store made before feedbacks held numbers. */
  const insert = (db: Database, id: string, fields: Fields = {}) =>
    db
      .query(
        "INSERT INTO feedbacks (id, org_id, app_id, key, title, kind, status, reports, created_at, last_activity_at, merged_into) VALUES (?, 'org', ?, ?, 't', ?, ?, 1, 1, 1, ?)",
      )
      .run(id, fields.app ?? "app", `K-${id}`, fields.kind ?? "problem", fields.status ?? "triage", fields.merged ?? null);
  /** The same, in a store of today, whose feedbacks name their organization and app by number. */
  const insertNumbered = (db: Database, id: string, fields: Fields = {}) =>
    db
      .query(
        `INSERT INTO feedbacks (id, org_number, app_number, key, title, kind, status, reports, created_at, last_activity_at, merged_into)
         VALUES (?, (SELECT number FROM organizations WHERE id = 'org'), (SELECT number FROM apps WHERE id = ?), ?, 't', ?, ?, 1, 1, 1, ?)`,
      )
      .run(id, fields.app ?? "app", `K-${id}`, fields.kind ?? "problem", fields.status ?? "triage", fields.merged ?? null);

  test("the counts per status that triggers keep equal a count of the feedbacks after every kind of write", async () => {
    const path = newStoreFile();
    const db = new Database(path);
    catalog(db, ["org"], ["app", "other"]);
    for (let i = 0; i < 12; i++) insertNumbered(db, `f${i}`, { app: i % 2 ? "app" : "other", kind: i % 3 ? "problem" : "idea" });
    insertNumbered(db, "folded", { merged: "f1" });
    const writes = [
      "UPDATE feedbacks SET status = 'prioritized' WHERE id IN ('f1', 'f2', 'f3')",
      "UPDATE feedbacks SET severity = 'P1' WHERE id IN ('f2', 'f4')",
      "UPDATE feedbacks SET feature_id = 'feat' WHERE id = 'f2'",
      "UPDATE feedbacks SET kind = 'idea', app_number = (SELECT number FROM apps WHERE id = 'other') WHERE id = 'f5'",
      "UPDATE feedbacks SET merged_into = 'f1' WHERE id = 'f3'",
      "UPDATE feedbacks SET merged_into = NULL, status = 'fixed' WHERE id = 'folded'",
      "UPDATE feedbacks SET last_activity_at = 9, reports = 3 WHERE id = 'f6'",
      "DELETE FROM feedbacks WHERE id IN ('f7', 'f3')",
    ];
    keptThroughWrites(db, writes, counted, recount);
    db.close();
  });

  test("a store made before the counters gets them from the feedbacks it holds", async () => {
    const { path, old } = storeBefore("feedback-counts");
    catalog(old, ["org"], ["app"]);
    for (let i = 0; i < 5; i++) insert(old, `f${i}`, { status: i < 2 ? "fixed" : "triage" });
    insert(old, "folded", { merged: "f0" });
    old.close();
    const store = createSqliteStore(path);
    expect(await store.countByStatus("org")).toEqual({ fixed: 2, triage: 3 });
    expect(await store.countByStatus("org", { appId: "elsewhere" })).toEqual({});
    await store.close();
  });
});

describe("sqlite portal posts", () => {
  const counted = (db: Database) =>
    db.query<{ id: string; n: number }, []>("SELECT id, portal_reports AS n FROM feedbacks WHERE portal_reports <> 0 ORDER BY id").all();
  const recount = (db: Database) =>
    db
      .query<{ id: string; n: number }, []>(
        "SELECT f.id, count(*) AS n FROM feedbacks f JOIN reports r ON r.feedback_ref = f.ref WHERE r.source = 'portal' GROUP BY f.id ORDER BY f.id",
      )
      .all();
  const feedback = (db: Database, id: string) =>
    db
      .query(
        `INSERT INTO feedbacks (id, org_number, app_number, key, title, kind, status, reports, created_at, last_activity_at)
         VALUES (?, (SELECT number FROM organizations WHERE id = 'org'), (SELECT number FROM apps WHERE id = 'app'), ?, 't', 'idea', 'triage', 1, 1, 1)`,
      )
      .run(id, `K-${id}`);
  const report = (db: Database, id: string, feedbackId: string, source: string) =>
    db
      .query(
        `INSERT INTO reports (id, feedback_ref, source, body, language, conversation, status_token_hash, at)
         VALUES (?, (SELECT ref FROM feedbacks WHERE id = ?), ?, '{}', 'en', '[]', x'00', 1)`,
      )
      .run(id, feedbackId, source);
  const into = (feedbackId: string) => `(SELECT ref FROM feedbacks WHERE id = '${feedbackId}')`;

  test("the portal reports each feedback holds, kept by triggers, equal a count of its reports after every kind of write", () => {
    const db = new Database(newStoreFile());
    catalog(db, ["org"], ["app"]);
    for (const id of ["a", "b", "c"]) feedback(db, id);
    report(db, "r1", "a", "portal");
    report(db, "r2", "a", "api");
    report(db, "r3", "b", "portal");
    report(db, "r4", "b", "portal");
    const writes = [
      `UPDATE reports SET feedback_ref = ${into("c")} WHERE id = 'r3'`,
      `UPDATE reports SET feedback_ref = ${into("a")} WHERE id IN ('r2', 'r4')`,
      `UPDATE reports SET feedback_ref = feedback_ref WHERE id = 'r1'`,
      "UPDATE reports SET source = 'api' WHERE id = 'r4'",
      `UPDATE reports SET source = 'portal', feedback_ref = ${into("b")} WHERE id = 'r2'`,
      `UPDATE reports SET source = 'form', feedback_ref = ${into("c")} WHERE id = 'r2'`,
      "UPDATE reports SET source = 'portal' WHERE id = 'r4'",
      "DELETE FROM reports WHERE id = 'r1'",
      `UPDATE reports SET feedback_ref = ${into("b")}`,
      "DELETE FROM reports",
    ];
    keptThroughWrites(db, writes, counted, recount);
    expect(counted(db)).toEqual([]);
    db.close();
  });

  test("the inbox counts the portal's posts to review from their own index, without reading a feedback", () => {
    const db = new Database(newStoreFile());
    const { sql, params } = countQuery("org", { source: "portal", published: false });
    const plan = db
      .query<{ detail: string }, SQLQueryBindings[]>(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...params)
      .map((r) => r.detail);
    expect(plan).toContain("SEARCH f USING COVERING INDEX feedbacks_posted (org_number=? AND status=?)");
    db.close();
  });

  test("the feedbacks due before a day, or due at all, are counted from the due dates' index alone", () => {
    const db = new Database(newStoreFile());
    for (const due of [{ before: 5 }, "set"] as const) {
      const source = narrowest(db, "org", { statuses: STATUSES, due }, Number.POSITIVE_INFINITY);
      const { sql, params } = countQuery("org", { due }, source);
      const plan = db
        .query<{ detail: string }, SQLQueryBindings[]>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((r) => r.detail);
      expect(plan[0]).toStartWith(`SEARCH f USING COVERING INDEX feedbacks_by_due (org_number=? AND due_at${due === "set" ? ">" : "<"}?)`);
    }
    db.close();
  });

  test("a search's counts with a filter the counters do not hold read its full-text matches, not every feedback", () => {
    const db = new Database(newStoreFile());
    for (const filter of [
      { owner: null },
      { owner: "ann@x.io" },
      { tag: "mobile" },
      { published: false },
      { due: "none" },
      { source: "form" },
    ] as const) {
      const { sql, params } = countQuery("org", filter, countedFrom("org", filter, [[{ words: ["checkout"] }]]));
      const plan = db
        .query<{ detail: string }, SQLQueryBindings[]>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((r) => r.detail);
      expect({ filter, plan: plan.slice(0, 3) }).toEqual({
        filter,
        plan: ["SCAN s VIRTUAL TABLE INDEX 0:M1", "SEARCH w USING INTEGER PRIMARY KEY (rowid=?)", "SEARCH f USING INTEGER PRIMARY KEY (rowid=?)"],
      });
    }
    db.close();
  });

  test("the feedbacks of one owner are counted from the owner's index alone", () => {
    const db = new Database(newStoreFile());
    const { sql, params } = countQuery("org", { owner: "ann@x.io" });
    const plan = db
      .query<{ detail: string }, SQLQueryBindings[]>(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...params)
      .map((r) => r.detail);
    expect(plan[0]).toStartWith("SEARCH f USING COVERING INDEX feedbacks_by_owner (org_number=? AND owner=?)");
    db.close();
  });

  test("a page of the portal's posts to review, in the inbox's order, is read in that order from their own index, with no sort", () => {
    const db = new Database(newStoreFile());
    const review = { statuses: statusesOf("open"), source: "portal", published: false } as const;
    for (const after of [null, { id: "f-9", value: 9 }]) {
      const { sql, params } = listQuery("org", review, after, 50, "activity");
      const plan = db
        .query<{ detail: string }, SQLQueryBindings[]>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((r) => r.detail);
      expect(plan[0]).toStartWith("SEARCH f USING INDEX feedbacks_posted_recent (org_number=?");
      expect(plan.filter((step) => step.includes("TEMP B-TREE"))).toEqual([]);
    }
    db.close();
  });

  test("a page of the portal's posts in another order, when they are many, walks that order's index from the page's position, with no sort", () => {
    const db = new Database(newStoreFile());
    const review = { statuses: statusesOf("open"), source: "portal", published: false } as const;
    const walked = { from: "feedbacks f", condition: null };
    for (const order of VALUE_ORDERS.filter((o) => o !== "activity")) {
      for (const [after, back] of [
        [null, false],
        [{ id: "f-9", value: 9 }, false],
        [{ id: "f-9", value: 9 }, true],
      ] as const) {
        const { sql, params } = listQuery("org", review, after, 21, order, walked, back);
        const plan = db
          .query<{ detail: string }, SQLQueryBindings[]>(`EXPLAIN QUERY PLAN ${sql}`)
          .all(...params)
          .map((r) => r.detail);
        const index = { reports: "reports", severity: "urgency", votes: "votes", revenue: "revenue" }[order];
        expect({ order, after, back, plan: plan[0] }).toEqual({
          order,
          after,
          back,
          plan: `SEARCH f USING INDEX feedbacks_by_${index} (org_number=?${after ? ` AND (${index},id)${back ? ">" : "<"}(?,?)` : ""})`,
        });
        expect(plan.filter((step) => step.includes("TEMP B-TREE"))).toEqual([]);
      }
    }
    db.close();
  });

  test("a store made before feedbacks counted their portal reports lists and counts the posts it holds once migrated", async () => {
    const { path, old } = storeBefore("portal-posted");
    catalog(old, ["org"], ["app"]);
    for (const id of ["a", "b"]) feedback(old, id);
    report(old, "r1", "a", "portal");
    report(old, "r2", "a", "portal");
    report(old, "r3", "b", "api");
    old.close();
    const store = createSqliteStore(path);
    const posted = { statuses: ["triage" as const], source: "portal" as const, published: false };
    expect((await store.listFeedbacks("org", posted, null, 10)).map((f) => f.id)).toEqual(["a"]);
    expect(await store.countByStatus("org", { source: "portal", published: false })).toEqual({ triage: 1 });
    await store.close();
  });
});

describe("sqlite feedback tags", () => {
  const kept = (db: Database) => ({
    rows: db
      .query<{ k: string }, []>(
        "SELECT t.org_number || '/' || f.id || '/' || t.tag || '/' || t.status || '/' || t.last_activity_at AS k FROM feedback_tags t JOIN feedbacks f ON f.ref = t.feedback_ref ORDER BY k",
      )
      .all(),
    counts: db
      .query<{ k: string; n: number }, []>(
        "SELECT org_number || '/' || tag || '/' || status AS k, n FROM feedback_tag_counts WHERE n <> 0 ORDER BY k",
      )
      .all(),
  });
  /** What the rows and counts must be: each tag of each feedback not merged, with its status and last activity. */
  const recount = (db: Database) => {
    const tagged = `SELECT DISTINCT f.org_number, f.id, j.value AS tag, f.status, f.last_activity_at FROM feedbacks f, json_each(f.tags) j
      WHERE f.tags IS NOT NULL AND f.merged_into IS NULL`;
    return {
      rows: db
        .query<{ k: string }, []>(
          `SELECT org_number || '/' || id || '/' || tag || '/' || status || '/' || last_activity_at AS k FROM (${tagged}) ORDER BY k`,
        )
        .all(),
      counts: db
        .query<{ k: string; n: number }, []>(
          `SELECT org_number || '/' || tag || '/' || status AS k, count(*) AS n FROM (${tagged}) GROUP BY k ORDER BY k`,
        )
        .all(),
    };
  };
  const feedback = (db: Database, id: string, tags: string | null) =>
    db
      .query(
        `INSERT INTO feedbacks (id, org_number, app_number, key, title, kind, status, reports, created_at, last_activity_at, tags)
         VALUES (?, (SELECT number FROM organizations WHERE id = 'org'), (SELECT number FROM apps WHERE id = 'app'), ?, 't', 'idea', 'triage', 1, 1, 1, ?)`,
      )
      .run(id, `K-${id}`, tags);

  test("the rows of the feedbacks' tags, kept by triggers, equal each feedback's tags after every kind of write", () => {
    const db = new Database(newStoreFile());
    catalog(db, ["org", "other"], ["app"]);
    feedback(db, "a", '["billing","mobile"]');
    feedback(db, "b", null);
    feedback(db, "c", '["mobile","mobile"]');
    const writes = [
      `UPDATE feedbacks SET tags = '["billing"]' WHERE id = 'b'`,
      "UPDATE feedbacks SET status = 'fixed' WHERE id IN ('a', 'b')",
      "UPDATE feedbacks SET last_activity_at = 9 WHERE id = 'c'",
      `UPDATE feedbacks SET tags = '["ios"]', status = 'prioritized' WHERE id = 'a'`,
      "UPDATE feedbacks SET merged_into = 'a' WHERE id = 'c'",
      "UPDATE feedbacks SET last_activity_at = 12 WHERE id = 'c'",
      "UPDATE feedbacks SET merged_into = NULL WHERE id = 'c'",
      "UPDATE feedbacks SET tags = NULL WHERE id = 'a'",
      "UPDATE feedbacks SET title = 'other', reports = 2 WHERE id = 'b'",
      "UPDATE feedbacks SET org_number = (SELECT number FROM organizations WHERE id = 'other') WHERE id = 'b'",
      "DELETE FROM feedbacks WHERE id = 'b'",
    ];
    keptThroughWrites(db, writes, kept, recount);
    expect(kept(db).counts.length).toBeGreaterThan(0);
    db.close();
  });

  test("a store made before the tags had rows of their own lists and counts the feedbacks of a tag once migrated", async () => {
    const { path, old } = storeBefore("feedback-tags");
    catalog(old, ["org"], ["app"]);
    feedback(old, "a", '["billing","mobile"]');
    feedback(old, "b", '["mobile"]');
    feedback(old, "c", null);
    old.close();
    const store = createSqliteStore(path);
    const ids = async (tag: string) => (await store.listFeedbacks("org", { statuses: ["triage"], tag }, null, 10)).map((f) => f.id).sort();
    expect([await ids("billing"), await ids("mobile")]).toEqual([["a"], ["a", "b"]]);
    expect(await store.countByStatus("org", { tag: "mobile" })).toEqual({ triage: 2 });
    await store.close();
  });
});

describe("sqlite changelog links", () => {
  test("the entries linking feedbacks are read from their links, not from the organization's entries", () => {
    const db = new Database(newStoreFile());
    const plan = db
      .query<{ detail: string }, [string, string]>(`EXPLAIN QUERY PLAN ${ENTRIES_LINKING}`)
      .all("fb", "org")
      .map((r) => r.detail);
    expect(plan.filter((step) => step.includes("changelog_by_org") || step.startsWith("SCAN changelog_entries"))).toEqual([]);
    expect(plan).toContain("SEARCH changelog_links USING PRIMARY KEY (feedback_id=?)");
    db.close();
  });

  const linked = (db: Database) =>
    db.query<{ f: string; e: string }, []>("SELECT feedback_id AS f, entry_id AS e FROM changelog_links ORDER BY f, e").all();
  /** What the links must be: each entry's list, a feedback once per entry however often it is listed. */
  const relink = (db: Database) =>
    db
      .query<{ f: string; e: string }, []>(
        "SELECT DISTINCT j.value AS f, e.id AS e FROM changelog_entries e, json_each(e.feedback_ids) j ORDER BY f, e",
      )
      .all();
  const entry = (db: Database, id: string, ids: readonly string[], org = "org") =>
    db
      .query(
        `INSERT INTO changelog_entries (id, org_id, title, body, status, published_at, feedback_ids, created_at, updated_at)
         VALUES (?, ?, ?, '', 'draft', NULL, ?, 1, 1)`,
      )
      .run(id, org, id, JSON.stringify(ids));

  test("the links that triggers keep equal each entry's list of feedbacks after every kind of write", () => {
    const db = new Database(newStoreFile());
    entry(db, "e1", ["a", "b"]);
    entry(db, "e2", ["b", "c", "b"]);
    entry(db, "e3", []);
    const writes = [
      `UPDATE changelog_entries SET feedback_ids = '["b","a"]' WHERE id = 'e1'`,
      `UPDATE changelog_entries SET title = 'Renamed', feedback_ids = feedback_ids WHERE id = 'e2'`,
      `UPDATE changelog_entries SET feedback_ids = '["d","d","a"]' WHERE id = 'e3'`,
      `UPDATE changelog_entries SET org_id = 'other' WHERE id = 'e1'`,
      `UPDATE changelog_entries SET status = 'published', published_at = 5, feedback_ids = '["c"]' WHERE id = 'e2'`,
      "DELETE FROM changelog_entries WHERE id = 'e1'",
      `UPDATE changelog_entries SET feedback_ids = '[]' WHERE id = 'e3'`,
      "DELETE FROM changelog_entries",
    ];
    keptThroughWrites(db, writes, linked, relink);
    expect(linked(db)).toEqual([]);
    db.close();
  });

  test("a store made before changelog links names, for each feedback, the entries that linked it then, and follows the entries after", async () => {
    const { path, old } = storeBefore("changelog-links");
    const insert = old.query(
      `INSERT INTO changelog_entries (id, org_id, title, body, status, published_at, feedback_ids, created_at, updated_at)
       VALUES (?, 'org', ?, '', ?, ?, ?, 1, 1)`,
    );
    insert.run("shipped", "Shipped", "published", 5, JSON.stringify(["a", "b", "a"]));
    insert.run("draft", "Draft", "draft", null, JSON.stringify(["a"]));
    old.close();
    const store = createSqliteStore(path);
    expect(await store.entriesLinking("org", "a")).toEqual([
      { id: "draft", title: "Draft", status: "draft" },
      { id: "shipped", title: "Shipped", status: "published" },
    ]);
    expect(await store.entriesLinking("org", "b")).toEqual([{ id: "shipped", title: "Shipped", status: "published" }]);
    const draft = (await store.findEntry("org", "draft"))!;
    await store.updateEntry({ ...draft, feedbackIds: ["c"] });
    await store.createEntry({ ...draft, id: "later", title: "Later", feedbackIds: ["a"] });
    expect([await store.entriesLinking("org", "a"), await store.entriesLinking("org", "c")]).toEqual([
      [
        { id: "later", title: "Later", status: "draft" },
        { id: "shipped", title: "Shipped", status: "published" },
      ],
      [{ id: "draft", title: "Draft", status: "draft" }],
    ]);
    await store.close();
  });
});

describe("sqlite schema upgrades", () => {
  test("an existing store is announced once, before its schema is upgraded; a new or current one is not", async () => {
    const upgrades: Array<{ from: number; to: number }> = [];
    const onUpgrade = (schema: { from: number; to: number }) => upgrades.push(schema);
    const { path, old, version } = storeBefore("organization-numbers");
    old.close();
    await createSqliteStore(path, { onUpgrade }).close();
    await createSqliteStore(path, { onUpgrade }).close();
    await createSqliteStore(join(scratchDir("store"), "new.sqlite"), { onUpgrade }).close();
    expect(upgrades).toEqual([{ from: version, to: MIGRATIONS.length }]);
  });

  test("an upgrade is told once it is done, with its versions and the milliseconds it took; a new or current store is not", async () => {
    const done: Array<{ schema: { from: number; to: number }; ms: number }> = [];
    const onUpgraded = (schema: { from: number; to: number }, ms: number) => done.push({ schema, ms });
    const { path, old, version } = storeBefore("organization-numbers");
    old.close();
    await createSqliteStore(path, { onUpgraded }).close();
    await createSqliteStore(path, { onUpgraded }).close();
    await createSqliteStore(join(scratchDir("store"), "new.sqlite"), { onUpgraded }).close();
    expect(done).toEqual([{ schema: { from: version, to: MIGRATIONS.length }, ms: expect.any(Number) }]);
    expect(done[0]!.ms).toBeGreaterThanOrEqual(0);
  });
});

describe("sqlite organization numbers migration", () => {
  test("a store made before organizations were numbered lists each organization's own feedbacks once migrated, and numbers new ones after", async () => {
    const { path, old } = storeBefore("organization-numbers");
    catalog(old, ["a", "b"], ["app"]);
    const feedbacks: Array<[id: string, org: string, activity: number]> = [
      ["a1", "a", 1],
      ["b1", "b", 2],
      ["a2", "a", 3],
    ];
    for (const [id, org, activity] of feedbacks)
      old
        .query(
          "INSERT INTO feedbacks (id, org_id, app_id, key, title, kind, status, reports, created_at, last_activity_at) VALUES (?, ?, 'app', ?, 't', 'problem', 'triage', 1, ?, ?)",
        )
        .run(id, org, `K-${id}`, activity, activity);
    old.close();
    const store = createSqliteStore(path);
    const listed = async (org: string) => (await store.listFeedbacks(org, { statuses: STATUSES }, null, 10)).map((f) => f.id);
    expect(await listed("a")).toEqual(["a2", "a1"]);
    expect(await listed("b")).toEqual(["b1"]);
    await store.createOrganization({ id: "c", name: "C", keyPrefix: "C", plan: "enterprise", quotaOverride: null });
    expect(await listed("c")).toEqual([]);
    await store.close();
    const db = new Database(path, { readonly: true });
    expect(db.query("SELECT id, number FROM organizations ORDER BY number").all()).toEqual([
      { id: "a", number: 1 },
      { id: "b", number: 2 },
      { id: "c", number: 3 },
    ]);
    db.close();
  });
});

/** The grouping candidates in app "app" of organization "org" for the keys w:export and w:pdf. */
const exportOrPdf = (store: ReturnType<typeof createSqliteStore>, postingsPerKey: number) =>
  store.groupingCandidates({
    orgId: "org",
    appId: "app",
    keys: ["w:export", "w:pdf"],
    postingsPerKey,
    statuses: ["triage"],
    kinds: ["problem", "idea", "praise"],
    exclude: "none",
    limit: 10,
    oldest: 0,
  });

describe("sqlite grouping postings migration", () => {
  test("a store whose postings named apps and feedbacks by id offers the same candidates, most recent first, and exports the same postings once migrated", async () => {
    const { path, old } = storeBefore("grouping-postings-by-number");
    catalog(old, ["org"], ["app", "other"]);
    const feedback = old.query(
      "INSERT INTO feedbacks (id, org_id, app_id, key, title, kind, status, reports, created_at, last_activity_at) VALUES (?, 'org', ?, ?, ?, 'problem', 'triage', 1, 1, 1)",
    );
    const posted = (id: string, app: string, keys: string[]) => {
      old.query("INSERT INTO grouping_docs (feedback_id, app_id, text, vector) VALUES (?, ?, ?, NULL)").run(id, app, `text of ${id}`);
      for (const key of keys) old.query("INSERT INTO grouping_keys (app_id, key, feedback_id) VALUES (?, ?, ?)").run(app, key, id);
    };
    // Feedbacks are written in the order of their ids, as they come; their postings in another
    // order: the postings were read by id, most recent first, and are since by feedback.
    const arrivals: Array<[id: string, app: string]> = [
      ["fb-1", "app"],
      ["fb-2", "app"],
      ["fb-3", "app"],
      ["fb-9", "other"],
      ["fb-4", "app"],
    ];
    for (const [id, app] of arrivals) feedback.run(id, app, `ORG-${id}`, `about ${id}`);
    posted("fb-3", "app", ["w:export", "w:pdf"]);
    posted("fb-1", "app", ["w:export", "w:pdf"]);
    posted("fb-2", "app", ["w:export"]);
    posted("fb-9", "other", ["w:export", "w:pdf"]);
    old.close();
    const store = createSqliteStore(path);
    const candidates = (postingsPerKey: number) => exportOrPdf(store, postingsPerKey);
    expect((await candidates(10)).map((c) => c.id)).toEqual(["fb-3", "fb-1", "fb-2"]);
    expect(await candidates(1)).toEqual([{ id: "fb-3", text: "text of fb-3", own: true }]);
    await store.indexForGrouping("app", "fb-4", ["w:pdf"], "text of fb-4");
    expect((await candidates(1)).map((c) => c.id)).toEqual(["fb-4", "fb-3"]);
    await store.close();
    const source = sqliteSource(path);
    const exported = [];
    for (let position = START; ; ) {
      const batch = await source.read("grouping_keys", position, 2);
      if (batch.records.length === 0) break;
      exported.push(...batch.records.map((r) => r.key.join(" ")));
      position = batch.position;
    }
    source.close();
    expect(exported.sort()).toEqual(
      [
        "app w:export fb-1",
        "app w:export fb-2",
        "app w:export fb-3",
        "app w:pdf fb-1",
        "app w:pdf fb-3",
        "app w:pdf fb-4",
        "other w:export fb-9",
        "other w:pdf fb-9",
      ].sort(),
    );
  });
});

describe("sqlite reports on disk", () => {
  const sha256 = (text: string) => new Bun.CryptoHasher("sha256").update(text).digest("hex");
  const kept = (token: string) => trackingTokenHash(sha256, token);

  test("a tracking token's kept hash is stored as its 16 bytes and found as the hex the core compares; one kept as text before is found too", async () => {
    const { path, store } = await storeWithApp();
    const feedback = { orgId: "org", appId: "app", kind: "problem", status: "triage", reports: 1, createdAt: 1, lastActivityAt: 1 } as const;
    await recordWithReport(store, { ...feedback, id: "new", title: "kept as bytes" }, kept("new"));
    await recordWithReport(store, { ...feedback, id: "old", title: "kept as text" }, kept("old"));
    const db = new Database(path);
    db.query("UPDATE reports SET status_token_hash = ? WHERE id = 'r-old'").run(kept("old"));
    expect(db.query("SELECT id, typeof(status_token_hash) AS type, length(status_token_hash) AS length FROM reports ORDER BY id").all()).toEqual([
      { id: "r-new", type: "blob", length: 16 },
      { id: "r-old", type: "text", length: 32 },
    ]);
    db.close();
    expect((await store.findReportByStatusId("s-new"))?.tokenHash).toBe(kept("new"));
    expect((await store.findReportByStatusId("s-old"))?.tokenHash).toBe(kept("old"));
    await store.close();
  });

  test("whole SHA-256 hashes stored before, as bytes or as text, are cut to the 128 bits kept, which their tokens still match", async () => {
    const { path, old } = storeBefore("tracking-hashes-128-bits");
    catalog(old, ["org"], ["app"]);
    old.exec(
      "INSERT INTO feedbacks (id, org_number, app_number, key, title, kind, status, reports, created_at, last_activity_at) VALUES ('fb', 1, 1, 'ORG-1', 't', 'problem', 'triage', 2, 1, 1)",
    );
    const report = old.query(
      `INSERT INTO reports (id, feedback_ref, source, body, language, conversation, status_token_hash, at)
       VALUES (?, 1, 'api', '{"kind":"problem","message":"m","author":{}}', 'en', '[]', ?, 1)`,
    );
    report.run("bytes", Buffer.from(sha256("bytes"), "hex"));
    report.run("text", sha256("text"));
    old.close();
    const store = createSqliteStore(path);
    for (const token of ["bytes", "text"]) {
      const found = await store.findReportByStatusId(token);
      expect({ token, kept: found?.tokenHash, matches: isTrackingToken(sha256, token, found?.tokenHash ?? "") }).toEqual({
        token,
        kept: kept(token),
        matches: true,
      });
    }
    await store.close();
    const db = new Database(path, { readonly: true });
    expect(db.query("SELECT id, typeof(status_token_hash) AS type, length(status_token_hash) AS length FROM reports ORDER BY id").all()).toEqual([
      { id: "bytes", type: "blob", length: 16 },
      { id: "text", type: "text", length: 32 },
    ]);
    db.close();
  });
});

describe("sqlite outbox migration", () => {
  test("a store made before the outbox kept only what is read keeps its status changes and the events still to deliver", async () => {
    const { path, old } = storeBefore("outbox-trimmed");
    const event = old.query("INSERT INTO events (id, org_id, feedback_id, type, previous_status, created_at) VALUES (?, 'org', 'fb', ?, ?, ?)");
    event.run("created", "feedback.created", null, 1);
    event.run("created-for-a-hook", "feedback.created", null, 2);
    event.run("changed", "feedback.status_changed", "triage", 3);
    event.run("shipped", "feedback.shipped", "fixed", 4);
    old.query("INSERT INTO deliveries (webhook_id, event_id, run_at) VALUES ('hook', 'created-for-a-hook', 2)").run();
    old.close();
    const store = createSqliteStore(path);
    expect(await store.statusChanges("fb")).toEqual([{ previousStatus: "triage", at: 3 }]);
    await store.close();
    const db = new Database(path, { readonly: true });
    expect(db.query("SELECT id FROM events ORDER BY created_at").all()).toEqual([{ id: "created-for-a-hook" }, { id: "changed" }]);
    expect(db.query("SELECT name FROM sqlite_master WHERE name = 'events_pending'").all()).toEqual([]);
    db.close();
  });
});

describe("sqlite reports migration", () => {
  test("reports copied without their organization and app, named by their feedback's number, are still tracked by the ids their links name, and counted by day and feature", async () => {
    const { path, old } = storeBefore("reports-by-feedback-ref");
    old.query("INSERT INTO organizations (id, name, key_prefix, plan, number, next_seq) VALUES ('org', 'Org', 'ORG', 'enterprise', 1, 2)").run();
    catalog(old, [], ["app"]);
    old
      .query(
        "INSERT INTO feedbacks (id, org_id, org_number, app_id, key, title, kind, status, reports, created_at, last_activity_at, ref) VALUES ('fb', 'org', 1, 'app', 'ORG-1', 't', 'problem', 'triage', 1, 1, 1, 1)",
      )
      .run();
    old
      .query(
        `INSERT INTO reports (id, feedback_id, org_id, app_id, source, body, language, conversation, status_id, status_token_hash, at)
         VALUES ('r-old', 'fb', 'org', 'app', 'api', '{"kind":"problem","message":"m","author":{}}', 'en', '[]', 's-old', 'hash', 1)`,
      )
      .run();
    old.close();
    const store = createSqliteStore(path);
    expect(await store.findReportByStatusId("s-old")).toMatchObject({
      report: { id: "r-old", feedbackId: "fb", orgId: "org", appId: "app", statusId: "s-old" },
      tokenHash: "hash",
    });
    expect(await store.findReportByStatusId("r-old")).toBeNull();
    await recordWithReport(store, {
      id: "fb-new",
      orgId: "org",
      appId: "app",
      title: "new",
      kind: "problem",
      status: "triage",
      reports: 1,
      createdAt: 2,
      lastActivityAt: 2,
    });
    expect((await store.listReports("fb-new")).map((r) => [r.orgId, r.statusId])).toEqual([["org", "s-fb-new"]]);
    expect(await store.countReportsByDay("org", "app", 0, 86_400_000)).toEqual([{ day: 0, kind: "problem", featureId: null, count: 2 }]);
    // The trigger that moves a feedback's reports to its new feature reads them by the feedback's number.
    await store.setTriage("org", "fb", { featureId: "feature" });
    expect(await store.countReportsByDay("org", "app", 0, 86_400_000)).toEqual([
      { day: 0, kind: "problem", featureId: null, count: 1 },
      { day: 0, kind: "problem", featureId: "feature", count: 1 },
    ]);
    await store.close();
  });

  test("a report tracked by its own id keeps no second id, and is found by it", async () => {
    const { path, store } = await storeWithApp();
    await store.recordFeedback({
      feedback: { id: "fb", orgId: "org", appId: "app", title: "t", kind: "problem", status: "triage", reports: 1, createdAt: 1, lastActivityAt: 1 },
      report: {
        id: "r",
        feedbackId: "fb",
        orgId: "org",
        appId: "app",
        source: "api",
        report: { kind: "problem", message: "m", author: {} },
        language: "en",
        conversation: [],
        statusId: "r",
        at: 1,
      },
      statusTokenHash: "h",
      event: { id: "e", type: "feedback.created", orgId: "org", feedbackId: "fb", createdAt: 1 },
      attachments: [],
      jobs: [],
      quota: { month: "2026-11", limit: null },
    });
    expect(await store.findReportByStatusId("r")).toMatchObject({ report: { id: "r", statusId: "r", orgId: "org" }, tokenHash: "h" });
    await store.close();
    const db = new Database(path, { readonly: true });
    expect(db.query("SELECT status_id FROM reports").all()).toEqual([{ status_id: null }]);
    db.close();
  });
});

describe("sqlite feedback numbers migration", () => {
  test("search words and grouping documents named by feedback id before are found, moved and refiltered by number once migrated", async () => {
    const { path, old } = storeBefore("feedback-refs");
    old.query("INSERT INTO organizations (id, name, key_prefix, plan, number, next_seq) VALUES ('org', 'Org', 'ORG', 'enterprise', 1, 3)").run();
    catalog(old, [], ["app"]);
    const feedback = old.query(
      "INSERT INTO feedbacks (id, org_id, org_number, app_id, key, title, kind, status, reports, created_at, last_activity_at) VALUES (?, 'org', 1, 'app', ?, ?, 'problem', 'triage', 1, ?, ?)",
    );
    const words = old.query(
      `INSERT INTO feedback_words (doc, feedback_id, words) SELECT ${newDoc("f.last_activity_at")}, f.id, ? FROM feedbacks f WHERE f.id = ?`,
    );
    feedback.run("a", "ORG-1", "Checkout fails", 10, 10);
    words.run("org 1 checkout fails", "a");
    feedback.run("b", "ORG-2", "Dark mode", 20, 20);
    words.run("org 2 dark mode", "b");
    old.query("INSERT INTO search_vocabulary (word) VALUES ('checkout'), ('dark'), ('org')").run();
    old.query("INSERT INTO grouping_apps (app_id) VALUES ('app')").run();
    old.query("INSERT INTO grouping_docs (n, feedback_id, app_id, text) VALUES (1, 'a', 'app', 'checkout fails')").run();
    old.query("INSERT INTO grouping_postings (app, key, doc) VALUES (1, 'w:checkout', 1)").run();
    old.close();

    const store = createSqliteStore(path);
    const found = async (statuses: readonly Status[], ...words: string[]) =>
      (await store.listFeedbacks("org", { statuses, words }, null, 10)).map((f) => f.id);
    expect(await found(STATUSES, "org")).toEqual(["b", "a"]);
    const db = new Database(path);
    db.query("UPDATE feedbacks SET status = 'prioritized', last_activity_at = 30 WHERE id = 'a'").run();
    db.close();
    expect(await found(["prioritized"], "checkout")).toEqual(["a"]);
    expect(await found(["triage"], "checkout")).toEqual([]);
    expect(await found(STATUSES, "org")).toEqual(["a", "b"]);
    const candidates = await store.groupingCandidates({
      orgId: "org",
      appId: "app",
      keys: ["w:checkout"],
      postingsPerKey: 10,
      statuses: ["prioritized"],
      kinds: ["problem", "idea", "praise"],
      exclude: "none",
      limit: 5,
      oldest: 0,
    });
    expect(candidates).toEqual([{ id: "a", text: "checkout fails", own: true }]);
    await recordWithReport(store, {
      id: "c",
      orgId: "org",
      appId: "app",
      title: "Checkout again",
      kind: "problem",
      status: "triage",
      reports: 1,
      createdAt: 40,
      lastActivityAt: 40,
    });
    expect(await found(STATUSES, "checkout")).toEqual(["c", "a"]);
    await store.close();
    const after = new Database(path, { readonly: true });
    expect(after.query("SELECT id, ref FROM feedbacks ORDER BY ref").all()).toEqual([
      { id: "a", ref: 1 },
      { id: "b", ref: 2 },
      { id: "c", ref: 3 },
    ]);
    after.close();
  });
});

describe("sqlite grouping documents", () => {
  test("a document whose text is its feedback's report, as the job reads it, names the report instead of a copy; candidates and the export read the same text", async () => {
    const { path, store } = await storeWithApp();
    const message = "Export to PDF cuts the last page. It happens on every invoice.";
    const feedback = { orgId: "org", appId: "app", kind: "problem", status: "triage", reports: 1, createdAt: 1, lastActivityAt: 1 } as const;
    await recordWithReport(store, { ...feedback, id: "referenced", title: message });
    await recordWithReport(store, { ...feedback, id: "copied", title: message });
    const reportText = reportGroupingText({ kind: "problem", message, author: {} });
    expect(reportText).toBe(`Export to PDF cuts the last page\n${message}`);
    await store.indexForGrouping("app", "referenced", ["w:pdf"], reportText);
    await store.indexForGrouping("app", "copied", ["w:pdf"], "a text of its own");
    const db = new Database(path, { readonly: true });
    expect(db.query("SELECT f.id, d.text, d.report_id FROM grouping_docs d JOIN feedbacks f ON f.ref = d.feedback_ref ORDER BY f.id").all()).toEqual([
      { id: "copied", text: "a text of its own", report_id: null },
      { id: "referenced", text: "", report_id: "r-referenced" },
    ]);
    db.close();
    const candidates = await store.groupingCandidates({
      orgId: "org",
      appId: "app",
      keys: ["w:pdf"],
      postingsPerKey: 10,
      statuses: ["triage"],
      kinds: ["problem", "idea", "praise"],
      exclude: "none",
      limit: 5,
      oldest: 0,
    });
    expect(candidates.map((c) => [c.id, c.text]).sort()).toEqual([
      ["copied", "a text of its own"],
      ["referenced", reportText],
    ]);
    await store.close();
    const source = sqliteSource(path);
    const exported = (await source.read("grouping_docs", START, 10)).records.map((r) => [r.key[0], r.fields.text]);
    source.close();
    expect(exported.sort()).toEqual([
      ["copied", "a text of its own"],
      ["referenced", reportText],
    ]);
  });
});

describe("sqlite key frequencies migration", () => {
  test("key frequencies kept by app id before are read and exported the same once kept by the app's number", async () => {
    const { path, old } = storeBefore("grouping-df-by-app-number");
    catalog(old, ["org"], ["app", "other"]);
    old.query("INSERT INTO grouping_apps (n, app_id) VALUES (1, 'app'), (2, 'other')").run();
    old.query("INSERT INTO grouping_df (app_id, key, n) VALUES ('app', 'w:pdf', 3), ('app', 'w:export', 1), ('other', 'w:pdf', 7)").run();
    old
      .query(
        "INSERT INTO feedbacks (id, org_id, org_number, app_id, key, title, kind, status, reports, created_at, last_activity_at, ref) VALUES ('fb', 'org', 1, 'other', 'ORG-1', 't', 'problem', 'triage', 1, 1, 1, 1)",
      )
      .run();
    old.close();
    const store = createSqliteStore(path);
    expect(await store.keyFrequencies("app", ["w:pdf", "w:export", "w:none"])).toEqual(
      new Map([
        ["w:pdf", 3],
        ["w:export", 1],
      ]),
    );
    await store.indexForGrouping("other", "fb", ["w:pdf"], "text");
    expect(await store.keyFrequencies("other", ["w:pdf"])).toEqual(new Map([["w:pdf", 8]]));
    await store.close();
    const source = sqliteSource(path);
    const exported = (await source.read("grouping_df", START, 10)).records.map((r) => [...r.key, r.fields.n]);
    source.close();
    expect(exported.sort()).toEqual([
      ["app", "w:export", 1],
      ["app", "w:pdf", 3],
      ["other", "w:pdf", 8],
    ]);
  });
});

describe("sqlite app numbers migration", () => {
  test("a store made before apps were numbered lists each app's own feedbacks once migrated, and numbers new apps after", async () => {
    const { path, old } = storeBefore("app-numbers");
    old.query("INSERT INTO organizations (id, name, key_prefix, plan, number, next_seq) VALUES ('org', 'Org', 'ORG', 'enterprise', 1, 4)").run();
    for (const app of ["a", "b"]) old.query("INSERT INTO apps (id, org_id, name, kind) VALUES (?, 'org', ?, 'web')").run(app, app);
    const feedbacks: Array<[id: string, app: string, activity: number]> = [
      ["a1", "a", 1],
      ["b1", "b", 2],
      ["a2", "a", 3],
    ];
    for (const [id, app, activity] of feedbacks)
      old
        .query(
          "INSERT INTO feedbacks (id, org_id, org_number, app_id, key, title, kind, status, reports, created_at, last_activity_at, ref) VALUES (?, 'org', 1, ?, ?, 't', 'problem', 'triage', 1, ?, ?, ?)",
        )
        .run(id, app, `ORG-${id}`, activity, activity, activity);
    old.close();
    const store = createSqliteStore(path);
    const listed = async (appId: string) => (await store.listFeedbacks("org", { statuses: STATUSES, appId }, null, 10)).map((f) => f.id);
    expect(await listed("a")).toEqual(["a2", "a1"]);
    expect(await listed("b")).toEqual(["b1"]);
    await store.createApp({ id: "c", orgId: "org", name: "C", kind: "web" }, 50);
    expect(await listed("c")).toEqual([]);
    await recordWithReport(store, {
      id: "c1",
      orgId: "org",
      appId: "c",
      title: "t",
      kind: "problem",
      status: "triage",
      reports: 1,
      createdAt: 4,
      lastActivityAt: 4,
    });
    expect(await listed("c")).toEqual(["c1"]);
    expect((await store.listApps("org")).map((a) => Object.keys(a).includes("number"))).toEqual([false, false, false]);
    await store.close();
    const db = new Database(path, { readonly: true });
    expect(db.query("SELECT id, number FROM apps ORDER BY number").all()).toEqual([
      { id: "a", number: 1 },
      { id: "b", number: 2 },
      { id: "c", number: 3 },
    ]);
    db.close();
  });
});

describe("sqlite feedbacks by numbers migration", () => {
  test("feedbacks that held their organization's and app's ids are listed, found, searched, counted and exported the same once they hold numbers", async () => {
    const { path, old } = storeBefore("feedbacks-by-numbers");
    catalog(old, ["org", "other-org"], ["app", "other-app"]);
    old.exec("UPDATE organizations SET next_seq = 3");
    const feedback = old.query(
      `INSERT INTO feedbacks (id, org_id, org_number, app_id, app_number, key, title, kind, status, reports, created_at, last_activity_at, ref, tracker)
       VALUES (?1, ?2, (SELECT number FROM organizations WHERE id = ?2), ?3, (SELECT number FROM apps WHERE id = ?3), ?4, ?5, 'problem', 'triage', 1, ?6, ?6, ?7, ?8)`,
    );
    const words = old.query(
      `INSERT INTO feedback_words (doc, feedback_ref, words) SELECT ${newDoc("f.last_activity_at")}, f.ref, ? FROM feedbacks f WHERE f.id = ?`,
    );
    const report = old.query(
      `INSERT INTO reports (id, feedback_ref, source, body, language, conversation, status_token_hash, at)
       VALUES (?, (SELECT ref FROM feedbacks WHERE id = ?), 'api', '{"kind":"problem","message":"m","author":{}}', 'en', '[]', 'hash', ?)`,
    );
    // Two organizations with the same keys: a key is unique within its organization.
    feedback.run("a", "org", "app", "ORG-1", "Checkout fails", 86_400_000, 1, null);
    feedback.run("b", "org", "other-app", "ORG-2", "Dark mode", 2 * 86_400_000, 2, JSON.stringify({ provider: "github", key: "ISSUE-7", url: "u" }));
    feedback.run("c", "other-org", "other-app", "ORG-1", "Checkout elsewhere", 3 * 86_400_000, 3, null);
    const texts: Array<[id: string, words: string]> = [
      ["a", "org 1 checkout fails"],
      ["b", "org 2 dark mode"],
      ["c", "org 1 checkout elsewhere"],
    ];
    for (const [id, text] of texts) words.run(text, id);
    old.exec("INSERT INTO search_vocabulary (word) VALUES ('checkout'), ('dark'), ('elsewhere'), ('fails'), ('mode'), ('org')");
    for (const id of ["a", "b", "c"]) report.run(`r-${id}`, id, 86_400_000);
    old.close();

    const store = createSqliteStore(path);
    const ids = (rows: readonly FeedbackRecord[]) => rows.map((f) => f.id);
    expect(ids(await store.listFeedbacks("org", { statuses: STATUSES }, null, 10))).toEqual(["b", "a"]);
    expect(ids(await store.listFeedbacks("org", { statuses: STATUSES, appId: "other-app" }, null, 10))).toEqual(["b"]);
    expect(await store.findFeedback("org", "ORG-1")).toMatchObject({ id: "a", orgId: "org", appId: "app" });
    expect(await store.findFeedback("other-org", "ORG-1")).toMatchObject({ id: "c", orgId: "other-org", appId: "other-app" });
    expect(ids(await store.findFeedbacksByTracker("org", "ISSUE-7"))).toEqual(["b"]);
    expect(ids(await store.listFeedbacks("org", { statuses: STATUSES, words: ["checkout"] }, null, 10))).toEqual(["a"]);
    // A status change rewrites the document, now from the numbers: found under its new status, counted there.
    const change = { orgId: "org", feedbackId: "a", from: "triage", to: "fixed", at: 4, events: [], jobs: [] } as const;
    expect(await store.applyStatusChange(change)).toBe(true);
    expect(ids(await store.listFeedbacks("org", { statuses: ["fixed"], words: ["checkout"], appId: "app" }, null, 10))).toEqual(["a"]);
    expect(await store.countByStatus("org")).toEqual({ fixed: 1, triage: 1 });
    expect(await store.countByStatus("org", { words: ["checkout"] })).toEqual({ fixed: 1 });
    await recordWithReport(store, {
      id: "d",
      orgId: "org",
      appId: "app",
      title: "t",
      kind: "idea",
      status: "triage",
      reports: 1,
      createdAt: 86_400_000,
      lastActivityAt: 5 * 86_400_000,
    });
    expect(await store.findFeedback("org", "org-3")).toMatchObject({ id: "d", orgId: "org", appId: "app" });
    const days = await store.countReportsByDay("org", "app", 0, 10 * 86_400_000);
    expect(days.map((d) => [d.kind, d.count]).sort()).toEqual([
      ["idea", 1],
      ["problem", 1],
    ]);
    await store.close();

    const source = sqliteSource(path);
    const exported = (await source.read("feedbacks", START, 10)).records.map((r) => r.fields);
    source.close();
    expect(exported.map((f) => [f.id, f.orgId, f.appId, f.key])).toEqual([
      ["a", "org", "app", "ORG-1"],
      ["b", "org", "other-app", "ORG-2"],
      ["c", "other-org", "other-app", "ORG-1"],
      ["d", "org", "app", "org-3"],
    ]);
    expect(exported.every((f) => !("orgNumber" in f || "appNumber" in f || "ref" in f))).toBe(true);
  });
});

describe("sqlite grouping terms migration", () => {
  test("postings that held their key's text and their document's own number give the same candidates, frequencies and export once they hold numbers", async () => {
    const { path, old } = storeBefore("grouping-terms");
    catalog(old, ["org"], ["app", "other"]);
    const feedback = old.query(
      `INSERT INTO feedbacks (id, org_number, app_number, key, title, kind, status, reports, created_at, last_activity_at)
       VALUES (?1, 1, (SELECT number FROM apps WHERE id = ?2), ?1, ?1, 'problem', 'triage', 1, 1, 1)`,
    );
    const arrivals: Array<[id: string, app: string]> = [
      ["fb-1", "app"],
      ["fb-2", "app"],
      ["fb-3", "app"],
      ["fb-9", "other"],
    ];
    for (const [id, app] of arrivals) feedback.run(id, app);
    old.exec("INSERT INTO grouping_apps (n, app_id) VALUES (1, 'app'), (2, 'other')");
    // Documents numbered as they were indexed, in another order than their feedbacks came.
    const posted = (doc: number, id: string, app: number, keys: string[]) => {
      old.query("INSERT INTO grouping_docs (n, feedback_ref, text) SELECT ?, ref, ? FROM feedbacks WHERE id = ?").run(doc, `text of ${id}`, id);
      for (const key of keys) {
        old.query("INSERT INTO grouping_postings (app, key, doc) VALUES (?, ?, ?)").run(app, key, doc);
        old.query("INSERT INTO grouping_df (app, key, n) VALUES (?, ?, 1) ON CONFLICT DO UPDATE SET n = n + 1").run(app, key);
      }
    };
    posted(1, "fb-3", 1, ["w:export", "w:pdf"]);
    posted(2, "fb-1", 1, ["w:export", "w:pdf"]);
    posted(3, "fb-2", 1, ["w:export"]);
    posted(4, "fb-9", 2, ["w:export", "w:pdf"]);
    old.close();

    const store = createSqliteStore(path);
    const candidates = (postingsPerKey: number) => exportOrPdf(store, postingsPerKey);
    // Most recent first is now the feedbacks' order: fb-3 came after fb-1.
    expect((await candidates(10)).map((c) => c.id)).toEqual(["fb-3", "fb-1", "fb-2"]);
    expect(await candidates(1)).toEqual([{ id: "fb-3", text: "text of fb-3", own: true }]);
    expect(await store.keyFrequencies("app", ["w:export", "w:pdf", "w:none"])).toEqual(
      new Map([
        ["w:export", 3],
        ["w:pdf", 2],
      ]),
    );
    await store.indexForGrouping("app", "fb-2", ["w:pdf", "w:new"], "text of fb-2");
    expect(await store.keyFrequencies("app", ["w:pdf", "w:new"])).toEqual(
      new Map([
        ["w:pdf", 3],
        ["w:new", 1],
      ]),
    );
    expect(await store.keyFrequencies("other", ["w:pdf"])).toEqual(new Map([["w:pdf", 1]]));
    await store.close();

    const source = sqliteSource(path);
    const postings = (await source.read("grouping_keys", START, 20)).records.map((r) => r.key.join(" "));
    const frequencies = (await source.read("grouping_df", START, 20)).records.map((r) => `${r.key.join(" ")} ${r.fields.n}`);
    source.close();
    expect(postings.sort()).toEqual(
      [
        "app w:export fb-1",
        "app w:export fb-2",
        "app w:export fb-3",
        "app w:new fb-2",
        "app w:pdf fb-1",
        "app w:pdf fb-2",
        "app w:pdf fb-3",
        "other w:export fb-9",
        "other w:pdf fb-9",
      ].sort(),
    );
    expect(frequencies.sort()).toEqual(["app w:export 3", "app w:new 1", "app w:pdf 3", "other w:export 1", "other w:pdf 1"]);
  });
});

describe("sqlite attachments by report migration", () => {
  test("attachments stored before they followed their report are carried by the report that sent them, or else their feedback's latest", async () => {
    const { path, old } = storeBefore("attachments-by-report");
    catalog(old, ["org"], ["app"]);
    const feedback = old.query(
      `INSERT INTO feedbacks (id, org_number, app_number, key, title, kind, status, reports, created_at, last_activity_at, merged_into)
       VALUES (?1, 1, 1, ?1, ?1, 'problem', 'triage', 0, 1, 1, ?2)`,
    );
    feedback.run("fb", null);
    feedback.run("folded", "fb");
    const report = old.query(
      `INSERT INTO reports (id, feedback_ref, source, body, language, conversation, status_token_hash, at)
       VALUES (?1, (SELECT ref FROM feedbacks WHERE id = ?2), 'widget', ?3, 'en', '[]', 'hash', ?4)`,
    );
    // The widget's report moved to fb by a merge; the operator attached files to fb and to the merged feedback.
    const files = JSON.stringify({ kind: "problem", message: "m", author: {}, files: [{ id: "att-widget", kind: "screenshot" }] });
    report.run("r-widget", "fb", files, 1);
    report.run("r-first", "fb", JSON.stringify({ kind: "problem", message: "m", author: {} }), 0);
    report.run("r-latest", "fb", JSON.stringify({ kind: "problem", message: "m", author: {} }), 2);
    const attachment = old.query(
      "INSERT INTO attachments (id, org_id, feedback_id, kind, storage_key, content_type, created_at) VALUES (?1, 'org', ?2, 'screenshot', ?1, 'image/png', ?3)",
    );
    attachment.run("att-widget", "folded", 1);
    attachment.run("att-cli", "fb", 2);
    attachment.run("att-folded", "folded", 3);
    old.close();
    const store = createSqliteStore(path);
    expect((await store.listAttachments(["r-widget"])).map((a) => a.id)).toEqual(["att-widget"]);
    expect((await store.listAttachments(["r-latest"])).map((a) => a.id)).toEqual(["att-cli", "att-folded"]);
    expect(await store.findAttachment("att-cli")).toMatchObject({ feedbackId: "fb", reportId: "r-latest" });
    await store.close();
  });
});

describe("sqlite portal changed-at migration", () => {
  test("a portal saved before portals kept when they changed counts as changed when its store was upgraded, never in 1970", async () => {
    const { path, old } = storeBefore("portal-changed-at");
    old.exec(
      `INSERT INTO portals (org_id, slug, enabled, title, posting, indexing, status_labels) VALUES ('org', 'acme', 1, 'Acme', 'review', 0, '{}')`,
    );
    old.close();
    const before = Date.now();
    const store = createSqliteStore(path);
    const changedAt = (await store.findPortal("org"))!.changedAt;
    expect(changedAt).toBeGreaterThanOrEqual(before - 1);
    expect(changedAt).toBeLessThanOrEqual(Date.now());
    await store.close();
  });
});

describe("sqlite publication words", () => {
  /** The rows of publication_words, as the triggers keep them. */
  const kept = (db: Database) =>
    db.query<{ row: string }, []>("SELECT org_id || ' ' || word || ' ' || feedback_id AS row FROM publication_words ORDER BY row").all();
  /** The same, split from the publications' words. */
  const recount = (db: Database) =>
    db
      .query<{ row: string }, []>(
        `SELECT DISTINCT p.org_id || ' ' || w.value || ' ' || p.feedback_id AS row
         FROM publications p, json_each('["' || replace(p.words, ' ', '","') || '"]') w WHERE w.value <> '' ORDER BY row`,
      )
      .all();
  const feedback = (db: Database, id: string) =>
    db
      .query(
        `INSERT INTO feedbacks (id, org_number, app_number, key, title, kind, status, reports, created_at, last_activity_at)
         VALUES (?, (SELECT number FROM organizations WHERE id = 'org'), (SELECT number FROM apps WHERE id = 'app'), ?, 't', 'idea', 'triage', 1, 1, 1)`,
      )
      .run(id, `K-${id}`);
  const publish = (id: string, words: string) =>
    `INSERT INTO publications (feedback_id, org_id, title, description, published_at, words, status, kind, app_id, reports, created_at, last_activity_at, listed)
     VALUES ('${id}', 'org', 't', NULL, 1, '${words}', 'triage', 'idea', 'app', 1, 1, 1, 1)`;

  test("the words the portal's search reads publications by, kept by triggers, are each publication's words after every kind of write", () => {
    const db = new Database(newStoreFile());
    catalog(db, ["org"], ["app"]);
    for (const id of ["a", "b", "c"]) feedback(db, id);
    const writes = [
      publish("a", "k a dark mode dark"),
      publish("b", "k b export"),
      "UPDATE publications SET words = 'k a night theme mode' WHERE feedback_id = 'a'",
      "UPDATE publications SET words = words, title = 'u' WHERE feedback_id = 'a'",
      "UPDATE publications SET words = '' WHERE feedback_id = 'b'",
      publish("c", "k c pdf"),
      "DELETE FROM publications WHERE feedback_id = 'a'",
      "DELETE FROM feedbacks WHERE id = 'c'",
      publish("a", "k a dark"),
      "DELETE FROM publications",
    ];
    keptThroughWrites(db, writes, kept, recount);
    expect(kept(db)).toEqual([]);
    db.close();
  });

  test("a store made before publications' words had rows of their own finds its publications by their words once migrated", async () => {
    const { path, old } = storeBefore("publication-words");
    catalog(old, ["org"], ["app"]);
    feedback(old, "a");
    feedback(old, "b");
    old.exec(publish("a", "k a invoice blank"));
    old.exec(publish("b", "k b export"));
    old.close();
    const store = createSqliteStore(path);
    const found = async (query: string) =>
      (await store.listPublished("org", { statuses: STATUSES, words: searchWords(query) }, null, 10, "new")).map((p) => p.feedback.id);
    expect(await found("invoices")).toEqual(["a"]);
    expect(await found("exp")).toEqual(["b"]);
    expect(await found("k")).toEqual(["b", "a"]);
    await store.close();
  });
});
