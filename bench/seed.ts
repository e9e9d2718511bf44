// Seeds a data directory with the demo organization and N feedbacks of varied text, through the store.
//   bun bench/seed.ts <dataDir> <count> [--grouping]   (--grouping: also indexed for grouping, as the job would)
import { systemIds } from "../adapters/system/ids.ts";
import { demo } from "../apps/runtime/demo.ts";
import { loadConfig } from "../apps/runtime/config.ts";
import { createServices } from "../apps/runtime/services.ts";
import { createLogger } from "../adapters/logging/logger.ts";
import { reportText } from "./corpus.ts";
import { reportGroupingText } from "../core/grouping/compare.ts";
import { initialTitle } from "../core/report/title.ts";
import { trackingTokenHash } from "../core/report/tracking-token.ts";
import type { NormalizedReport } from "../core/report/normalize.ts";

const [dataDir, countText, flag] = process.argv.slice(2);
const grouping = flag === "--grouping";
const count = Number(countText);
const services = await createServices(loadConfig({ DATA_DIR: dataDir! }), createLogger("warn", false), "http://localhost");
const { store } = services;
const info = await demo(services);
const org = (await store.findOrganization(info.orgId))!;
const started = performance.now();
const t0 = Date.now() - count * 1000;
/** Records feedback number i (its text, kind, status and time follow from i). */
async function record(i: number): Promise<void> {
  const message = reportText(i);
  const report: NormalizedReport = { kind: "problem", message, author: {} };
  const at = t0 + i * 1000;
  const feedbackId = systemIds.id();
  const reportId = systemIds.id(); // tracked by its own id, as the service's reports are
  await store.recordFeedback({
    feedback: {
      id: feedbackId,
      orgId: org.id,
      appId: info.appId,
      title: initialTitle(report),
      kind: i % 3 ? "problem" : "idea",
      status: i % 7 ? "triage" : "delivered",
      reports: 1,
      createdAt: at,
      lastActivityAt: at,
    },
    report: {
      id: reportId,
      feedbackId,
      orgId: org.id,
      appId: info.appId,
      source: "api",
      report,
      language: "en",
      conversation: [],
      statusId: reportId,
      at,
    },
    // A hash as real reports store it (trackingTokenHash), so that bytes per feedback are a real report's.
    statusTokenHash: trackingTokenHash(services.digest, String(i)),
    event: { id: systemIds.id(), type: "feedback.created", orgId: org.id, feedbackId, createdAt: at },
    attachments: [],
    jobs: [],
    quota: { month: "seed", limit: null },
  });
  // The text the grouping job indexes a new feedback by: its title, then its report.
  const text = reportGroupingText(report);
  if (grouping) await store.indexForGrouping(info.appId, feedbackId, services.grouper.keys(text), text);
}

// Many writes in flight at once share the store's group commits: a commit per feedback would take minutes at a million.
const IN_FLIGHT = 256;
for (let from = 0; from < count; from += IN_FLIGHT) {
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, count - from) }, (_, k) => record(from + k)));
  if (Math.floor((from + IN_FLIGHT) / 20_000) > Math.floor(from / 20_000)) console.error(`  seeded ${Math.min(from + IN_FLIGHT, count)}/${count}`);
}
console.error(`  seeded ${count} feedbacks in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await store.close();
console.log(JSON.stringify(info));
