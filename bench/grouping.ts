// Grouping quality, replayed through the same path as the service: each report is recorded in one
// app in the default `auto` mode, then its grouping job runs from the store's queue (triage,
// candidate lookup on the real SQLite index, comparison, decision, merge); right after it, the
// feedback's `/similar` list is read as the inbox reads it.
//   bun bench/grouping.ts [--set FILE …] [--explain] [--record]
// A set is `[{id?, group, title?, text, at?}]` (or `{reports: […]}`), in arrival order; reports with
// the same group are duplicates. Without --set: the team's own three sets in test/fixtures/
// (grouping.json was tuned on; grouping-holdout.json was never used to tune).
// Measures: automatic merges right and wrong (right when the report joins a feedback whose first
// report is of its group) and their precision; the share of true pairs whose later report was
// merged with its earlier mate or offered it among the first five of /similar; pairwise precision
// and recall of the final feedbacks; and, once every report is in, the pairs waiting in Possible
// duplicates and how many of the 50 it shows first are true pairs.
import { appendFileSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { createLogger } from "../adapters/logging/logger.ts";
import { loadConfig } from "../apps/runtime/config.ts";
import { demo } from "../apps/runtime/demo.ts";
import { createServices } from "../apps/runtime/services.ts";
import { operatorGrant } from "../core/authorization.ts";
import { listSuggestions } from "../core/merges/list-suggestions.ts";
import { similarTo } from "../core/merges/list-similar.ts";
import { recordFeedback } from "../core/report/record-feedback.ts";
import { resolveFeedback } from "../core/feedback/find-feedback.ts";
import { runJob } from "../core/jobs/run-job.ts";
import { scratchDir } from "./scratch.ts";

interface Labelled {
  readonly group: string;
  readonly title?: string;
  readonly text: string;
}

/** How many of /similar's first entries count as offered, as the inbox shows them. */
const OFFERED = 5;

/** A fixed arrival order for the team's sets, which carry no dates: Fisher–Yates driven by a seeded LCG. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const order = [...items];
  let state = seed;
  for (let i = order.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

interface Outcome {
  readonly reports: number;
  readonly truePairs: number;
  readonly right: number;
  readonly wrong: number;
  /** Wrong merges of a report identical to the feedback's first, title and text. */
  readonly identical: number;
  readonly mergedOrOffered: number;
  readonly precision: number;
  readonly recall: number;
  readonly feedbacks: number;
  readonly msPerReport: number;
  /** Pairs waiting in Possible duplicates at the end ("1000+" beyond what it counts), and the true pairs among those it shows. */
  readonly waiting: string;
  readonly shownTrue: string;
}

async function replay(reports: readonly Labelled[]): Promise<Outcome> {
  const services = await createServices(loadConfig({ DATA_DIR: scratchDir("bench-grouping") }), createLogger("silent", false), "http://localhost");
  const info = await demo(services);
  const context = (await services.store.findChannelByKey(info.publicKey))!;
  const home: string[] = []; // the feedback each report was recorded in
  const titleOf = (i: number) => (reports[i]!.title ?? reports[i]!.text).slice(0, 80);
  const current = async (i: number) => (await resolveFeedback(services, info.orgId, home[i]!))!.id;
  let right = 0;
  let wrong = 0;
  let identical = 0;
  let mergedOrOffered = 0;
  let truePairs = 0;
  let grouping = 0;
  for (const [i, report] of reports.entries()) {
    const recorded = await recordFeedback(services, {
      context,
      source: "api",
      report: { kind: "problem", message: report.text, ...(report.title && { title: report.title }), author: {} },
      language: "en",
      conversation: [],
    });
    if (!recorded.ok || recorded.value.outcome.kind !== "recorded") throw new Error(`report ${i} was not recorded`);
    home.push((await services.store.findFeedback(info.orgId, recorded.value.outcome.body.ticketId))!.id);
    const started = performance.now();
    for (
      let job = await services.store.claimJob(Date.now() + 60_000, 60_000, "bench");
      job;
      job = await services.store.claimJob(Date.now() + 60_000, 60_000, "bench")
    ) {
      if (job.request.kind === "group_report") await runJob(services, job.request);
      await services.store.completeJob(job);
    }
    grouping += performance.now() - started;
    const now = await current(i);
    const mates = reports.slice(0, i).flatMap((earlier, j) => (earlier.group === report.group ? [j] : []));
    if (now !== home[i]) {
      // Merged into an older feedback: right when that feedback's first report is of this group.
      const first = home.indexOf(now);
      if (reports[first]?.group === report.group) right++;
      else {
        wrong++;
        // The labels of real sets miss some duplicates, above all a report filed twice word for word.
        if (reports[first]!.text === report.text && reports[first]!.title === report.title) identical++;
        if (explain) console.error(`  wrong merge: ${titleOf(i)}  →  ${titleOf(first)}`);
      }
    }
    const feedback = (await services.store.findFeedback(info.orgId, now))!;
    const offered = new Set(
      now === home[i]
        ? (await similarTo(services, feedback, await services.store.listReports(feedback.id))).slice(0, OFFERED).map((s) => s.feedback.id)
        : [],
    );
    for (const mate of mates) {
      truePairs++;
      const there = await current(mate);
      if (there === now || offered.has(there)) mergedOrOffered++;
      else if (explain) console.error(`  not offered: ${titleOf(i)}  ↔  ${titleOf(mate)}`);
    }
  }
  const final = await Promise.all(reports.map((_, i) => current(i)));
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let a = 0; a < reports.length; a++) {
    for (let b = a + 1; b < reports.length; b++) {
      const same = reports[a]!.group === reports[b]!.group;
      const together = final[a] === final[b];
      if (same && together) tp++;
      else if (together) fp++;
      else if (same) fn++;
    }
  }
  // A feedback's subject is its first report's group.
  const groupOf = (id: string) => reports[home.indexOf(id)]?.group;
  const queue = await listSuggestions(services, operatorGrant(info.orgId), null);
  if (!queue.ok) throw new Error(queue.code);
  const shownTrue = queue.value.pairs.filter((p) => groupOf(p.feedback.id) === groupOf(p.similar.id)).length;
  await services.store.close();
  return {
    waiting: `${queue.value.waiting}${queue.value.countedAll ? "" : "+"}`,
    shownTrue: `${shownTrue} / ${queue.value.pairs.length}`,
    reports: reports.length,
    truePairs,
    right,
    wrong,
    identical,
    mergedOrOffered,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
    feedbacks: new Set(final).size,
    msPerReport: grouping / reports.length,
  };
}

function readSet(file: string): Labelled[] {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as Labelled[] | { reports: Labelled[] };
  return Array.isArray(parsed) ? parsed : parsed.reports;
}

const args = process.argv.slice(2);
/** --explain: each wrong automatic merge and each true pair neither merged nor offered, on stderr. */
const explain = args.includes("--explain");
const files = args.flatMap((arg, i) => (args[i - 1] === "--set" ? [arg] : []));
const fixtures = join(import.meta.dir, "../test/fixtures");
const sets =
  files.length > 0
    ? files.map((file) => ({ name: basename(file), reports: readSet(file) }))
    : ["grouping.json", "grouping-development.json", "grouping-holdout.json"].map((name) => ({
        name,
        reports: shuffled(readSet(join(fixtures, name)), 7),
      }));

const rows: string[] = [];
for (const set of sets) {
  const r = await replay(set.reports);
  const automatic = r.right + r.wrong === 0 ? 1 : r.right / (r.right + r.wrong);
  // Counting a report identical word for word to the feedback it joined as the duplicate it is.
  const sameText = r.right + r.wrong === 0 ? 1 : (r.right + r.identical) / (r.right + r.wrong);
  rows.push(
    `| ${set.name} | ${r.reports} | ${r.truePairs} | ${r.right} / ${r.wrong} (${r.identical}) | ${automatic.toFixed(2)} (${sameText.toFixed(2)}) | ${(r.mergedOrOffered / Math.max(1, r.truePairs)).toFixed(2)} | ${r.precision.toFixed(3)} | ${r.recall.toFixed(3)} | ${r.feedbacks} | ${r.msPerReport.toFixed(2)} ms | ${r.waiting} | ${r.shownTrue} |`,
  );
  console.error(`  ${set.name}: done`);
}
const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — grouping quality through the service's path, Bun ${Bun.version}`,
  "",
  `Command: \`bun bench/grouping.ts${files.map((f) => ` --set ${f}`).join("")}\` (each report recorded, then its grouping job run from the queue on a real SQLite store, default \`auto\` mode)`,
  "",
  `| Set | Reports | True pairs | Automatic merges right / wrong (of them identical texts) | Automatic precision (identical texts counted right) | Pairs merged or offered (first ${OFFERED} of /similar) | Pairwise precision | Pairwise recall | Feedbacks | Grouping job per report | Pairs waiting in Possible duplicates | True pairs among those it shows |`,
  "|---|---|---|---|---|---|---|---|---|---|---|---|",
  ...rows,
  "",
];
if (args.includes("--record")) appendFileSync(join(import.meta.dir, "RESULTS.md"), `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
