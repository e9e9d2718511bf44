// Grouping evaluation: pairwise precision, recall and F1 of the offline grouper on the labelled
// set in test/fixtures/grouping.json, replayed in a fixed arrival order through the Grouper port,
// as the background job calls it (candidates: every report of the open feedbacks).
//   bun bench/grouping.ts
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import data from "../test/fixtures/grouping.json";
import { createLexicalGrouper } from "../adapters/grouping-lexical/grouper.ts";

const reports = data.reports;
/** A fixed arrival order: Fisher–Yates driven by a seeded linear congruential generator. */
function shuffled(count: number, seed: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  let state = seed;
  for (let i = count - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
const order = shuffled(reports.length, 7);

const grouper = createLexicalGrouper();
const feedbacks: Array<{ id: string; text: string; members: number[] }> = [];
const started = performance.now();
for (const i of order) {
  const text = reports[i]!.text;
  // As the service does: every report of a feedback is a candidate text for it (single linkage).
  const candidates = feedbacks.flatMap((f) => f.members.map((m) => ({ id: f.id, text: reports[m]!.text })));
  const { duplicateOf } = await grouper.findDuplicate(text, candidates);
  const found = feedbacks.find((f) => f.id === duplicateOf);
  if (found) found.members.push(i);
  else feedbacks.push({ id: `f${feedbacks.length}`, text, members: [i] });
}
const perReportMs = (performance.now() - started) / reports.length;

const cluster = new Map<number, string>();
for (const f of feedbacks) for (const m of f.members) cluster.set(m, f.id);
let tp = 0;
let fp = 0;
let fn = 0;
for (let a = 0; a < reports.length; a++) {
  for (let b = a + 1; b < reports.length; b++) {
    const same = reports[a]!.group === reports[b]!.group;
    const together = cluster.get(a) === cluster.get(b);
    if (same && together) tp++;
    else if (together) fp++;
    else if (same) fn++;
  }
}
const precision = tp / (tp + fp);
const recall = tp / (tp + fn);
const f1 = (2 * precision * recall) / (precision + recall);
const subjects = new Set(reports.map((r) => r.group)).size;
const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — offline grouping quality, Bun ${Bun.version}`,
  "",
  `Command: \`bun bench/grouping.ts\` (${reports.length} reports, ${subjects} subjects, English and French, fixed arrival order)`,
  "",
  "| Measure | Result | Target |",
  "|---|---|---|",
  `| Pairwise precision | ${precision.toFixed(3)} | ≥ 0.95 ${precision >= 0.95 ? "✅" : "❌"} |`,
  `| Pairwise recall | ${recall.toFixed(3)} | |`,
  `| F1 | ${f1.toFixed(3)} | ≥ 0.85 ${f1 >= 0.85 ? "✅" : "❌"} |`,
  `| Feedbacks formed | ${feedbacks.length} (ideal: ${subjects}) | |`,
  `| Time per report (candidates scanned linearly) | ${perReportMs.toFixed(2)} ms | |`,
  "",
];
if (process.argv.includes("--record")) appendFileSync(join(import.meta.dir, "RESULTS.md"), `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
