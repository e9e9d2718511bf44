// What a report costs the event loop, in-process: the HTTP app handles requests without sockets or
// wrk, so the figure is the service's own work (validation, use case, SQLite), free of load noise.
//   bun bench/profile-ingest.ts [--reports 20000] [--lanes 32] [--worker] [--distinct] [--drain] [--sql]
//   bun --cpu-prof --cpu-prof-dir=/tmp/profile bench/profile-ingest.ts    # where the time goes
// --worker   the job worker runs during the load, as in a server (bench/run.ts measures it so)
// --distinct each report its own text, as bench/soak.ts sends (by default all say the same)
// --drain    then the worker runs the queued jobs alone: what a job costs (mostly grouping)
// --sql      what each SQLite statement costs, per report, the costliest first
import { Database, type Statement } from "bun:sqlite";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Elysia } from "elysia";
import { createHttpApp } from "../adapters/http/app.ts";
import { createLogger } from "../adapters/logging/logger.ts";
import { loadConfig } from "../apps/runtime/config.ts";
import { demo } from "../apps/runtime/demo.ts";
import { createServices } from "../apps/runtime/services.ts";
import { startWorker } from "../apps/server/worker.ts";
import { scratchDir } from "./scratch.ts";

const { values } = parseArgs({
  options: {
    reports: { type: "string", default: "20000" },
    lanes: { type: "string", default: "32" },
    worker: { type: "boolean", default: false },
    distinct: { type: "boolean", default: false },
    drain: { type: "boolean", default: false },
    sql: { type: "boolean", default: false },
  },
});
const REPORTS = Number(values.reports);
const LANES = Number(values.lanes);

/** Time spent in each statement, by its SQL. */
const statements = new Map<string, { ms: number; runs: number }>();
if (values.sql) timeStatements();

/**
 * Wraps every statement prepared from now on so that its runs are timed: bun:sqlite has no hook
 * for SQLite's own profile trace. The adapter prepares each statement once (open.ts), so the
 * wrapping is paid once; the timing itself costs well under a microsecond a run.
 */
function timeStatements(): void {
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (this: Database, sql: string, ...rest: unknown[]) {
    const statement = (prepare as (...args: unknown[]) => Statement).call(this, sql, ...rest) as unknown as Record<string, unknown>;
    for (const method of ["run", "get", "all", "values"]) {
      const original = (statement[method] as (...args: unknown[]) => unknown).bind(statement);
      statement[method] = (...args: unknown[]) => {
        const started = performance.now();
        try {
          return original(...args);
        } finally {
          const seen = statements.get(sql) ?? { ms: 0, runs: 0 };
          seen.ms += performance.now() - started;
          seen.runs++;
          statements.set(sql, seen);
        }
      };
    }
    return statement as unknown as Statement;
  } as typeof prepare;
}

function printStatements(per: number, what: string): void {
  const total = [...statements.values()].reduce((sum, s) => sum + s.ms, 0);
  console.log(`SQLite: ${((total * 1000) / per).toFixed(1)} µs per ${what}; the costliest statements (µs per ${what}, runs, SQL):`);
  for (const [sql, s] of [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20))
    console.log(`${((s.ms * 1000) / per).toFixed(1).padStart(8)} ${String(s.runs).padStart(8)}  ${sql.replace(/\s+/g, " ").slice(0, 110)}`);
  statements.clear();
}

const dataDir = scratchDir("profile");
const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_REPORTS_PER_MINUTE: "1000000000", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
const logger = createLogger(config.logLevel, false);
const services = await createServices(config, logger, "http://localhost:3000", "server");
const app = createHttpApp(services, {
  reportsPerMinute: config.reportsPerMinute,
  widgetKeyPerMinute: config.reportsPerMinute,
  apiPerMinute: config.apiPerMinute,
  registrationsPerHour: config.registrationsPerHour,
  clientAddress: () => "127.0.0.1",
  onUnexpected: (e) => console.error(e),
  onStoreUnavailable: (e) => console.error(e),
  onServiceFailure: (failure) => logger.warn({ code: failure.code, said: failure.cause }, "a service the request needed failed"),
}) as unknown as Elysia;
const info = await demo(services);
const SUBJECTS = ["checkout", "invoice", "export", "search", "login", "sidebar", "calendar", "upload"];
const message = (n: number) =>
  values.distinct ? `The ${SUBJECTS[n % SUBJECTS.length]} page fails after step ${n} on my phone` : "The checkout button does nothing on Safari";
const bodyOf = (n: number) => JSON.stringify({ publicKey: info.publicKey, kind: "problem", message: message(n), user: { email: "ann@example.com" } });
const worker = values.worker ? startWorker(services, logger) : null;
statements.clear();

let sent = 0;
async function lane(): Promise<void> {
  while (sent < REPORTS) {
    const body = bodyOf(++sent);
    const response = await app.handle(
      new Request("http://localhost/v1/reports", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(body.length) },
        body,
      }),
    );
    if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  }
}
const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(Array.from({ length: LANES }, lane));
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
// CPU time is steadier than elapsed time on a busy machine: compare it between two builds there.
console.log(
  `${REPORTS} reports in ${ms.toFixed(0)} ms: ${((ms * 1000) / REPORTS).toFixed(1)} µs each, ${Math.round((REPORTS / ms) * 1000)}/s; ` +
    `CPU ${((cpu.user + cpu.system) / REPORTS).toFixed(1)} µs each`,
);
if (values.sql) printStatements(REPORTS, "report");
await worker?.stop();

if (values.drain) {
  // A connection of its own to watch the queue: the store's ports have no count of queued jobs.
  const queue = new Database(join(dataDir, "retour.sqlite"), { readonly: true });
  // Due jobs only: one that failed waits for its retry, which the drain does not wait for.
  const queued = () => queue.query<{ n: number }, [number]>("SELECT count(*) AS n FROM jobs WHERE run_at <= ?").get(services.clock())!.n;
  const jobs = queued();
  const drainStarted = performance.now();
  const drainCpu = process.cpuUsage();
  const drainer = startWorker(services, logger);
  while (queued() > 0) await Bun.sleep(50);
  const drainMs = performance.now() - drainStarted;
  const used = process.cpuUsage(drainCpu);
  await drainer.stop();
  queue.close();
  console.log(
    `${jobs} queued jobs run in ${drainMs.toFixed(0)} ms: ${((drainMs * 1000) / jobs).toFixed(0)} µs each; CPU ${((used.user + used.system) / jobs).toFixed(0)} µs each`,
  );
  if (values.sql) printStatements(jobs, "job");
}
await services.store.close();
