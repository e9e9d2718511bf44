// Resident memory under a steady load: 32 connections of ingest (each report distinct, so grouping
// works too) and 4 of reads (the list and a search), for N minutes; the server's RSS is sampled every
// 5 s and summed up per minute, then once more after the load. Appended to bench/RESULTS.md.
// Then, once the background work the load queued has run (grouping, at most --drain-minutes), the
// server's RSS once more: it gives its caches back after 10 s without work.
//   bun bench/soak.ts [--minutes 10] [--drain-minutes 15]
import { Database } from "bun:sqlite";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { BUN, ROOT, start } from "./serve.ts";
import { scratchDir } from "./scratch.ts";

const { values } = parseArgs({ options: { minutes: { type: "string", default: "10" }, "drain-minutes": { type: "string", default: "15" } } });
const MINUTES = Number(values.minutes);
const DRAIN_MINUTES = Number(values["drain-minutes"]);
const SAMPLE_MS = 5_000;

if (!Bun.which("wrk")) {
  console.error("wrk is missing: run bench/setup.sh first (it installs Debian's wrk).");
  process.exit(1);
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

function wrk(origin: string, connections: number, lua: string) {
  const script = join(scratchDir("wrk"), "load.lua");
  writeFileSync(script, lua);
  const run = Bun.spawn(["wrk", "-t1", `-c${connections}`, `-d${MINUTES * 60}s`, "-s", script, origin], { stdout: "pipe", stderr: "inherit" });
  return new Response(run.stdout).text().then((out) => {
    const failed = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
    return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]), failed: Number(failed ?? 0) };
  });
}

const dataDir = scratchDir("soak");
const env = { DATA_DIR: dataDir, RATE_LIMIT_REPORTS_PER_MINUTE: "1000000000", RATE_LIMIT_API_PER_MINUTE: "1000000000" };
const demoCli = Bun.spawn([BUN, "apps/cli/main.ts", "demo", "--json"], { env: { ...process.env, ...env }, cwd: ROOT, stdout: "pipe" });
const demo = JSON.parse(await new Response(demoCli.stdout).text());
const server = await start(["apps/server/main.ts"], env);
const origin = `http://127.0.0.1:${server.port}`;
await Bun.sleep(2_000);
const idle = rssOf(server.proc.pid);

const ingest = wrk(
  origin,
  32,
  `wrk.method = "POST"
wrk.path = "/v1/reports"
wrk.headers["content-type"] = "application/json"
local subjects = { "checkout", "invoice", "export", "search", "login", "sidebar", "calendar", "upload" }
local n = 0
request = function()
  n = n + 1
  local body = '{"publicKey":"${demo.publicKey}","kind":"problem","message":"The ' .. subjects[(n % #subjects) + 1] .. ' page fails after step ' .. n .. ' on my phone"}'
  return wrk.format(nil, nil, nil, body)
end
`,
);
const reads = wrk(
  origin,
  4,
  `local paths = { "/v1/feedbacks?limit=20", "/v1/feedbacks?status=all&limit=20&query=checkout", "/v1/feedbacks?status=all&limit=20&query=phone" }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1], { ["authorization"] = "Bearer ${demo.tokens.admin}" })
end
`,
);

console.error(`soak: ${MINUTES} min, RSS idle ${Math.round(idle)} MB`);
const perMinute: number[] = [];
const started = Date.now();
while (Date.now() - started < MINUTES * 60_000) {
  await Bun.sleep(SAMPLE_MS);
  const minute = Math.floor((Date.now() - started) / 60_000);
  if (minute >= MINUTES) break;
  perMinute[minute] = Math.max(perMinute[minute] ?? 0, rssOf(server.proc.pid));
  console.error(`  ${((Date.now() - started) / 1000).toFixed(0)} s: ${Math.round(rssOf(server.proc.pid))} MB`);
}
const [ingested, read] = await Promise.all([ingest, reads]);
await Bun.sleep(30_000);
const after = rssOf(server.proc.pid);
/** Jobs still queued: the grouping of what the load sent. */
const queue = new Database(join(dataDir, "retour.sqlite"), { readonly: true });
const queued = () => queue.query<{ n: number }, []>("SELECT count(*) AS n FROM jobs").get()!.n;
const drainStarted = Date.now();
while (queued() > 0 && Date.now() - drainStarted < DRAIN_MINUTES * 60_000) {
  console.error(`  draining: ${queued()} jobs queued, RSS ${Math.round(rssOf(server.proc.pid))} MB`);
  await Bun.sleep(10_000);
}
const left = queued();
const drainSeconds = Math.round((Date.now() - drainStarted) / 1000);
queue.close();
// The server gives its caches back after 10 s without work.
await Bun.sleep(15_000);
const drained = rssOf(server.proc.pid);
server.proc.kill();
await server.proc.exited;

const firstMinute = perMinute[0] ?? 0;
const later = Math.max(...perMinute.slice(1));
const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — resident memory under a ${MINUTES}-minute load, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}`,
  "",
  `Command: \`bun bench/soak.ts --minutes ${MINUTES} --drain-minutes ${DRAIN_MINUTES}\` (wrk: 32 connections of POST /v1/reports, each report distinct, and 4 of list and search reads)`,
  "",
  "| Measure | Result |",
  "|---|---|",
  `| ingest | ${Math.round(ingested.rps)} reports/s (${Math.round(ingested.rps * MINUTES * 60).toLocaleString("en")} in all), ${ingested.failed} failed |`,
  `| reads | ${Math.round(read.rps)} req/s, ${read.failed} failed |`,
  `| RSS idle | ${Math.round(idle)} MB |`,
  `| RSS, highest per minute | ${perMinute.map((mb) => Math.round(mb)).join(", ")} MB |`,
  `| growth after the first minute | ${perMinute.length > 1 ? `${Math.round(later - firstMinute)} MB` : "— (one minute)"} |`,
  `| RSS 30 s after the load | ${Math.round(after)} MB |`,
  left === 0
    ? `| RSS once the queued work has run (${drainSeconds} s later) and 15 s more | ${Math.round(drained)} MB |`
    : `| RSS after ${DRAIN_MINUTES} min of draining, ${left.toLocaleString("en")} jobs still queued | ${Math.round(drained)} MB |`,
  "",
];
console.log(lines.join("\n"));
appendFileSync(join(ROOT, "bench/RESULTS.md"), `${lines.join("\n")}\n`);
