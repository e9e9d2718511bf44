// Look-alikes as a person pauses typing a title (POST /v1/widget/similar, the portal's post form):
// publishedLookAlikes in process on SQLite, every feedback of the organization published, for
// titles of common words, a rare word (one feedback's own), words no feedback holds, misspellings
// and half-typed words; the time of a look and of the portal's public search on the same words.
// Appended to bench/RESULTS.md.
//   bun bench/look-alikes.ts [--sizes 10000,100000] [--looks 50]
import { appendFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLogger } from "../adapters/logging/logger.ts";
import { loadConfig } from "../apps/runtime/config.ts";
import { createServices } from "../apps/runtime/services.ts";
import { operatorGrant } from "../core/authorization.ts";
import { listPublicFeedbacks } from "../core/portal/list-public-feedbacks.ts";
import { publishedLookAlikes } from "../core/portal/look-alikes.ts";
import { publicationWords } from "../core/portal/publish-feedback.ts";
import { setPortal } from "../core/portal/set-portal.ts";
import { percentile, ROOT, seed } from "./serve.ts";
import { scratchDir } from "./scratch.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000" },
    looks: { type: "string", default: "50" },
  },
});
const SIZES = values.sizes.split(",").map(Number);
const LOOKS = Number(values.looks);

/** Titles as typed, by kind; `{case}` is one seeded feedback's own word (bench/corpus.ts: "case" and i in base 36). */
const TITLES: Readonly<Record<string, readonly string[]>> = {
  "common words": ["Checkout crashes on Safari", "The invoice export is slow", "Payment times out after the update", "Dark mode sidebar"],
  "a rare word": ["Wrong total in case {case}", "Blank page {case}", "{case} freezes", "Settings {case} misaligned"],
  "words in no feedback": ["Kerberos tickets expire overnight", "Bluetooth headset disconnects", "Webhook retries", "Quarterly forecast"],
  misspellings: ["Chekout craches on Safary", "Pasword resett fails", "Notifcation sond", "Recipt totl wrnog"],
  "half typed": ["Check", "Invoice exp", "Paym", "Calendar sy"],
};

/** A data directory with `size` feedbacks, all published, as bench/seed.ts writes them. */
async function published(size: number) {
  const dataDir = scratchDir("look-alikes");
  const info = await seed(dataDir, size);
  const services = await createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }), createLogger("warn", false), "http://localhost");
  await setPortal(services, operatorGrant(info.orgId), { enabled: true, title: "Demo feedback" });
  const started = performance.now();
  for (let n = 1; n <= size; n++) {
    const feedback = await services.store.findFeedback(info.orgId, `DEMO-${n}`);
    if (!feedback) continue;
    const description = `What feedback ${n} means for everyone who uses the app.`;
    const words = publicationWords(feedback.key, feedback.title, description);
    await services.store.publish({
      feedbackId: feedback.id,
      orgId: info.orgId,
      title: feedback.title,
      description,
      publishedAt: feedback.createdAt,
      words,
    });
  }
  console.error(`  published ${size} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { services, info };
}

/** Sorted times in ms of `run` over `times` rounds, after one round that warms caches. */
async function timed(times: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  await run(0);
  const timings: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await run(i);
    timings.push(performance.now() - t);
  }
  return timings.sort((a, b) => a - b);
}

const figures = (t: readonly number[]) => `${[50, 95, 99].map((p) => percentile(t, p).toFixed(2)).join(" / ")} / ${t.at(-1)!.toFixed(2)}`;

const rows: string[] = [];
for (const size of SIZES) {
  console.error(`look-alikes: ${size} feedbacks, all published`);
  const { services, info } = await published(size);
  const portal = (await services.store.findPortal(info.orgId))!;
  const apps = [{ id: info.appId, name: "Demo" }];
  const titled = (title: string, i: number) => title.replace("{case}", ((i * 7919) % size).toString(36));
  const newest = await publishedLookAlikes(services, {
    portal,
    apps,
    text: (await services.store.findFeedback(info.orgId, `DEMO-${size}`))!.title,
    language: "en",
  });
  if (newest.length === 0) throw new Error("the newest feedback's own title found no look-alike: the seeding went wrong");
  const all: number[] = [];
  for (const [kind, titles] of Object.entries(TITLES)) {
    const title = (i: number) => titled(titles[i % titles.length]!, i);
    const looks = await timed(LOOKS * titles.length, (i) => publishedLookAlikes(services, { portal, apps, text: title(i), language: "en" }));
    const searches = await timed(LOOKS * titles.length, (i) =>
      listPublicFeedbacks(services, portal.slug, { query: title(i), status: "all", sort: "new" }, "en"),
    );
    all.push(...looks);
    rows.push(`| ${size.toLocaleString("en")} | ${kind} | ${figures(looks)} | ${figures(searches)} |`);
  }
  rows.push(`| ${size.toLocaleString("en")} | all looks | ${figures(all.sort((a, b) => a - b))} | |`);
  await services.store.close();
}

const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — look-alikes as a title is typed, every feedback published, ${cpus().length} × ${cpus()[0]?.model.trim() ?? "cpu"}, Bun ${Bun.version}`,
  "",
  `Command: \`bun bench/look-alikes.ts --sizes ${SIZES.join(",")} --looks ${LOOKS}\` (in process on SQLite; ${LOOKS} looks per title, ${Object.values(TITLES)[0]!.length} titles per kind; the portal's public search, status all, newest first, on the same text; load average ${loadavg()[0]!.toFixed(1)} when the run ended)`,
  "",
  "| Published | Titles | Look, p50 / p95 / p99 / max (ms) | Public search, p50 / p95 / p99 / max (ms) |",
  "|---|---|---|---|",
  ...rows,
  "",
];
console.log(lines.join("\n"));
appendFileSync(join(ROOT, "bench/RESULTS.md"), `${lines.join("\n")}\n`);
