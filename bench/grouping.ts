// Grouping evaluation: pairwise precision, recall and F1 of the offline grouper on the labelled
// sets in test/fixtures/, replayed in a fixed arrival order through the Grouper port, as the
// background job calls it (candidates: every report of the open feedbacks).
//   bun bench/grouping.ts [--record]
// grouping.json is the set the grouper was tuned on, and the one the targets apply to;
// grouping-development.json was written as held-out sets and then used to extend the lexicon;
// grouping-holdout.json was written after all work on the grouper and is never used to tune it,
// so its figures tell how far the grouper generalizes.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import tuning from "../test/fixtures/grouping.json";
import development from "../test/fixtures/grouping-development.json";
import holdout from "../test/fixtures/grouping-holdout.json";
import { createLexicalGrouper } from "../adapters/grouping-lexical/grouper.ts";
import { decideGrouping } from "../core/grouping/suggestions.ts";

interface Labelled {
  readonly group: string;
  readonly text: string;
}

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

/** Replays the reports through a fresh grouper; returns each report's feedback. */
async function group(reports: readonly Labelled[]): Promise<{ cluster: Map<number, string>; feedbacks: number; msPerReport: number }> {
  const grouper = createLexicalGrouper();
  const feedbacks: Array<{ id: string; members: number[] }> = [];
  const started = performance.now();
  for (const i of shuffled(reports.length, 7)) {
    // As the service does: every report of a feedback is a candidate text for it (single linkage).
    const candidates = feedbacks.flatMap((f) => f.members.map((m) => ({ id: f.id, text: reports[m]!.text })));
    const { matches } = await grouper.compare(reports[i]!.text, candidates);
    // Ids in the order of creation, as the service's are: the report's would be the next.
    const id = `f${String(feedbacks.length).padStart(6, "0")}`;
    const merge = decideGrouping("auto", matches, new Set(), id).merge;
    const found = feedbacks.find((f) => f.id === merge?.id);
    if (found) found.members.push(i);
    else feedbacks.push({ id, members: [i] });
  }
  const cluster = new Map<number, string>();
  for (const f of feedbacks) for (const m of f.members) cluster.set(m, f.id);
  return { cluster, feedbacks: feedbacks.length, msPerReport: (performance.now() - started) / reports.length };
}

async function evaluate(reports: readonly Labelled[]) {
  const { cluster, feedbacks, msPerReport } = await group(reports);
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
  return {
    precision,
    recall,
    f1: (2 * precision * recall) / (precision + recall),
    feedbacks,
    subjects: new Set(reports.map((r) => r.group)).size,
    msPerReport,
  };
}

const sets = [
  { name: "Tuning set", reports: tuning.reports },
  { name: "Development set", reports: development.reports },
  { name: "Held-out set", reports: holdout.reports },
];
// One after the other, so that each time per report is its own.
const results: Array<Awaited<ReturnType<typeof evaluate>>> = [];
for (const set of sets) results.push(await evaluate(set.reports));
const mark = (ok: boolean) => (ok ? "✅" : "❌");
const row = (measure: string, cell: (r: Awaited<ReturnType<typeof evaluate>>, i: number) => string, target = "") =>
  `| ${measure} | ${results.map(cell).join(" | ")} | ${target} |`;
const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — offline grouping quality, Bun ${Bun.version}`,
  "",
  "Command: `bun bench/grouping.ts` (English and French, fixed arrival order; the targets apply to the tuning set)",
  "",
  `| Measure | ${sets.map((set, i) => `${set.name} (${set.reports.length} reports, ${results[i]!.subjects} subjects)`).join(" | ")} | Target |`,
  `|---|${sets.map(() => "---|").join("")}---|`,
  row("Pairwise precision", (r, i) => `${r.precision.toFixed(3)}${i === 0 ? ` ${mark(r.precision >= 0.95)}` : ""}`, "≥ 0.95"),
  row("Pairwise recall", (r) => r.recall.toFixed(3)),
  row("F1", (r, i) => `${r.f1.toFixed(3)}${i === 0 ? ` ${mark(r.f1 >= 0.85)}` : ""}`, "≥ 0.85"),
  row("Feedbacks formed", (r) => `${r.feedbacks} (ideal: ${r.subjects})`),
  row("Time per report (candidates scanned linearly)", (r) => `${r.msPerReport.toFixed(2)} ms`),
  "",
];
if (process.argv.includes("--record")) appendFileSync(join(import.meta.dir, "RESULTS.md"), `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
