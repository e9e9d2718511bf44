// Benchmarks of the foundation, in one run on loopback; results are appended to bench/RESULTS.md.
//   bun bench/run.ts [--seconds 10] [--feedbacks 100000]
import { appendFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { BUN, percentile, ROOT, seed, signIn, start } from "./serve.ts";
import { scratchDir } from "./scratch.ts";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "10" }, feedbacks: { type: "string", default: "100000" } } });
const SECONDS = Number(values.seconds);
const FEEDBACKS = Number(values.feedbacks);

if (!Bun.which("wrk")) {
  console.error("wrk is missing: run bench/setup.sh first (it installs Debian's wrk).");
  process.exit(1);
}

/** Runs wrk with one thread and 32 connections, POSTing the body; returns requests/s and p99 in ms. */
async function wrk(url: string, body: string): Promise<{ rps: number; p99: number }> {
  const dir = scratchDir("wrk");
  const script = join(dir, "post.lua");
  writeFileSync(script, `wrk.method = "POST"\nwrk.headers["content-type"] = "application/json"\nwrk.body = ${JSON.stringify(body)}\n`);
  const run = Bun.spawn(["wrk", "-t1", "-c32", `-d${SECONDS}s`, "--latency", "-s", script, url], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(run.stdout).text();
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const [, value, unit] = /99%\s+([\d.]+)(us|ms|s)/.exec(out) ?? [];
  const p99 = Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit as "us" | "ms" | "s"] ?? NaN);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  if (non2xx) throw new Error(`${non2xx} failed responses:\n${out}`);
  return { rps, p99 };
}

// 1. Ingest: bare handler versus the durable POST /v1/reports.
console.error(`ingest: ${SECONDS} s each, wrk -t1 -c32`);
const report = (key: string) =>
  JSON.stringify({ publicKey: key, kind: "problem", message: "The checkout button does nothing on Safari", user: { email: "ann@example.com" } });
const bare = await start(["bench/bare.ts"], {});
const bareResult = await wrk(`http://127.0.0.1:${bare.port}/v1/reports`, report("pk"));
bare.proc.kill();

const ingestDir = scratchDir("bench");
const env = { DATA_DIR: ingestDir, RATE_LIMIT_REPORTS_PER_MINUTE: "1000000000" };
const demoCli = Bun.spawn([BUN, "apps/cli/main.ts", "demo", "--json"], { env: { ...process.env, ...env }, cwd: ROOT, stdout: "pipe" });
const demo = JSON.parse(await new Response(demoCli.stdout).text());
const retour = await start(["apps/server/main.ts"], env);
const ingest = await wrk(`http://127.0.0.1:${retour.port}/v1/reports`, report(demo.publicKey));
retour.proc.kill();
await retour.proc.exited;

// 2. Text search with N feedbacks stored: sequential requests, so latency is not queueing.
console.error(`search: seeding ${FEEDBACKS} feedbacks`);
const searchDir = scratchDir("bench");
const seedInfo = await seed(searchDir, FEEDBACKS);
const search = await start(["apps/server/main.ts"], { DATA_DIR: searchDir, RATE_LIMIT_API_PER_MINUTE: "1000000000" });
const QUERIES = [
  "checkout",
  "safari",
  "payment crashes",
  "invoice wrong total",
  "blank page",
  "case 4242",
  "export android",
  "dark mode",
  "slow network sidebar",
  "DEMO-99999",
  "passw",
  "nothing matches this",
];
const timings: number[] = [];
for (let i = 0; i < 600; i++) {
  const q = QUERIES[i % QUERIES.length]!;
  const t = performance.now();
  const res = await fetch(`http://127.0.0.1:${search.port}/v1/feedbacks?status=all&query=${encodeURIComponent(q)}`, {
    headers: { authorization: `Bearer ${seedInfo.tokens.admin}` },
  });
  await res.arrayBuffer();
  if (i >= 60) timings.push(performance.now() - t); // the first pass warms caches
  if (res.status !== 200) throw new Error(`search answered ${res.status}`);
}

// 3. The inbox page at N feedbacks: signed in through the real form, sequential requests.
const origin = `http://127.0.0.1:${search.port}`;
const cookie = await signIn(origin, seedInfo.users.member);
const PAGES = ["/inbox", "/inbox?status=all", "/inbox?kind=idea&status=all", "/inbox?query=checkout", "/inbox?severity=P1", "/inbox/DEMO-50"];
const pageTimings: number[] = [];
for (let i = 0; i < 300; i++) {
  const t = performance.now();
  const res = await fetch(`${origin}${PAGES[i % PAGES.length]}`, { headers: { cookie } });
  await res.arrayBuffer();
  if (i >= 30) pageTimings.push(performance.now() - t);
  if (res.status !== 200) throw new Error(`${PAGES[i % PAGES.length]} answered ${res.status}`);
}
search.proc.kill();
timings.sort((a, b) => a - b);
pageTimings.sort((a, b) => a - b);

const ratio = ingest.rps / bareResult.rps;
const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}`,
  "",
  `Command: \`bun bench/run.ts --seconds ${SECONDS} --feedbacks ${FEEDBACKS}\` (load: \`wrk -t1 -c32 -d${SECONDS}s\` on loopback, same machine)`,
  "",
  "| Measure | Result | Target |",
  "|---|---|---|",
  `| Bare Bun.serve, parse JSON + 201 | ${bareResult.rps.toFixed(0)} req/s, p99 ${bareResult.p99.toFixed(2)} ms | yardstick |`,
  `| POST /v1/reports (durable, SQLite WAL) | ${ingest.rps.toFixed(0)} req/s, p99 ${ingest.p99.toFixed(2)} ms | |`,
  `| Ingest / bare | ${(ratio * 100).toFixed(1)} % | ≥ 35 % ${ratio >= 0.35 ? "✅" : "❌"} |`,
  `| GET /v1/feedbacks?query=… at ${FEEDBACKS.toLocaleString("en")} feedbacks | p50 ${percentile(timings, 50).toFixed(2)} ms, p99 ${percentile(timings, 99).toFixed(2)} ms (${timings.length} sequential queries) | p99 < 50 ms ${percentile(timings, 99) < 50 ? "✅" : "❌"} |`,
  `| Inbox pages (list, filters, search, one feedback) at ${FEEDBACKS.toLocaleString("en")} feedbacks | p50 ${percentile(pageTimings, 50).toFixed(2)} ms, p99 ${percentile(pageTimings, 99).toFixed(2)} ms (${pageTimings.length} sequential pages) | < 100 ms ${percentile(pageTimings, 99) < 100 ? "✅" : "❌"} |`,
  "",
];
appendFileSync(join(ROOT, "bench/RESULTS.md"), `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
