// Webhook delivery benchmark: events per second delivered to a local receiver by the server's
// worker, and the cost of looking for due deliveries as stored ones pile up.
//   bun bench/webhooks.ts [--events 3000]
import { Database } from "bun:sqlite";
import { appendFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLogger } from "../adapters/logging/logger.ts";
import { loadConfig } from "../apps/runtime/config.ts";
import { demo } from "../apps/runtime/demo.ts";
import { createServices } from "../apps/runtime/services.ts";
import { createWebhook } from "../core/webhooks/create-webhook.ts";
import { scratchDir } from "./scratch.ts";

const { values } = parseArgs({ options: { events: { type: "string", default: "3000" } } });
const EVENTS = Number(values.events);
const ROOT = join(import.meta.dir, "..");

let received = 0;
const receiver = Bun.serve({
  port: 0,
  async fetch(request) {
    await request.arrayBuffer();
    received++;
    return new Response("ok");
  },
});

// 1. Throughput: N events queued for one webhook, then the server's worker delivers them.
const dataDir = scratchDir("bench-hooks");
const env = { DATA_DIR: dataDir, WEBHOOKS_ALLOW_PRIVATE: "true" };
const services = await createServices(loadConfig(env), createLogger("silent", false), "http://localhost");
const info = await demo(services);
const grant = { tokenId: "bench", orgId: info.orgId, userId: "bench", role: "admin" as const, scopes: [], resource: null, agentId: null };
const hook = await createWebhook(services, services.webhooks, grant, {
  url: `http://127.0.0.1:${receiver.port}/hooks`,
  events: ["feedback.created"],
});
if (!hook.ok) throw new Error(hook.code);
const { recordFeedback } = await import("../core/report/record-feedback.ts");
const context = (await services.store.findChannelByKey(info.publicKey))!;
await Promise.all(
  Array.from({ length: EVENTS }, (_, i) =>
    recordFeedback(services, {
      context,
      source: "api",
      report: { kind: "problem", message: `Delivery bench ${i}`, author: {} },
      language: "en",
      conversation: [],
    }),
  ),
);
await services.store.close();

const server = Bun.spawn([process.execPath, "apps/server/main.ts"], {
  cwd: ROOT,
  env: { ...process.env, ...env, PORT: "0", LOG_LEVEL: "error" },
  stdout: "ignore",
  stderr: "inherit",
});
const started = performance.now();
while (received < EVENTS && performance.now() - started < 120_000) await Bun.sleep(20);
const seconds = (performance.now() - started) / 1000;
server.kill();
await server.exited;
receiver.stop(true);
const rate = received / seconds;

// 2. A retry pass with nothing due, as stored deliveries grow: the due index holds pending work only.
const db = new Database(join(dataDir, "retour.sqlite"));
const claimCost = (): number => {
  const query = db.query("SELECT id FROM deliveries WHERE state = 'pending' AND run_at <= ? ORDER BY run_at LIMIT 1");
  const t = performance.now();
  for (let i = 0; i < 2000; i++) query.get(Date.now() - 3_600_000);
  return ((performance.now() - t) * 1000) / 2000;
};
const rows: string[] = [];
for (const stored of [1_000, 10_000, 100_000]) {
  const present = db.query<{ n: number }, []>("SELECT count(*) AS n FROM deliveries").get()!.n;
  const insert = db.query("INSERT INTO deliveries (webhook_id, event_id, run_at, state) VALUES ('w', 'e', ?, ?)");
  db.transaction(() => {
    for (let i = present; i < stored; i++) insert.run(Date.now() + 86_400_000, i % 10 === 0 ? "pending" : "done");
  })();
  rows.push(`| ${stored.toLocaleString("en")} stored (10 % pending, none due) | ${claimCost().toFixed(1)} µs |`);
}
const plan = db
  .query<{ detail: string }, [number]>("EXPLAIN QUERY PLAN SELECT id FROM deliveries WHERE state = 'pending' AND run_at <= ? ORDER BY run_at LIMIT 1")
  .all(0)
  .map((r) => r.detail)
  .join("; ");
db.close();

const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — webhook delivery, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, Bun ${Bun.version}`,
  "",
  `Command: \`bun bench/webhooks.ts --events ${EVENTS}\` (server worker, 8 deliveries in flight, local receiver on loopback)`,
  "",
  "| Measure | Result |",
  "|---|---|",
  `| Events delivered | ${received} of ${EVENTS} in ${seconds.toFixed(2)} s: **${rate.toFixed(0)} events/s** |`,
  ...rows.map((r) => r.replace(/^\| /, "| Due-delivery lookup, ")),
  `| Query plan of the lookup | \`${plan}\` |`,
  "",
];
appendFileSync(join(ROOT, "bench/RESULTS.md"), `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
