import { afterAll, expect, test } from "bun:test";
import pino from "pino";
import { loadConfig } from "../../apps/runtime/config.ts";
import { createServices } from "../../apps/runtime/services.ts";
import { FakeOpenAI } from "../support/fake-openai.ts";
import { scratchDir } from "../support/scratch.ts";

const fake = new FakeOpenAI().start();
afterAll(() => fake.stop());

test("a qualification the model fails is a warning in the log with its cause: the client's 502 qualification_failed says none", async () => {
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
  const config = loadConfig({ DATA_DIR: scratchDir("assistant"), ASSISTANT: "openai", OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: "test" });
  const services = await createServices(config, logger, "http://retour.test");
  fake.reply = () => "not a decision";
  const report = { kind: "problem" as const, message: "The export hangs", author: {} };
  const context = { appId: "app", report, language: "en" as const, conversation: [], answers: {}, helpArticles: [], features: [] };
  await expect(services.assistant.qualify(context)).rejects.toThrow("does not fit the schema");
  await services.store.close();
  const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
  expect(warnings).toMatchObject([
    {
      msg: "the assistant did not qualify a report; the client was answered 502 qualification_failed",
      err: { message: "qualify: the model's answer does not fit the schema" },
    },
  ]);
});
