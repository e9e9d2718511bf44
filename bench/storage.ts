// Bytes on disk per feedback, by table and index, at N feedbacks seeded through the store (one report
// each, indexed for grouping as the job would); appended to bench/RESULTS.md.
//   bun bench/storage.ts [--feedbacks 100000]
import { Database } from "bun:sqlite";
import { appendFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT, seed } from "./serve.ts";
import { scratchDir } from "./scratch.ts";

const { values } = parseArgs({ options: { feedbacks: { type: "string", default: "100000" } } });
const FEEDBACKS = Number(values.feedbacks);

console.error(`storage: seeding ${FEEDBACKS} feedbacks, indexed for grouping`);
const dataDir = scratchDir("storage");
await seed(dataDir, FEEDBACKS, { grouping: true });
const file = join(dataDir, "retour.sqlite");
const db = new Database(file);
db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
const parts = db
  .query<{ name: string; bytes: number }, []>("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC")
  .all()
  .filter((p) => p.bytes / FEEDBACKS >= 10);
db.close();
const perFeedback = (bytes: number) => Math.round(bytes / FEEDBACKS).toLocaleString("en");

const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — storage at ${FEEDBACKS.toLocaleString("en")} feedbacks, SQLite`,
  "",
  `Command: \`bun bench/storage.ts --feedbacks ${FEEDBACKS}\` (one report per feedback, indexed for grouping; sizes from SQLite's dbstat)`,
  "",
  `File: **${perFeedback(statSync(file).size)} bytes per feedback** (target ≤ 1,000).`,
  "",
  "| Table or index | Bytes per feedback |",
  "|---|---|",
  ...parts.map((p) => `| ${p.name} | ${perFeedback(p.bytes)} |`),
  "",
];
console.log(lines.join("\n"));
appendFileSync(join(ROOT, "bench/RESULTS.md"), `${lines.join("\n")}\n`);
