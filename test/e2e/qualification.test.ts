import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { get, post, startServer, type TestServer } from "../support/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const start = (message: string, extra: Record<string, unknown> = {}) =>
  post(`${server.url}/v1/reports`, { publicKey: server.demo.publicKey, kind: "problem", message, qualify: true, ...extra });
const answer = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  post(`${server.url}/v1/reports/${id}/answers`, { publicKey: server.demo.publicKey, ...body }, headers);

describe("qualification", () => {
  test("asks what a problem report lacks, one question at a time, then records it: 201 with id and status ready", async () => {
    const first = await start("The invoice PDF is empty");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "ask", questions: [{ id: "observed", mode: "text" }] });
    const id = first.body.id;
    const second = await answer(id, { text: "The download gives a blank page" });
    expect(second.body).toMatchObject({ id, status: "ask", questions: [{ id: "expected" }] });
    const third = await answer(id, { text: "A PDF with the invoice lines" });
    expect(third.body).toMatchObject({ id, status: "ask", questions: [{ id: "where" }] });
    const done = await answer(id, { text: "https://app.example/invoices/42" });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ ok: true, merged: false, id, status: "ready" });
    const feedback = await get(`${server.url}/v1/feedbacks/${done.body.ticketId}`, server.demo.tokens.admin);
    expect(feedback.body).toMatchObject({ observed: "The download gives a blank page", expected: "A PDF with the invoice lines" });
    expect(feedback.body.fullContext.page).toEqual({ url: "https://app.example/invoices/42" });
    expect(feedback.body.fullContext.qualification.map((t: any) => t.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
    ]);
  });

  test("a report precise enough at the first call is recorded at once: 201 with id and status ready", async () => {
    const res = await start("Saving a draft fails", { observed: "Error 500", expected: "The draft is saved", url: "https://app.example/drafts" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ok: true, status: "ready", merged: false });
    expect(typeof res.body.id).toBe("string");
  });

  test("praise needs no question", async () => {
    expect((await start("Love the new dashboard, great work", { kind: "praise" })).status).toBe(201);
  });

  test("off-topic text is dropped without recording", async () => {
    const res = await start("Buy now cheap casino bonus");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("drop");
    expect(res.body.message).toBeString();
  });

  test("a change of subject ends with restart, and the id is then unknown", async () => {
    const first = await start("The sidebar flickers");
    const res = await answer(first.body.id, { text: "Actually, another problem: my password reset mail never arrives" });
    expect(res.body).toMatchObject({ id: first.body.id, status: "restart" });
    expect((await answer(first.body.id, { text: "hello" })).body.code).toBe("qualification_not_found");
  });

  test("the conversation follows the reporter's language", async () => {
    const res = await start("Le bouton de paiement ne fonctionne pas quand je clique");
    expect(res.body.questions[0].prompt).toBe("Que s'est-il passé exactement ?");
  });

  test("400 missing_answer: neither text nor choiceIds", async () => {
    const first = await start("The map does not load");
    for (const body of [{}, { text: "   " }, { choiceIds: [] }]) {
      const res = await answer(first.body.id, body);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: "missing_answer" });
    }
  });

  test("400 invalid_answer: wrong types, or choices that were not offered", async () => {
    const first = await start("The chart colours are wrong");
    expect((await answer(first.body.id, { text: 42 })).body.code).toBe("invalid_answer");
    expect((await post(`${server.url}/v1/reports/${first.body.id}/answers`, { text: "no key" })).body.code).toBe("invalid_answer");
    const res = await answer(first.body.id, { choiceIds: ["made-up"] });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: "invalid_answer" });
  });

  test("400 invalid_json", async () => {
    const first = await start("The export hangs");
    const res = await post(`${server.url}/v1/reports/${first.body.id}/answers`, "{nope");
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: "invalid_json" });
  });

  test("404 qualification_not_found: unknown id, or another key", async () => {
    expect((await answer("nope", { text: "x" })).body.code).toBe("qualification_not_found");
    const first = await start("Uploads stall at 99%");
    const res = await post(`${server.url}/v1/reports/${first.body.id}/answers`, { publicKey: server.demo.formKey, text: "x" });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: "qualification_not_found" });
  });

  test("the id stays valid 15 minutes after the last answer, and not longer", async () => {
    const first = await start("Notifications arrive twice");
    server.advanceClock(14 * 60_000);
    expect((await answer(first.body.id, { text: "Two identical e-mails" })).status).toBe(200);
    server.advanceClock(14 * 60_000);
    expect((await answer(first.body.id, { text: "One e-mail" })).status).toBe(200);
    server.advanceClock(15 * 60_000 + 1_000);
    const res = await answer(first.body.id, { text: "On the settings page" });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: "qualification_not_found" });
  });
});
