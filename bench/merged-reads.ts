// The reads of a feedback many others were merged into (a popular subject whose duplicates were
// each merged into it): GET /v1/feedbacks/{key} and its page in the inbox, in process on SQLite,
// with the store calls each request makes (on MongoDB each call is a round trip); appended to
// bench/RESULTS.md.
//   bun bench/merged-reads.ts [--merges 2000] [--requests 20]
import { appendFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createHttpApp } from "../adapters/http/app.ts";
import { createLogger } from "../adapters/logging/logger.ts";
import { systemIds } from "../adapters/system/ids.ts";
import { loadConfig } from "../apps/runtime/config.ts";
import { demo } from "../apps/runtime/demo.ts";
import { createServices } from "../apps/runtime/services.ts";
import { mergeInto } from "../core/merges/merge-into.ts";
import type { FeedbackRecord } from "../core/model.ts";
import { initialTitle } from "../core/report/title.ts";
import type { Services } from "../core/services.ts";
import { reportText } from "./corpus.ts";
import { scratchDir } from "./scratch.ts";
import { percentile, ROOT, signIn } from "./serve.ts";

const { values } = parseArgs({
  options: {
    merges: { type: "string", default: "2000" },
    requests: { type: "string", default: "20" },
  },
});
const MERGES = Number(values.merges);
const REQUESTS = Number(values.requests);
const ORIGIN = "http://localhost:3000";

const config = loadConfig({ DATA_DIR: scratchDir("merged-reads"), LOG_LEVEL: "warn" });
const real = await createServices(config, createLogger("warn", false), ORIGIN, "server");

/** Calls of each store method while `counting`: every request's reads go through here. */
const calls = new Map<string, number>();
let counting = false;
const store = new Proxy(real.store, {
  get(target, name, receiver) {
    const value = Reflect.get(target, name, receiver);
    if (typeof name !== "string" || typeof value !== "function") return value;
    return (...args: unknown[]) => {
      if (counting) calls.set(name, (calls.get(name) ?? 0) + 1);
      return value.apply(target, args);
    };
  },
});
const services: Services = { ...real, store };
const app = createHttpApp(services, {
  reportsPerMinute: 1_000_000_000,
  widgetKeyPerMinute: 1_000_000_000,
  apiPerMinute: 1_000_000_000,
  registrationsPerHour: 1_000_000_000,
  clientAddress: () => "127.0.0.1",
  onServiceFailure: () => undefined,
  onUnexpected: (e) => console.error(e),
  onStoreUnavailable: (e) => console.error(e),
});
const send = (request: Request) => app.handle(request);
const info = await demo(services);

/** Records feedback number i with one report, as bench/seed.ts does. */
async function record(i: number): Promise<FeedbackRecord> {
  const at = Date.now() - (MERGES + 1 - i) * 1000;
  const report = { kind: "problem" as const, message: reportText(i), author: {} };
  const feedback = {
    id: systemIds.id(),
    orgId: info.orgId,
    appId: info.appId,
    title: initialTitle(report),
    kind: "problem" as const,
    status: "triage" as const,
    reports: 1,
    createdAt: at,
    lastActivityAt: at,
  };
  const reportId = systemIds.id();
  await real.store.recordFeedback({
    feedback,
    report: {
      id: reportId,
      feedbackId: feedback.id,
      orgId: info.orgId,
      appId: info.appId,
      source: "api",
      report,
      language: "en",
      conversation: [],
      statusId: reportId,
      at,
    },
    statusTokenHash: `hash-${i}`,
    event: { id: systemIds.id(), type: "feedback.created", orgId: info.orgId, feedbackId: feedback.id, createdAt: at },
    attachments: [],
    jobs: [],
    quota: { month: "seed", limit: null },
  });
  return (await real.store.findFeedback(info.orgId, feedback.id))!;
}

console.error(`merged-reads: one feedback and ${MERGES} duplicates merged into it`);
const seedStarted = performance.now();
const target = await record(0);
const admin = (await real.store.findUserByEmail(info.users.admin.email))!;
for (let i = 1; i <= MERGES; i++) {
  const merged = await mergeInto(real, await record(i), (await real.store.findFeedback(info.orgId, target.id))!, admin.id, null);
  if (!merged.ok) throw new Error(`merge ${i} refused: ${merged.code}`);
}
console.error(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
const cookie = await signIn(ORIGIN, info.users.member, send);

/** Sequential requests, the first warming caches; p50 and max in ms, and the store calls of one request. */
async function measure(path: string, headers: Record<string, string>): Promise<{ p50: number; max: number; calls: Map<string, number> }> {
  const timings: number[] = [];
  let perRequest = new Map<string, number>();
  for (let i = 0; i <= REQUESTS; i++) {
    calls.clear();
    counting = true;
    const started = performance.now();
    const response = await send(new Request(`${ORIGIN}${path}`, { headers }));
    await response.arrayBuffer();
    const ms = performance.now() - started;
    counting = false;
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    if (i > 0) timings.push(ms);
    perRequest = new Map(calls);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), max: timings.at(-1)!, calls: perRequest };
}

/** The store calls of one request, in all, then the three most made. */
function described(made: Map<string, number>): string {
  const total = [...made.values()].reduce((sum, n) => sum + n, 0);
  const most = [...made].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return `${total.toLocaleString("en")} (${most.map(([name, n]) => `${name} ${n.toLocaleString("en")}`).join(", ")})`;
}

const cases: Array<{ name: string; path: string; headers: Record<string, string> }> = [
  { name: `GET /v1/feedbacks/${target.key}`, path: `/v1/feedbacks/${target.key}`, headers: { authorization: `Bearer ${info.tokens.admin}` } },
  { name: `Feedback page /inbox/${target.key}`, path: `/inbox/${target.key}`, headers: { cookie } },
];
const rows: string[] = [];
for (const c of cases) {
  console.error(`  ${c.name}`);
  const { p50, max, calls: made } = await measure(c.path, c.headers);
  rows.push(`| ${c.name} | p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms | ${described(made)} |`);
}
await real.store.close();

const entry = [
  "",
  `## ${new Date().toISOString().slice(0, 10)} — the reads of a feedback ${MERGES.toLocaleString("en")} others were merged into, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, Bun ${Bun.version}`,
  "",
  `Command: \`bun bench/merged-reads.ts --merges ${MERGES} --requests ${REQUESTS}\` (in process on SQLite, through app.handle, no sockets; sequential requests, the first left out; the store's calls counted for one request)`,
  "",
  "| Request | Time | Store calls per request (the most made) |",
  "|---|---|---|",
  ...rows,
  "",
].join("\n");
appendFileSync(join(ROOT, "bench/RESULTS.md"), entry);
console.log(entry);
