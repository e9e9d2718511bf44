// Seeds a data directory with the demo organization and N feedbacks of varied text, through the store.
import { systemIds } from "../adapters/system/ids.ts";
import { demo } from "../apps/runtime/demo.ts";
import { loadConfig } from "../apps/runtime/config.ts";
import { createServices } from "../apps/runtime/services.ts";
import { createLogger } from "../adapters/logging/logger.ts";

const [dataDir, countText] = process.argv.slice(2);
const count = Number(countText);
const services = await createServices(loadConfig({ DATA_DIR: dataDir! }), createLogger("warn", false), "http://localhost");
const { store } = services;
const info = await demo(services);
const org = (await store.findOrganization(info.orgId))!;
const SUBJECTS = [
  "checkout",
  "payment",
  "search",
  "invoice",
  "export",
  "login",
  "password",
  "calendar",
  "upload",
  "avatar",
  "sidebar",
  "dashboard",
  "report",
  "chart",
  "filter",
  "notification",
  "email",
  "billing",
  "profile",
  "settings",
];
const PROBLEMS = [
  "crashes",
  "is slow",
  "shows a blank page",
  "loses my data",
  "times out",
  "shows the wrong total",
  "does nothing",
  "freezes",
  "logs me out",
  "is misaligned",
];
const PLACES = [
  "on Safari",
  "on Firefox",
  "on Android",
  "on iOS",
  "after the update",
  "in dark mode",
  "on a slow network",
  "for large files",
  "at month end",
  "with two tabs open",
];
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

const started = performance.now();
const t0 = Date.now() - count * 1000;
for (let i = 0; i < count; i++) {
  const message = `The ${pick(SUBJECTS, i)} ${pick(PROBLEMS, Math.floor(i / 20))} ${pick(PLACES, Math.floor(i / 200))} (case ${i})`;
  const at = t0 + i * 1000;
  const feedbackId = systemIds.id();
  await store.recordFeedback({
    feedback: {
      id: feedbackId,
      orgId: org.id,
      appId: info.appId,
      title: message,
      kind: i % 3 ? "problem" : "idea",
      status: i % 7 ? "triage" : "delivered",
      reports: 1,
      createdAt: at,
      lastActivityAt: at,
    },
    report: {
      id: systemIds.id(),
      feedbackId,
      orgId: org.id,
      appId: info.appId,
      source: "api",
      report: { kind: "problem", message, author: {} },
      language: "en",
      conversation: [],
      statusId: systemIds.id(),
      at,
    },
    statusTokenHash: "seed",
    event: { id: systemIds.id(), type: "feedback.created", orgId: org.id, feedbackId, createdAt: at },
    jobs: [],
    quota: { month: "seed", limit: null },
  });
  if ((i + 1) % 20_000 === 0) console.error(`  seeded ${i + 1}/${count}`);
}
console.error(`  seeded ${count} feedbacks in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await store.close();
console.log(JSON.stringify(info));
