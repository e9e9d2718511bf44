// Votes under load, on the real server: what a vote costs against a report's ingest (wrk, 32
// connections, the same server, one after the other), then resident memory over N minutes of 32
// connections of votes (each by another person) and 4 of anonymous portal pages, sampled every 5 s
// and summed up per minute. Appended to bench/RESULTS.md.
//   bun bench/portal-votes.ts [--seconds 10] [--minutes 10] [--feedbacks 50]
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { BUN, ROOT, start } from "./serve.ts";
import { scratchDir } from "./scratch.ts";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, minutes: { type: "string", default: "10" }, feedbacks: { type: "string", default: "50" } },
});
const SECONDS = Number(values.seconds);
const MINUTES = Number(values.minutes);
const FEEDBACKS = Number(values.feedbacks);
const SAMPLE_MS = 5_000;

if (!Bun.which("wrk")) {
  console.error("wrk is missing: run bench/setup.sh first (it installs Debian's wrk).");
  process.exit(1);
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

/** Runs wrk with one thread; returns requests/s, p99 in ms and failed answers. */
async function wrk(origin: string, connections: number, seconds: number, lua: string) {
  const script = join(scratchDir("wrk"), `load-${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(script, lua);
  const run = Bun.spawn(["wrk", "-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "-s", script, origin], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const out = await new Response(run.stdout).text();
  const [, value, unit] = /99%\s+([\d.]+)(us|ms|s)/.exec(out) ?? [];
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p99: Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit as "us" | "ms" | "s"] ?? Number.NaN),
    failed: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

const dataDir = scratchDir("portal-votes");
const env = {
  DATA_DIR: dataDir,
  RATE_LIMIT_REPORTS_PER_MINUTE: "1000000000",
  RATE_LIMIT_API_PER_MINUTE: "1000000000",
  LOG_LEVEL: "warn",
};
const demoCli = Bun.spawn([BUN, "apps/cli/main.ts", "demo", "--json"], { env: { ...process.env, ...env }, cwd: ROOT, stdout: "pipe" });
const demo = JSON.parse(await new Response(demoCli.stdout).text());
const server = await start(["apps/server/main.ts"], env);
const origin = `http://127.0.0.1:${server.port}`;
const admin = { authorization: `Bearer ${demo.tokens.admin}`, "content-type": "application/json" };

// A portal that is on, and feedbacks published on it.
await fetch(`${origin}/v1/portal`, { method: "PUT", headers: admin, body: JSON.stringify({ enabled: true }) });
const keys: string[] = [];
for (let i = 0; i < FEEDBACKS; i++) {
  const sent = await fetch(`${origin}/v1/reports`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ publicKey: demo.publicKey, kind: "idea", message: `Idea number ${i}: a calendar view of subject ${i * 7919}` }),
  });
  const key = (await sent.json()).ticketId as string;
  await fetch(`${origin}/v1/feedbacks/${key}/publish`, { method: "POST", headers: admin, body: "{}" });
  keys.push(key);
}
const portal = (await (await fetch(`${origin}/v1/portal`, { headers: admin })).json()).slug as string;

/** A relayed vote per request, each by another person, spread over the published feedbacks. */
const voting = (tag: string) => `wrk.method = "POST"
wrk.headers["authorization"] = "Bearer ${demo.tokens.admin}"
wrk.headers["content-type"] = "application/json"
local keys = { ${keys.map((k) => `"${k}"`).join(", ")} }
local n = 0
request = function()
  n = n + 1
  local path = "/v1/feedbacks/" .. keys[(n % #keys) + 1] .. "/votes"
  return wrk.format(nil, path, nil, '{"email":"voter-${tag}-' .. n .. '@example.com"}')
end
`;
const reporting = `wrk.method = "POST"
wrk.path = "/v1/reports"
wrk.headers["content-type"] = "application/json"
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, nil, nil, '{"publicKey":"${demo.publicKey}","kind":"problem","message":"The upload page fails after step ' .. n .. ' on my tablet"}')
end
`;

// 1. A vote's cost against a report's, on the same server.
console.error(`votes against reports: ${SECONDS} s each, wrk -t1 -c32`);
const votes = await wrk(origin, 32, SECONDS, voting("cost"));
const reports = await wrk(origin, 32, SECONDS, reporting);

// 2. Memory over N minutes of votes and page views.
console.error(`soak: ${MINUTES} min of votes (32 connections) and portal pages (4)`);
await Bun.sleep(2_000);
const before = rssOf(server.proc.pid);
const samples: number[] = [];
const sampler = setInterval(() => samples.push(rssOf(server.proc.pid)), SAMPLE_MS);
const pages = `local paths = { "/p/${portal}", "/p/${portal}?sort=new", "/p/${portal}/${keys[0]}", "/v1/portal/${portal}/feedbacks" }
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[(n % #paths) + 1])
end
`;
const [soakVotes, soakPages] = await Promise.all([wrk(origin, 32, MINUTES * 60, voting("soak")), wrk(origin, 4, MINUTES * 60, pages)]);
clearInterval(sampler);
server.proc.kill();
await server.proc.exited;

const perMinute = Array.from({ length: MINUTES }, (_, m) => {
  const minute = samples.slice((m * 60_000) / SAMPLE_MS, ((m + 1) * 60_000) / SAMPLE_MS);
  return minute.length ? `${Math.min(...minute).toFixed(0)}–${Math.max(...minute).toFixed(0)}` : "—";
});
const ratio = votes.rps / reports.rps;
const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — votes under load, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}`,
  "",
  `Command: \`bun bench/portal-votes.ts --seconds ${SECONDS} --minutes ${MINUTES} --feedbacks ${FEEDBACKS}\` (loopback, wrk -t1; relayed votes \`POST /v1/feedbacks/{key}/votes\`, each by another person; load average ${loadavg()[0]!.toFixed(1)} at the end)`,
  "",
  "| Measure | Result | Target |",
  "|---|---|---|",
  `| Votes, 32 connections | ${votes.rps.toFixed(0)} req/s, p99 ${votes.p99.toFixed(1)} ms, ${votes.failed} failed | |`,
  `| Reports (POST /v1/reports), 32 connections, same server | ${reports.rps.toFixed(0)} req/s, p99 ${reports.p99.toFixed(1)} ms, ${reports.failed} failed | |`,
  `| A vote's cost against a report's (reports/s ÷ votes/s) | ${(1 / ratio).toFixed(2)} | ≤ 1 ${ratio >= 1 ? "✅" : "❌"} |`,
  `| Soak: votes ${soakVotes.rps.toFixed(0)} req/s (${soakVotes.failed} failed) and pages ${soakPages.rps.toFixed(0)} req/s (${soakPages.failed} failed) for ${MINUTES} min | RSS ${before.toFixed(0)} MB before; per minute (min–max MB): ${perMinute.join(", ")} | flat |`,
  "",
];
appendFileSync(join(ROOT, "bench/RESULTS.md"), `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
