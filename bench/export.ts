// Memory of GET /v1/feedbacks/export at N feedbacks: the server streams, so its resident memory should
// not grow with N. Seeds each size, starts the real server on it, downloads the whole export over a
// socket (the client counts bytes and rows, keeping none) and samples the server's RSS every 20 ms.
// Appended to bench/RESULTS.md.
//   bun bench/export.ts [--sizes 10000,100000] [--format csv]
import { appendFileSync, readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT, seed, start } from "./serve.ts";
import { scratchDir } from "./scratch.ts";

const { values } = parseArgs({ options: { sizes: { type: "string", default: "10000,100000" }, format: { type: "string", default: "csv" } } });
const SIZES = values.sizes.split(",").map(Number);
const FORMAT = values.format;

/** The resident memory of a process, in MB, as the kernel counts it. */
const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

interface Run {
  readonly size: number;
  readonly rows: number;
  readonly megabytes: number;
  readonly seconds: number;
  readonly idle: number;
  readonly peak: number;
  /** The server's RSS one second into a download whose client read one chunk and stopped: a server that buffered would hold the whole file. */
  readonly paused: number;
}

async function measure(size: number): Promise<Run> {
  console.error(`export: seeding ${size} feedbacks`);
  const dataDir = scratchDir(`export-${size}`);
  const info = await seed(dataDir, size);
  const server = await start(["apps/server/main.ts"], { DATA_DIR: dataDir, RATE_LIMIT_API_PER_MINUTE: "1000000000" });
  const pid = server.proc.pid;
  try {
    const url = `http://127.0.0.1:${server.port}/v1/feedbacks/export?format=${FORMAT}&status=all`;
    const headers = { authorization: `Bearer ${info.tokens.admin}` };
    // A first small read warms the server (its code, the store's first pages) before the idle figure.
    await (await fetch(`http://127.0.0.1:${server.port}/v1/feedbacks?limit=100`, { headers })).arrayBuffer();
    await Bun.sleep(500);
    const idle = rssMb(pid);
    // A client that stops reading: the server must stop reading the store too (the stream's back-pressure).
    const stalled = await fetch(url, { headers });
    const reader = stalled.body!.getReader();
    await reader.read();
    await Bun.sleep(1_000);
    const paused = rssMb(pid);
    await reader.cancel();
    await Bun.sleep(500);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 20);
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body!) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    // CSV: a header row, and a title with a line break would count twice (the seeded titles have none).
    const rows = FORMAT === "csv" ? lines - 1 : lines;
    return { size, rows, megabytes: bytes / 1e6, seconds, idle, peak, paused };
  } finally {
    server.proc.kill();
    await server.proc.exited;
  }
}

const runs: Run[] = [];
for (const size of SIZES) runs.push(await measure(size));

const cpu = cpus()[0]?.model ?? "unknown CPU";
const table = runs
  .map(
    (r) =>
      `| ${r.size.toLocaleString("en")} | ${r.rows.toLocaleString("en")} | ${r.megabytes.toFixed(1)} MB | ${r.seconds.toFixed(1)} s (${Math.round(r.rows / r.seconds).toLocaleString("en")} rows/s) | ${r.idle.toFixed(0)} MB | ${r.paused.toFixed(0)} MB | ${r.peak.toFixed(0)} MB | +${(r.peak - r.idle).toFixed(0)} MB |`,
  )
  .join("\n");
const section = `
## ${new Date().toISOString().slice(0, 10)} — export at N feedbacks, ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Bun ${Bun.version}

Command: \`bun bench/export.ts --sizes ${values.sizes} --format ${FORMAT}\` (the real server on a seeded store, one report each; the whole export downloaded over loopback; the server's RSS sampled every 20 ms)

| Feedbacks | Rows exported | Size | Time | Server RSS before | RSS with the client paused | Server RSS peak | Growth |
|---|---|---|---|---|---|---|---|
${table}
`;
console.log(section);
appendFileSync(join(ROOT, "bench", "RESULTS.md"), section);
