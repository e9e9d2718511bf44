// Where a report's time goes over HTTP: the same wrk load (one thread, 32 connections, POST) on
// requests that stop at each layer of the ingest path, with the server's main-thread CPU per
// request. The difference between two rows is what the layer between them costs.
//   bun bench/ingest-layers.ts [--seconds 5]
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { BUN, ROOT, start } from "./serve.ts";
import { scratchDir } from "./scratch.ts";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "5" } } });
const SECONDS = Number(values.seconds);
const TICKS_PER_SECOND = 100; // Linux's USER_HZ, the unit of /proc/<pid>/task/<tid>/stat

/** CPU ticks of the process's main thread: the thread that runs JavaScript, HTTP and SQLite. */
function mainThreadTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** wrk's requests per second on `path` with `body`, and the server's main-thread CPU per request. */
async function load(server: { pid: number; port: number }, path: string, body: unknown) {
  const script = join(scratchDir("wrk"), "post.lua");
  writeFileSync(
    script,
    `wrk.method = "POST"\nwrk.headers["content-type"] = "application/json"\nwrk.body = ${JSON.stringify(JSON.stringify(body))}\n`,
  );
  const before = mainThreadTicks(server.pid);
  const run = Bun.spawn(["wrk", "-t1", "-c32", `-d${SECONDS}s`, "-s", script, `http://127.0.0.1:${server.port}${path}`], { stdout: "pipe" });
  const out = await new Response(run.stdout).text();
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const cpuUs = ((mainThreadTicks(server.pid) - before) / TICKS_PER_SECOND / requests) * 1e6;
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]), cpuUs };
}

if (!Bun.which("wrk") || !existsSync("/proc/self/task")) {
  console.error("needs wrk (bench/setup.sh installs it) and Linux's /proc");
  process.exit(1);
}
const report = (publicKey: string) => ({
  publicKey,
  kind: "problem",
  message: "The checkout button does nothing on Safari",
  user: { email: "ann@example.com" },
});

const rows: [string, { rps: number; cpuUs: number }][] = [];
const bare = await start(["bench/bare.ts"], {});
rows.push(["Bare Bun.serve: parse the JSON, answer 201", await load({ pid: bare.proc.pid, port: bare.port }, "/v1/reports", report("pk"))]);
bare.proc.kill();

const env = { DATA_DIR: scratchDir("bench"), RATE_LIMIT_REPORTS_PER_MINUTE: "1000000000", RATE_LIMIT_API_PER_MINUTE: "1000000000" };
const demoCli = Bun.spawn([BUN, "apps/cli/main.ts", "demo", "--json"], { env: { ...process.env, ...env }, cwd: ROOT, stdout: "pipe" });
const { publicKey } = JSON.parse(await new Response(demoCli.stdout).text());
const retour = await start(["apps/server/main.ts"], env);
const server = { pid: retour.proc.pid, port: retour.port };
rows.push(["Retour, no such route: serving, routing, the log line (404)", await load(server, "/nothing", report(publicKey))]);
rows.push(["POST /v1/reports, a body the schema refuses (400)", await load(server, "/v1/reports", { publicKey })]);
rows.push(["POST /v1/reports, an unknown channel key (the rate limit, the channel's lookup)", await load(server, "/v1/reports", report("pk_none"))]);
rows.push(["POST /v1/reports, a durable report (201)", await load(server, "/v1/reports", report(publicKey))]);
retour.proc.kill();
await retour.proc.exited;

console.log(`Command: \`bun bench/ingest-layers.ts --seconds ${SECONDS}\` (wrk -t1 -c32 on loopback, Bun ${Bun.version})\n`);
console.log("| Requests that stop at | req/s | Server main thread, CPU per request |");
console.log("|---|---|---|");
for (const [name, { rps, cpuUs }] of rows) console.log(`| ${name} | ${rps.toFixed(0)} | ${cpuUs.toFixed(0)} µs |`);
