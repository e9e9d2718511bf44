// Search and list at growing sizes: the 9 queries at 1 connection and 32, the list at 32, resident
// memory idle, under load and after, and bytes on disk per feedback; appended to bench/RESULTS.md.
//   bun bench/search.ts [--sizes 10000,100000] [--seconds 10]   (add 1000000 for a million)
import { appendFileSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { percentile, ROOT, seed, start } from "./serve.ts";
import { scratchDir } from "./scratch.ts";

const { values } = parseArgs({ options: { sizes: { type: "string", default: "10000,100000" }, seconds: { type: "string", default: "10" } } });
const SIZES = values.sizes.split(",").map(Number);
const SECONDS = Number(values.seconds);
const QUERIES = [
  "checkout",
  "safari",
  "payment crashes",
  "blank page",
  "dark mode",
  "invoice wrong total",
  "slow network sidebar",
  "export android",
  "nothing matches this",
];
const SEQUENTIAL = 100;

if (!Bun.which("wrk")) {
  console.error("wrk is missing: run bench/setup.sh first (it installs Debian's wrk).");
  process.exit(1);
}

/** Resident memory of a process, in MB. */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

/** wrk at 32 connections over the paths in turn; requests/s, p50 and p99 in ms. */
async function load(origin: string, token: string, paths: readonly string[]) {
  const script = join(scratchDir("wrk"), "paths.lua");
  writeFileSync(
    script,
    `local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1], { ["authorization"] = "Bearer ${token}" })\nend\n`,
  );
  const run = Bun.spawn(["wrk", "-t1", "-c32", `-d${SECONDS}s`, "--latency", "-s", script, origin], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(run.stdout).text();
  const ms = (label: string) => {
    const [, value, unit] = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out) ?? [];
    return Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit as "us" | "ms" | "s"] ?? Number.NaN);
  };
  const failed = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  if (failed) throw new Error(`${failed} failed responses:\n${out}`);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]), p50: ms("50"), p99: ms("99") };
}

const search = (q: string) => `/v1/feedbacks?status=all&limit=20&query=${encodeURIComponent(q)}`;
const rows: string[] = [];
for (const size of SIZES) {
  console.error(`search: seeding ${size} feedbacks`);
  const dataDir = scratchDir("search");
  const info = await seed(dataDir, size);
  const server = await start(["apps/server/main.ts"], { DATA_DIR: dataDir, RATE_LIMIT_API_PER_MINUTE: "1000000000" });
  const origin = `http://127.0.0.1:${server.port}`;
  const headers = { authorization: `Bearer ${info.tokens.admin}` };
  const idle = rssOf(server.proc.pid);
  const worst = { query: "", p99: 0 };
  let slowestP50 = 0;
  for (const q of QUERIES) {
    const timings: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) {
      const t = performance.now();
      const res = await fetch(`${origin}${search(q)}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${q} answered ${res.status}`);
      if (i >= SEQUENTIAL / 10) timings.push(performance.now() - t);
    }
    timings.sort((a, b) => a - b);
    if (percentile(timings, 99) > worst.p99) Object.assign(worst, { query: q, p99: percentile(timings, 99) });
    slowestP50 = Math.max(slowestP50, percentile(timings, 50));
  }
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(server.proc.pid));
  }, 250);
  const searched = await load(origin, info.tokens.admin, QUERIES.map(search));
  const listed = await load(origin, info.tokens.admin, ["/v1/feedbacks?status=all&limit=20"]);
  clearInterval(sampler);
  await Bun.sleep(5_000);
  const after = rssOf(server.proc.pid);
  server.proc.kill();
  await server.proc.exited;
  const file = join(dataDir, "retour.sqlite");
  const bytes = statSync(file).size + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0);
  const n = size.toLocaleString("en");
  rows.push(
    `| ${n} | search, 1 connection (each of the 9 queries) | slowest p50 ${slowestP50.toFixed(1)} ms; worst p99 ${worst.p99.toFixed(1)} ms (${worst.query}) |`,
    `| ${n} | search, 32 connections (the 9 in turn) | ${Math.round(searched.rps)} req/s, p50 ${searched.p50.toFixed(1)} ms, p99 ${searched.p99.toFixed(1)} ms |`,
    `| ${n} | list, 32 connections | ${Math.round(listed.rps)} req/s, p99 ${listed.p99.toFixed(1)} ms |`,
    `| ${n} | resident memory: idle, peak under load, 5 s after | ${Math.round(idle)} MB, ${Math.round(peak)} MB, ${Math.round(after)} MB |`,
    `| ${n} | bytes on disk per feedback (file and WAL) | ${Math.round(bytes / size).toLocaleString("en")} |`,
  );
}

const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — search and list by size, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}`,
  "",
  `Command: \`bun bench/search.ts --sizes ${SIZES.join(",")} --seconds ${SECONDS}\` (wrk -t1 -c32 on loopback, same machine; feedbacks seeded through the store, one report each)`,
  "",
  "| Feedbacks | Measure | Result |",
  "|---|---|---|",
  ...rows,
  "",
];
console.log(lines.join("\n"));
appendFileSync(join(ROOT, "bench/RESULTS.md"), `${lines.join("\n")}\n`);
