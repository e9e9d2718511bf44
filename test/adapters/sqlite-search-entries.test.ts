import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { createSqliteStore } from "../../adapters/sqlite/store.ts";
import { sqliteSource } from "../../adapters/sqlite/export.ts";
import { START } from "../../core/portable.ts";
import { contractKit } from "./store-contract/kit.ts";
import { newStoreFile } from "../support/new-store-file.ts";

const { seed, record, newFeedback, merge } = contractKit();

/** A store on a file, and a second connection that reads what its tables hold. */
async function storeWithOrg() {
  const path = newStoreFile();
  const store = createSqliteStore(path);
  const org = await seed(store);
  const raw = new Database(path, { readonly: true });
  const count = (table: "search_pending" | "feedback_words") => raw.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${table}`).get()!.n;
  const found = async (word: string) => (await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: [word] }, null, 10)).map((f) => f.id);
  return { path, store, org, count, found };
}

describe("sqlite search entries, written after the report", () => {
  test("a report's transaction only names its feedback as waiting; catchUpSearch writes its entry, once", async () => {
    const { store, org, count } = await storeWithOrg();
    await record(store, org, "The export button does nothing", 1);
    expect([count("search_pending"), count("feedback_words")]).toEqual([1, 0]);
    expect(await store.catchUpSearch(10)).toBe(1);
    expect([count("search_pending"), count("feedback_words")]).toEqual([0, 1]);
    expect(await store.catchUpSearch(10)).toBe(0);
  });

  test("catchUpSearch with nothing waiting opens no write transaction: it answers while another process holds the write lock", async () => {
    const { path, store } = await storeWithOrg();
    const other = new Database(path);
    other.exec("BEGIN IMMEDIATE");
    try {
      expect(await store.catchUpSearch(10)).toBe(0);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
  });

  test("catchUpSearch writes at most `limit` entries, the oldest first", async () => {
    const { store, org, count } = await storeWithOrg();
    for (let i = 0; i < 3; i++) await record(store, org, `Export fails ${i}`, 1 + i);
    expect(await store.catchUpSearch(2)).toBe(2);
    expect(count("search_pending")).toBe(1);
    expect(await store.catchUpSearch(2)).toBe(1);
  });

  test("a search writes the entries still waiting before it reads: the feedback recorded a moment ago is found, and none waits after", async () => {
    const { store, org, count, found } = await storeWithOrg();
    const f = await record(store, org, "The export button does nothing", 1);
    expect(await found("export")).toEqual([f!.id]);
    expect(count("search_pending")).toBe(0);
  });

  test("a merge carries the words of a feedback whose entry was still waiting", async () => {
    const { store, org, found } = await storeWithOrg();
    const target = await record(store, org, "Map icons are broken", 1);
    expect(await store.catchUpSearch(10)).toBe(1);
    const source = await record(store, org, "Zebra crossing icon is broken", 2);
    await merge(store, source!, target!, 3);
    expect(await found("zebra")).toEqual([target!.id]);
  });

  test("a title the assistant sets before the entry was written adds to the words of the title it had", async () => {
    const { store, org, found } = await storeWithOrg();
    const input = newFeedback(org, "The page stays blank", 1);
    await store.recordFeedback({ ...input, feedback: { ...input.feedback, title: "Quokka mode" } });
    await store.setTriage(org.orgId, input.feedback.id, { title: "Blank page after sign-in" });
    expect(await found("quokka")).toEqual([input.feedback.id]);
    expect(await found("sign")).toEqual([input.feedback.id]);
  });

  test("a title a person sets before the entry was written adds to the words of the title it had", async () => {
    const { store, org, found } = await storeWithOrg();
    const input = newFeedback(org, "The page stays blank", 1);
    await store.recordFeedback({ ...input, feedback: { ...input.feedback, title: "Quokka mode" } });
    expect(await store.setTriageFields(org.orgId, input.feedback.id, { title: "Blank page after sign-in" }, [], [], 2)).toBe(true);
    expect(await found("quokka")).toEqual([input.feedback.id]);
  });

  test("a feedback deleted before its entry was written leaves nothing waiting, and no words", async () => {
    const { path, store, org, count } = await storeWithOrg();
    const f = await record(store, org, "The export button does nothing", 1);
    const writer = new Database(path);
    writer.query("DELETE FROM reports").run();
    writer.query("DELETE FROM feedbacks WHERE id = ?").run(f!.id);
    writer.close();
    expect(await store.catchUpSearch(10)).toBe(1);
    expect([count("search_pending"), count("feedback_words")]).toEqual([0, 0]);
  });

  test("the store's export writes the entries still waiting: a feedback's record carries its words", async () => {
    const { path, store, org } = await storeWithOrg();
    await record(store, org, "The export button does nothing", 1);
    await store.close();
    const source = sqliteSource(path);
    const { records } = await source.read("feedbacks", START, 10);
    source.close();
    expect(records[0]!.fields.searchText).toContain("export");
  });
});
