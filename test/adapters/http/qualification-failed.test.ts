import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHttpApp } from "../../../adapters/http/app.ts";
import { createLocalAssistant } from "../../../adapters/assistant-local/assistant.ts";
import type { Assistant } from "../../../core/ports.ts";
import type { Services } from "../../../core/services.ts";
import { demo } from "../../../apps/runtime/demo.ts";
import { loadConfig } from "../../../apps/runtime/config.ts";
import { createServices } from "../../../apps/runtime/services.ts";
import { createLogger } from "../../../adapters/logging/logger.ts";
import { scratchDir } from "../../support/scratch.ts";

/** An assistant whose qualification is switched off at will, as when a provider stops answering. */
const local = createLocalAssistant();
let down = false;
const flaky: Assistant = { ...local, qualify: (context) => (down ? Promise.reject(new Error("provider timeout")) : local.qualify(context)) };

let services: Services;
let app: { handle(request: Request): Promise<Response> };
let publicKey: string;
beforeAll(async () => {
  const real = await createServices(loadConfig({ DATA_DIR: scratchDir("http") }), createLogger("silent", false), "http://retour.test");
  services = { ...real, assistant: flaky };
  app = createHttpApp(services, {
    reportsPerMinute: 1000,
    widgetKeyPerMinute: 1000,
    apiPerMinute: 1000,
    registrationsPerHour: 20,
    clientAddress: () => "192.0.2.1",
    onUnexpected: (e) => console.error(e),
    onStoreUnavailable: (e) => console.error(e),
    onServiceFailure: () => undefined,
  });
  publicKey = (await demo(services)).publicKey;
});
afterAll(() => services.store.close());

const call = (path: string, body: unknown) =>
  app.handle(new Request(`http://localhost${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));

test("502 qualification_failed when the assistant does not answer on POST /v1/reports; without qualify the report is recorded", async () => {
  down = true;
  const res = await call("/v1/reports", { publicKey, kind: "problem", message: "The map is blank", qualify: true });
  expect(res.status).toBe(502);
  expect(await res.json()).toEqual({
    error: "The AI assistant did not answer. Send the report again without qualify.",
    code: "qualification_failed",
  });
  expect((await call("/v1/reports", { publicKey, kind: "problem", message: "The map is blank" })).status).toBe(201);
  down = false;
});

test("502 qualification_failed on an answer; the question stays open and the same answer can be sent again", async () => {
  const step = (await (await call("/v1/reports", { publicKey, kind: "problem", message: "Exports are slow", qualify: true })).json()) as {
    id: string;
  };
  down = true;
  const failed = await call(`/v1/reports/${step.id}/answers`, { publicKey, text: "It takes minutes" });
  expect(failed.status).toBe(502);
  expect(((await failed.json()) as { code: string }).code).toBe("qualification_failed");
  down = false;
  const retried = await call(`/v1/reports/${step.id}/answers`, { publicKey, text: "It takes minutes" });
  expect(retried.status).toBe(200);
  expect(((await retried.json()) as { questions: Array<{ id: string }> }).questions[0]!.id).toBe("expected");
});
