// Grouping throughput as feedbacks pile up: reports grouped per second (triage, candidate lookup,
// comparison, merge or index) with 1,000, 10,000 and 100,000 feedbacks stored in one app.
//   bun bench/grouping-scale.ts [--record]
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { createLogger } from "../adapters/logging/logger.ts";
import { loadConfig } from "../apps/runtime/config.ts";
import { demo } from "../apps/runtime/demo.ts";
import { createServices } from "../apps/runtime/services.ts";
import { recordFeedback, type Submitted } from "../core/report/record-feedback.ts";
import { runJob } from "../core/jobs/run-job.ts";
import { reportText } from "./corpus.ts";
import { scratchDir } from "./scratch.ts";

const SIZES = [1_000, 10_000, 100_000];
const MEASURED = 500;
const rows: string[] = [];
const perReport: number[] = [];
for (const size of SIZES) {
  const services = await createServices(loadConfig({ DATA_DIR: scratchDir("bench-group") }), createLogger("silent", false), "http://localhost");
  const info = await demo(services);
  const context = (await services.store.findChannelByKey(info.publicKey))!;
  const ticket = (submitted: Submitted): string => (submitted.outcome.kind === "recorded" ? submitted.outcome.body.ticketId : "");
  const record = (message: string) =>
    recordFeedback(services, { context, source: "api", report: { kind: "problem", message, author: {} }, language: "en", conversation: [] });
  // Seed: feedbacks recorded and indexed as the grouping job would, in parallel batches.
  const seedStarted = performance.now();
  for (let start = 0; start < size; start += 1_000) {
    const created = await Promise.all(Array.from({ length: Math.min(1_000, size - start) }, (_, k) => record(reportText(start + k))));
    await Promise.all(
      created.map(async (c, k) => {
        if (!c.ok) throw new Error(c.code);
        const feedback = (await services.store.findFeedback(info.orgId, ticket(c.value)))!;
        const t = reportText(start + k);
        await services.store.indexForGrouping(info.appId, feedback.id, services.grouper.keys(t), t);
      }),
    );
  }
  // Clear the seed's own grouping jobs: only the measured reports are grouped.
  for (
    let job = await services.store.claimJob(Date.now() + 60_000, 60_000, "seed");
    job;
    job = await services.store.claimJob(Date.now() + 60_000, 60_000, "seed")
  ) {
    await services.store.completeJob(job);
  }
  console.error(`  ${size} feedbacks seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  const fresh = await Promise.all(Array.from({ length: MEASURED }, (_, k) => record(reportText(size + k * 7919))));
  const jobs = await Promise.all(
    fresh.map(async (c) => ({
      kind: "group_report" as const,
      orgId: info.orgId,
      feedbackId: (await services.store.findFeedback(info.orgId, c.ok ? ticket(c.value) : ""))!.id,
    })),
  );
  const started = performance.now();
  for (const job of jobs) await runJob(services, job);
  const ms = (performance.now() - started) / MEASURED;
  perReport.push(ms);
  rows.push(`| ${size.toLocaleString("en")} feedbacks stored | ${(1000 / ms).toFixed(0)} reports/s (${ms.toFixed(2)} ms each) |`);
  await services.store.close();
}
const growth = perReport.at(-1)! / perReport[0]!;
const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — grouping throughput, Bun ${Bun.version}`,
  "",
  `Command: \`bun bench/grouping-scale.ts\` (${MEASURED} new reports grouped one after the other: triage, candidate lookup, comparison, fold or index)`,
  "",
  "| Stored | Grouped |",
  "|---|---|",
  ...rows,
  `| Cost per report, 100,000 vs 1,000 stored | × ${growth.toFixed(2)} (target < × 2 ${growth < 2 ? "✅" : "❌"}; at 100,000: ≥ 500 reports/s ${1000 / perReport.at(-1)! >= 500 ? "✅" : "❌"}) |`,
  "",
];
if (process.argv.includes("--record")) appendFileSync(join(import.meta.dir, "RESULTS.md"), `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
