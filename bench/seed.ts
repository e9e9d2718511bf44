// Seeds a data directory with the demo organization and N feedbacks of varied text, through the store.
//   bun bench/seed.ts <dataDir> <count> [--grouping] [--portal]
//   --grouping: also indexed for grouping, as the job would;
//   --portal: one report in a hundred posted on the portal (all to review), and a changelog entry
//   per 200 feedbacks, each linking five of them, half of the entries published.
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

const [dataDir, countText, ...flags] = process.argv.slice(2);
const grouping = flags.includes("--grouping");
const portal = flags.includes("--portal");
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
      source: portal && i % 100 === 0 ? "portal" : "api",
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
  seeded[i] = feedbackId;
}

/** The ids of the feedbacks recorded, by number. */
const seeded: string[] = [];

/** Changelog entry number e: five feedbacks spread over the seeded ones, published if e is even. */
async function entry(e: number): Promise<void> {
  const at = t0 + e * 1000;
  await store.createEntry({
    id: systemIds.id(),
    orgId: org.id,
    title: `Release ${e}: what changed`,
    body: `${reportText(e)}\n\n${"The details of this release, as the team wrote them. ".repeat(15)}`,
    status: e % 2 ? "draft" : "published",
    ...(e % 2 ? {} : { publishedAt: at }),
    feedbackIds: Array.from({ length: 5 }, (_, k) => seeded[(e * 7919 + k * 104_729) % seeded.length]!),
    createdAt: at,
    updatedAt: at,
  });
}

// Many writes in flight at once share the store's group commits: a commit per feedback would take minutes at a million.
const IN_FLIGHT = 256;
for (let from = 0; from < count; from += IN_FLIGHT) {
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, count - from) }, (_, k) => record(from + k)));
  if (Math.floor((from + IN_FLIGHT) / 20_000) > Math.floor(from / 20_000)) console.error(`  seeded ${Math.min(from + IN_FLIGHT, count)}/${count}`);
}
if (portal) for (let e = 0; e < count / 200; e++) await entry(e);
// The search entries, as a server's worker writes them after the reports: else the benchmark's first search would.
for (let written = 0, n = 1; n > 0; written += n) {
  n = await store.catchUpSearch(10_000);
  if (n > 0 && Math.floor((written + n) / 200_000) > Math.floor(written / 200_000)) console.error(`  search entries ${written + n}/${count}`);
}
console.error(`  seeded ${count} feedbacks in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await store.close();
console.log(JSON.stringify(info));
