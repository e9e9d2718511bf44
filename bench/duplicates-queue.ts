// The Possible duplicates queue of an old organization: most of its feedbacks closed, many pairs
// waiting, so that the queue passes over the pairs whose two feedbacks are both closed to fill a
// page. Store reads alone (listSuggestions, a page of 50), in process; appended to bench/RESULTS.md.
//   bun bench/duplicates-queue.ts [--feedbacks 100000] [--pairs 30000,100000] [--open-every 10,100]
import { Database } from "bun:sqlite";
import { appendFileSync, copyFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createSqliteStore } from "../adapters/sqlite/store.ts";
import { sqliteFile } from "../apps/runtime/services.ts";
import { statusesOf } from "../core/feedback/status.ts";
import { SUBJECT_KINDS } from "../core/grouping/candidates.ts";
import { scratchDir } from "./scratch.ts";
import { percentile, ROOT, seed } from "./serve.ts";

const { values } = parseArgs({
  options: {
    feedbacks: { type: "string", default: "100000" },
    pairs: { type: "string", default: "30000,100000" },
    "open-every": { type: "string", default: "10,100" },
  },
});
const FEEDBACKS = Number(values.feedbacks);
const PAGES = 40;

console.error(`duplicates-queue: seeding ${FEEDBACKS} feedbacks`);
const seeded = scratchDir("queue");
await seed(seeded, FEEDBACKS);

/** A copy of the seeded store with `pairs` waiting pairs among its problems, one problem in `openEvery` left open. */
function storeWith(pairs: number, openEvery: number): string {
  const file = join(scratchDir("queue-case"), "retour.sqlite");
  copyFileSync(sqliteFile(seeded), file);
  const db = new Database(file);
  const org = db.query<{ id: string; number: number }, []>("SELECT id, number FROM organizations WHERE key_prefix = 'DEMO'").get()!;
  const app = db.query<{ id: string }, [string]>("SELECT id FROM apps WHERE org_id = ? LIMIT 1").get(org.id)!;
  const ids = db
    .query<{ id: string }, [number]>(
      "SELECT id FROM feedbacks WHERE org_number = ? AND merged_into IS NULL AND kind = 'problem' ORDER BY ref LIMIT 60000",
    )
    .all(org.number)
    .map((r) => r.id);
  let state = 1;
  const random = () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
  db.transaction(() => {
    const close = db.query("UPDATE feedbacks SET status = 'delivered' WHERE id = ?");
    for (const [i, id] of ids.entries()) if (i % openEvery !== 0) close.run(id);
    const suggest = db.query(
      "INSERT OR IGNORE INTO suggestions (org_id, app_id, feedback_id, similar_id, score, matched, at, sure) VALUES (?, ?, ?, ?, ?, '[]', 1, 0)",
    );
    for (let k = 0; k < pairs; k++) {
      const [a, b] = [ids[Math.floor(random() * ids.length)]!, ids[Math.floor(random() * ids.length)]!];
      if (a !== b) suggest.run(org.id, app.id, ...(a > b ? [a, b] : [b, a]), random());
    }
  })();
  db.close();
  return file;
}

const rows: string[] = [];
for (const pairs of values.pairs.split(",").map(Number)) {
  for (const openEvery of values["open-every"].split(",").map(Number)) {
    const store = createSqliteStore(storeWith(pairs, openEvery));
    const orgId = (await store.listOrganizations()).find((o) => o.keyPrefix === "DEMO")!.id;
    const query = { orgId, appId: null, limit: 50, kinds: SUBJECT_KINDS, closed: statusesOf("closed") };
    const timings: number[] = [];
    for (let i = 0; i < PAGES; i++) {
      const started = performance.now();
      const listed = await store.listSuggestions(query);
      if (listed.length !== 50) throw new Error(`a page of ${listed.length} pairs`);
      if (i >= PAGES / 8) timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    rows.push(
      `| ${pairs.toLocaleString("en")} pairs, one problem in ${openEvery} open | p50 ${percentile(timings, 50).toFixed(2)} ms, max ${timings.at(-1)!.toFixed(2)} ms | < 50 ms |`,
    );
    console.error(rows.at(-1));
    await store.close();
  }
}

const entry = [
  "",
  `## ${new Date().toISOString().slice(0, 10)} — the Possible duplicates queue of an old organization, ${cpus().length} × ${cpus()[0]?.model.trim()}, Bun ${Bun.version}`,
  "",
  `Command: \`bun bench/duplicates-queue.ts --feedbacks ${FEEDBACKS} --pairs ${values.pairs} --open-every ${values["open-every"]}\` (in process, the store's read of one page of 50 pairs, ${PAGES} pages, the first eighth warming caches)`,
  "",
  "| Queue | Page of 50 pairs | Target |",
  "|---|---|---|",
  ...rows,
  "",
].join("\n");
appendFileSync(join(ROOT, "bench/RESULTS.md"), entry);
console.log(entry);
