import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { FakeOpenAI } from "../support/fake-openai.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { get, post } from "../support/server.ts";
import { jobsDone, waitFor } from "../support/wait.ts";

const fake = new FakeOpenAI();
let server: Served;
beforeAll(async () => {
  fake.start();
  server = await serveInProcess({
    env: {
      ASSISTANT: "openai",
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: "test",
      OPENAI_MODEL: "test-model",
      OPENAI_TIMEOUT_MS: "300",
    },
  });
});
afterAll(async () => {
  await server.stop();
  fake.stop();
});

/** The fake model: asks once, then, after an answer, says the report is ready. */
function scriptedModel(body: any): unknown {
  const purpose = body.response_format.json_schema.name;
  if (purpose === "title") return { title: "Export hangs at the last step" };
  if (purpose === "triage") return { featureId: null, severity: "P2", nature: "bug", summary: "Exports hang at the last step for this user." };
  const input = JSON.parse(body.messages[1].content);
  if (/casino/i.test(input.report.message)) return { status: "drop", message: "Not about the app." };
  if (input.answers.helped === "yes") return { status: "resolved", message: "Glad it helped." };
  if (Object.keys(input.answers).length === 0 && input.helpArticles.length > 0 && /two-factor/i.test(input.report.message)) {
    const article = input.helpArticles.find((a: any) => /two-factor/i.test(a.title));
    return {
      status: "answer",
      message: "Check your phone's clock.",
      source: { title: article.title, url: article.url },
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
    };
  }
  if (Object.keys(input.answers).length === 0)
    return { status: "ask", questions: [{ id: "observed", prompt: "What happens exactly?", mode: "text" }] };
  return { status: "ready", report: { observed: input.answers.observed, expected: "The file downloads" } };
}

const start = (message: string) => post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message, qualify: true });
const answer = (id: string, body: Record<string, unknown>) =>
  post(`${server.url}/v1/reports/${id}/answers`, { publicKey: server.demo.publicKey, ...body });

test("with ASSISTANT=openai the model asks, then the report is recorded with what it learnt and a title it wrote", async () => {
  fake.reply = scriptedModel;
  const first = await start("The export hangs");
  expect(first.body).toMatchObject({ status: "ask", questions: [{ id: "observed", prompt: "What happens exactly?" }] });
  const done = await answer(first.body.id, { text: "The spinner never stops" });
  expect(done.status).toBe(201);
  expect(done.body).toMatchObject({ status: "ready", id: first.body.id });
  const read = await get(`${server.url}/v1/feedbacks/${done.body.ticketId}`, server.demo.tokens.admin);
  expect(read.body).toMatchObject({ observed: "The spinner never stops", expected: "The file downloads" });
  // The title the model writes arrives with the background triage.
  const triaged = await waitFor(
    "the background triage to write the title",
    async () => (await get(`${server.url}/v1/feedbacks/${done.body.ticketId}`, server.demo.tokens.admin)).body.title,
    (title) => title === "Export hangs at the last step",
  );
  expect(triaged).toBe("Export hangs at the last step");
  expect((await get(`${server.url}/v1/feedbacks/${done.body.ticketId}`, server.demo.tokens.admin)).body.summary).toBe(
    "Exports hang at the last step for this user.",
  );
});

test("with ASSISTANT=openai: answer from the help center, then resolved; and drop", async () => {
  fake.reply = scriptedModel;
  const first = await start("My two-factor codes are refused");
  expect(first.body).toMatchObject({ status: "answer", source: { url: "https://help.retour.example/two-factor" } });
  expect((await answer(first.body.id, { choiceIds: ["yes"] })).body.status).toBe("resolved");
  expect((await start("Cheap casino bonus")).body.status).toBe("drop");
});

test("502 qualification_failed when the provider does not answer in time", async () => {
  fake.reply = scriptedModel;
  fake.delayMs = 1_000;
  const res = await start("The export hangs again");
  fake.delayMs = 0;
  expect([res.status, res.body.code]).toEqual([502, "qualification_failed"]);
});

test("without qualify, a report is recorded at once even when the provider is down, with a plain title", async () => {
  fake.delayMs = 1_000;
  const started = Date.now();
  const res = await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message: "Provider down. Still recorded" });
  expect(res.status).toBe(201);
  // Waiting for the provider would take its whole 1-second delay, retries on top.
  expect(Date.now() - started).toBeLessThan(1_000);
  // Read while the provider is still slow: once it answers, the background triage writes its own title.
  const title = (await get(`${server.url}/v1/feedbacks/${res.body.ticketId}`, server.demo.tokens.admin)).body.title;
  fake.delayMs = 0;
  expect(title).toBe("Provider down");
});

test("with ASSISTANT=openai, grouping uses embeddings kept with each feedback", async () => {
  fake.reply = scriptedModel;
  const report = async (message: string) =>
    (await post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message })).body.ticketId as string;
  const db = new Database(join(server.dataDir, "retour.sqlite"), { readonly: true });
  const settled = () => jobsDone(db);
  await settled();
  const first = await report("Login fails with a valid password");
  await settled();
  const stored = db.query<{ vector: string }, []>("SELECT vector FROM grouping_docs ORDER BY rowid DESC LIMIT 1").get()!;
  expect(JSON.parse(stored.vector)).toEqual([0, 1, 0, 0, 0.0625]);
  const embeddingsBefore = fake.requests.filter((r) => r.path.endsWith("/embeddings")).length;
  const second = await report("Login fails with a valid password since yesterday");
  const other = await report("Payment page shows an error");
  await settled();
  expect((await get(`${server.url}/v1/feedbacks/${second}`, server.demo.tokens.admin)).body.key).toBe(first);
  expect((await get(`${server.url}/v1/feedbacks/${other}`, server.demo.tokens.admin)).body.key).toBe(other);
  // The first feedback's vector came from the store: no later call embedded its text again. (The two
  // new reports' jobs may run at once, each then embedding the other's text, whose vector is not kept yet.)
  const calls = fake.requests.filter((r) => r.path.endsWith("/embeddings")).slice(embeddingsBefore);
  const embedded = calls.flatMap((call) => call.body.input as string[]);
  expect(embedded.some((text) => text.includes("Login fails with a valid password since yesterday"))).toBe(true);
  expect(embedded.filter((text) => text.startsWith("Login fails with a valid password\n"))).toEqual([]);
  db.close();
});
