import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createOpenAIAssistant } from "../../adapters/openai/assistant.ts";
import { createEmbeddingGrouper } from "../../adapters/openai/grouper.ts";
import type { QualificationContext } from "../../core/ports.ts";
import { FakeOpenAI } from "../support/fake-openai.ts";

const fake = new FakeOpenAI();
const usage: any[] = [];
beforeAll(() => fake.start());
afterAll(() => fake.stop());

const assistant = (timeoutMs = 2_000) =>
  createOpenAIAssistant({ apiKey: "test", baseUrl: fake.baseUrl, model: "test-model", timeoutMs, maxRetries: 2, onUsage: (u) => usage.push(u) });

const context = (extra: Partial<QualificationContext> = {}): QualificationContext => ({
  appId: "app",
  report: { kind: "problem", message: "The export hangs", author: {} },
  language: "en",
  conversation: [{ role: "user", text: "The export hangs", at: 0 }],
  answers: {},
  helpArticles: [{ id: "a1", title: "Exports", url: "https://help.example/exports", body: "How exports work." }],
  features: [{ id: "f1", orgId: "o", appId: "app", name: "Export", path: "export" }],
  ...extra,
});

describe("OpenAI adapter, through the official SDK", () => {
  test("asks with a JSON Schema response format built from the core's schemas, and logs token use", async () => {
    fake.reply = () => ({ status: "ask", questions: [{ id: "observed", prompt: "What happens?", mode: "text" }] });
    const step = await assistant().qualify(context());
    expect(step).toEqual({ status: "ask", questions: [{ id: "observed", prompt: "What happens?", mode: "text" }] });
    const request = fake.requests.at(-1)!.body;
    expect(request.model).toBe("test-model");
    expect(request.response_format.type).toBe("json_schema");
    expect(request.response_format.json_schema.schema.properties.questions.items.properties.mode.anyOf.map((m: any) => m.const)).toEqual([
      "text",
      "single",
      "yes_no",
      "scale",
      "multi",
    ]);
    expect(request.messages[0].content).toContain("feedback assistant");
    expect(usage.at(-1)).toMatchObject({ purpose: "qualify", prompt: "qualify.v1", promptTokens: 120, completionTokens: 30 });
  });

  test("an answer must cite one of the help articles it was given", async () => {
    fake.reply = () => ({
      status: "answer",
      message: "See the article.",
      source: { title: "Exports", url: "https://help.example/exports" },
      questions: [
        {
          id: "helped",
          prompt: "Enough?",
          mode: "yes_no",
          choices: [
            { id: "yes", label: "Yes" },
            { id: "no", label: "No" },
          ],
        },
      ],
    });
    expect((await assistant().qualify(context())).status).toBe("answer");
    fake.reply = () => ({
      status: "answer",
      message: "x",
      source: { title: "Invented", url: "https://evil.example" },
      questions: [{ id: "helped", prompt: "?", mode: "yes_no" }],
    });
    await expect(assistant().qualify(context())).rejects.toThrow("help articles");
  });

  test("ready completes the report with what the model learnt", async () => {
    fake.reply = () => ({ status: "ready", report: { title: "Export hangs at 99%", observed: "Spinner forever", expected: "A CSV file" } });
    const step = await assistant().qualify(context());
    expect(step).toEqual({
      status: "ready",
      report: {
        kind: "problem",
        message: "The export hangs",
        author: {},
        title: "Export hangs at 99%",
        observed: "Spinner forever",
        expected: "A CSV file",
      },
    });
  });

  test("an answer that does not fit the schema is refused", async () => {
    fake.reply = () => ({ status: "maybe" });
    await expect(assistant().qualify(context())).rejects.toThrow("schema");
  });

  test("429s are retried with backoff, then the answer comes", async () => {
    fake.reply = () => ({ title: "Export hangs" });
    fake.rateLimited = 2;
    const before = fake.requests.length;
    expect(await assistant().writeTitle({ kind: "problem", message: "The export hangs", author: {} }, "en")).toBe("Export hangs");
    expect(fake.requests.length - before).toBe(3);
  });

  test("a provider that answers too late is a failure, after the retries", async () => {
    fake.delayMs = 400;
    fake.reply = () => ({ title: "late" });
    await expect(assistant(100).writeTitle({ kind: "idea", message: "x", author: {} }, "en")).rejects.toThrow();
    fake.delayMs = 0;
  });

  test("triage asks for the summary and the diagnostic in the report's language", async () => {
    fake.reply = () => ({ featureId: null, severity: "P2", nature: "bug", summary: "Le paiement échoue.", diagnostic: null });
    await assistant().triage({ kind: "problem", message: "Le paiement échoue", author: {} }, context().features, "fr");
    const prompt = fake.requests.at(-1)!.body.messages[0].content as string;
    expect(prompt).toContain("in the report's language\n  (fr)");
    expect(prompt).toContain("both in the report's language (fr)");
  });

  test("triage keeps only a feature of the map and a severity for problems", async () => {
    fake.reply = () => ({
      featureId: "f1",
      severity: "P1",
      nature: "performance",
      diagnostic: { where: "export", probableCause: "A slow query", suggestedAction: null },
    });
    expect(await assistant().triage({ kind: "problem", message: "Export is slow", author: {} }, context().features, "en")).toEqual({
      featureId: "f1",
      severity: "P1",
      nature: "performance",
      diagnostic: { where: "export", probableCause: "A slow query" },
    });
    fake.reply = () => ({ featureId: "made-up", severity: "P0", nature: "request" });
    expect(await assistant().triage({ kind: "idea", message: "Export to XML", author: {} }, context().features, "en")).toEqual({ nature: "request" });
  });
});

describe("embedding grouper, through the official SDK", () => {
  const grouper = () =>
    createEmbeddingGrouper({
      apiKey: "test",
      baseUrl: fake.baseUrl,
      model: "embed-model",
      threshold: 0.85,
      suggestionThreshold: 0.7,
      timeoutMs: 2_000,
      maxRetries: 1,
      onUsage: (u) => usage.push(u),
    });

  test("embeds the new text and the candidates without a kept vector, in one call, and returns the new vector", async () => {
    const before = fake.requests.length;
    const found = await grouper().compare("Export to PDF is blank", [
      { id: "kept", text: "Login is broken", own: true, vector: [0, 1, 0, 0, 0.0625] },
      { id: "fresh", text: "The export to PDF is blank", own: true },
    ]);
    expect(found.matches.map((m) => [m.id, m.same])).toEqual([["fresh", true]]);
    expect(found.vector).toEqual([1, 0, 0, 0, 0.0625]);
    const calls = fake.requests.slice(before);
    expect(calls.map((c) => c.path)).toEqual(["/v1/embeddings"]);
    expect(calls[0]!.body).toMatchObject({ model: "embed-model", input: ["Export to PDF is blank", "The export to PDF is blank"] });
    expect(usage.at(-1)).toMatchObject({ purpose: "embed", promptTokens: 16 });
  });

  test("a close text whose title names another subject is offered, not merged", async () => {
    const found = await grouper().compare("Export to PDF is blank", [{ id: "other", text: "The export never finishes", own: true }]);
    expect(found.matches.map((m) => [m.id, m.same])).toEqual([["other", false]]);
  });

  test("a text merged into a feedback ranks it but is never a sure duplicate: no chaining", async () => {
    const found = await grouper().compare("Export to PDF is blank", [{ id: "grown", text: "Export to PDF is blank", own: false }]);
    expect(found.matches.map((m) => [m.id, m.same])).toEqual([["grown", false]]);
  });

  test("below the suggestion threshold, nothing matches", async () => {
    expect((await grouper().compare("Search finds nothing", [{ id: "x", text: "Payment declined", own: true }])).matches).toEqual([]);
  });
});
