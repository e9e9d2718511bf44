// What a report costs the event loop, in-process: the HTTP app handles requests without sockets or
// wrk, so the figure is the service's own work (validation, use case, SQLite), free of load noise.
//   bun bench/profile-ingest.ts [--reports 20000] [--lanes 32] [--worker]
//   bun --cpu-prof --cpu-prof-dir=/tmp/profile bench/profile-ingest.ts    # where the time goes
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
  options: { reports: { type: "string", default: "20000" }, lanes: { type: "string", default: "32" }, worker: { type: "boolean", default: false } },
});
const REPORTS = Number(values.reports);
const LANES = Number(values.lanes);
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
}) as unknown as Elysia;
const info = await demo(services);
const body = JSON.stringify({
  publicKey: info.publicKey,
  kind: "problem",
  message: "The checkout button does nothing on Safari",
  user: { email: "ann@example.com" },
});
const worker = values.worker ? startWorker(services, logger) : null;

let sent = 0;
async function lane(): Promise<void> {
  while (sent < REPORTS) {
    sent++;
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
await worker?.stop();
await services.store.close();
