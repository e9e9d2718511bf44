// The public portal under load: server time of the board, a feedback's page and the public JSON at
// one connection, and the board's throughput at 32 connections against /health in the same run.
//   bun bench/portal.ts [--feedbacks 1000000] [--published 10000] [--votes 1000000] [--requests 500] [--seconds 10]
import { appendFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLogger } from "../adapters/logging/logger.ts";
import { loadConfig } from "../apps/runtime/config.ts";
import { createServices } from "../apps/runtime/services.ts";
import { operatorGrant } from "../core/authorization.ts";
import { addComment } from "../core/feedback/add-comment.ts";
import { publishFeedback } from "../core/portal/publish-feedback.ts";
import { setPortal } from "../core/portal/set-portal.ts";
import { percentile, ROOT, seed, start } from "./serve.ts";
import { scratchDir } from "./scratch.ts";

const { values } = parseArgs({
  options: {
    feedbacks: { type: "string", default: "1000000" },
    published: { type: "string", default: "10000" },
    votes: { type: "string", default: "1000000" },
    requests: { type: "string", default: "500" },
    seconds: { type: "string", default: "10" },
  },
});
const FEEDBACKS = Number(values.feedbacks);
const PUBLISHED = Number(values.published);
const VOTES = Number(values.votes);
const REQUESTS = Number(values.requests);
const SECONDS = Number(values.seconds);
if (!Bun.which("wrk")) throw new Error("wrk is missing: run bench/setup.sh first (it installs Debian's wrk).");

console.error(`portal: seeding ${FEEDBACKS} feedbacks`);
const dataDir = scratchDir("portal");
const info = await seed(dataDir, FEEDBACKS);

// Published through the use case, spread over the range, one in ten with a public comment.
console.error(`  publishing ${PUBLISHED}`);
const services = await createServices(loadConfig({ DATA_DIR: dataDir }), createLogger("warn", false), "http://localhost");
const operator = operatorGrant(info.orgId);
await setPortal(services, operator, { enabled: true, title: "Demo feedback" });
const step = Math.max(1, Math.floor(FEEDBACKS / PUBLISHED));
const keys: string[] = [];
for (let i = 0; i < PUBLISHED; i++) {
  const key = `DEMO-${1 + i * step}`;
  const published = await publishFeedback(services, operator, key, { description: `What feedback ${i} means for everyone who uses the app.` });
  if (!published.ok) throw new Error(`${key}: ${published.code}`);
  if (i % 10 === 0) await addComment(services, operator, key, { text: "Thanks, we are looking at it.", visibility: "public" });
  keys.push(key);
}

// Votes spread over the published feedbacks, the first ones favoured (as a board's top ones are):
// through the store's own cast, each by another person, who follows; no webhooks subscribe here.
console.error(`  casting ${VOTES} votes`);
const published = await Promise.all(keys.map((key) => services.store.findFeedback(info.orgId, key)));
const CAST_AT_ONCE = 2_000;
for (let first = 0; first < VOTES; first += CAST_AT_ONCE) {
  await Promise.all(
    Array.from({ length: Math.min(CAST_AT_ONCE, VOTES - first) }, (_, j) => {
      const n = first + j;
      // Every other vote goes to the first tenth of them, the rest anywhere.
      const among = n % 2 === 0 ? Math.ceil(published.length / 10) : published.length;
      const f = published[(n * 7919) % among]!;
      const email = `voter-${n}@example.com`;
      return services.store.castVote(
        info.orgId,
        { feedbackId: f.id, email, at: f.createdAt },
        f.status,
        { feedbackId: f.id, email, language: "en" },
        [],
      );
    }),
  );
  if ((first / CAST_AT_ONCE) % 50 === 0) console.error(`  cast ${first}/${VOTES}`);
}
await services.store.close();

// Two servers on the store: one renders every request (the time of a render), the other as deployed,
// keeping each address a second for all its readers (a spike on one link).
const env = { DATA_DIR: dataDir, RATE_LIMIT_API_PER_MINUTE: "1000000000" };
const server = await start(["apps/server/main.ts"], { ...env, PORTAL_CACHE_MS: "0" });
const origin = `http://127.0.0.1:${server.port}`;

/** Sequential requests (latency, not queueing), each asking for the whole answer (no If-None-Match); the first tenth warms caches. */
async function measure(path: (i: number) => string): Promise<{ p50: number; p99: number }> {
  const timings: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const address = path(i);
    const res = await fetch(`${origin}${address}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${address} answered ${res.status}`);
    if (i >= REQUESTS / 10) timings.push(performance.now() - t);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
}

/** wrk with one thread and 32 connections on a GET; requests/s and p99 in ms. */
async function wrk(url: string): Promise<{ rps: number; p99: number }> {
  const script = join(scratchDir("wrk"), "get.lua");
  writeFileSync(script, 'wrk.method = "GET"\n');
  const run = Bun.spawn(["wrk", "-t1", "-c32", `-d${SECONDS}s`, "--latency", "-s", script, url], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(run.stdout).text();
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const [, value, unit] = /99%\s+([\d.]+)(us|ms|s)/.exec(out) ?? [];
  const p99 = Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit as "us" | "ms" | "s"] ?? Number.NaN);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  if (non2xx) throw new Error(`${non2xx} failed responses:\n${out}`);
  return { rps, p99 };
}

const BOARDS = ["/p/demo", "/p/demo?sort=new", "/p/demo?sort=trending", "/p/demo?kind=idea", "/p/demo?status=all&query=feedback"];
const JSONS = ["/v1/portal/demo/feedbacks", "/v1/portal/demo/feedbacks?sort=new", "/v1/portal/demo/feedbacks?status=all&limit=50"];
const cases = [
  { name: "Board /p/{slug} (5 views: sorts, a filter, a search)", run: () => measure((i) => BOARDS[i % BOARDS.length]!) },
  { name: "Feedback page /p/{slug}/{key}", run: () => measure((i) => `/p/demo/${keys[(i * 7919) % keys.length]}`) },
  { name: "Public JSON list /v1/portal/{slug}/feedbacks (3 views)", run: () => measure((i) => JSONS[i % JSONS.length]!) },
  {
    name: "Public JSON feedback /v1/portal/{slug}/feedbacks/{key}",
    run: () => measure((i) => `/v1/portal/demo/feedbacks/${keys[(i * 104729) % keys.length]}`),
  },
];
const rows: string[] = [];
for (const c of cases) {
  console.error(`  ${c.name}`);
  const { p50, p99 } = await c.run();
  rows.push(`| ${c.name}, 1 connection | p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms | p99 < 10 ms ${p99 < 10 ? "✅" : "❌"} |`);
}
console.error(`  /health and the board, wrk -t1 -c32 -d${SECONDS}s`);
const uncached = await wrk(`${origin}/p/demo`);
server.proc.kill();
const deployed = await start(["apps/server/main.ts"], env);
const deployedOrigin = `http://127.0.0.1:${deployed.port}`;
const health = await wrk(`${deployedOrigin}/health`);
const board = await wrk(`${deployedOrigin}/p/demo`);
deployed.proc.kill();
const ratio = board.rps / health.rps;
rows.push(`| GET /health, 32 connections | ${Math.round(health.rps)} req/s, p99 ${health.p99.toFixed(2)} ms | yardstick |`);
rows.push(
  `| Board /p/{slug}, 32 connections, rendered for each request (PORTAL_CACHE_MS=0) | ${Math.round(uncached.rps)} req/s, p99 ${uncached.p99.toFixed(2)} ms | |`,
);
rows.push(
  `| Board /p/{slug}, 32 connections, as deployed (rendered once a second) | ${Math.round(board.rps)} req/s, p99 ${board.p99.toFixed(2)} ms | |`,
);
rows.push(`| Board as deployed / health | ${(ratio * 100).toFixed(1)} % | ≥ 50 % ${ratio >= 0.5 ? "✅" : "❌"} |`);

const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — public portal at ${FEEDBACKS.toLocaleString("en")} feedbacks, ${PUBLISHED.toLocaleString("en")} published, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}`,
  "",
  `Command: \`bun bench/portal.ts --feedbacks ${FEEDBACKS} --published ${PUBLISHED} --votes ${VOTES} --requests ${REQUESTS} --seconds ${SECONDS}\` (loopback; whole answers, no If-None-Match; the one-connection rows on a server rendering every request; ${VOTES.toLocaleString("en")} votes over the published feedbacks; load average ${loadavg()[0]!.toFixed(1)} when the run ended)`,
  "",
  "| Measure | Result | Target |",
  "|---|---|---|",
  ...rows,
  "",
];
console.log(lines.join("\n"));
appendFileSync(join(ROOT, "bench/RESULTS.md"), `${lines.join("\n")}\n`);
