import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { inProcess, type InProcess, jsonClient } from "../../support/in-process.ts";
import { scratchDir } from "../../support/scratch.ts";

let server: InProcess;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server.close());
const { get, post } = jsonClient(() => server);

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
    expect(third.body).toMatchObject({ id, status: "ask", questions: [{ id: "where", mode: "single", allowTextFallback: true }] });
    expect(third.body.questions[0].choices.map((c: any) => c.label)).toContain("Checkout");
    const fourth = await answer(id, { text: "https://app.example/invoices/42" });
    expect(fourth.body).toMatchObject({ id, status: "ask", questions: [{ id: "impact", mode: "scale" }] });
    expect(fourth.body.questions[0].choices.map((c: any) => c.id)).toEqual(["1", "2", "3", "4", "5"]);
    const done = await answer(id, { choiceIds: ["4"] });
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
      "assistant",
      "user",
    ]);
  });

  test.each([
    ["When I click Export the PDF is blank; I expected my invoice to download", "The invoices page"],
    ["Quand je clique sur Exporter, le PDF est vide\u202f; je m'attendais à télécharger ma facture", "La page des factures"],
  ])("a reporter who answers that the problem blocks them completely gets it graded P1: %s", async (message, place) => {
    const first = await start(message);
    expect(first.body.questions[0].id).toBe("where");
    const impact = await answer(first.body.id, { text: place });
    expect(impact.body.questions[0].id).toBe("impact");
    const done = await answer(first.body.id, { choiceIds: ["5"] });
    expect(done.status).toBe(201);
    await server.runJobs();
    const feedback = await get(`${server.url}/v1/feedbacks/${done.body.ticketId}`, server.demo.tokens.admin);
    expect(feedback.body.severity).toBe("P1");
  });

  test("a feature can be chosen as the place, by its choice id", async () => {
    const first = await start("The total is wrong", { observed: "It shows 0", expected: "The sum of my items" });
    expect(first.body.questions[0]).toMatchObject({ id: "where", mode: "single" });
    const impact = await answer(first.body.id, { choiceIds: [server.demo.featureId] });
    expect(impact.body.questions[0].id).toBe("impact");
    const done = await answer(first.body.id, { choiceIds: ["2"] });
    expect(done.status).toBe(201);
    const read = await get(`${server.url}/v1/feedbacks/${done.body.ticketId}`, server.demo.tokens.admin);
    expect(read.body.reportList[0].text).toBe("The total is wrong\n\nWhere: Checkout");
  });

  test("answer: the assistant answers from the help center, and yes ends as resolved without recording", async () => {
    const first = await start("My two-factor authentication codes are refused by the authenticator check");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: "answer",
      source: { title: "Turn on two-factor authentication", url: "https://help.retour.example/two-factor" },
      questions: [{ id: "helped", mode: "yes_no", choices: [{ id: "yes" }, { id: "no" }] }],
    });
    expect(first.body.message).toContain("authenticator");
    const resolved = await answer(first.body.id, { choiceIds: ["yes"] });
    expect(resolved.body).toMatchObject({ id: first.body.id, status: "resolved" });
    expect((await answer(first.body.id, { text: "more" })).body.code).toBe("qualification_not_found");
  });

  test("answer: no, and the qualification continues with its questions", async () => {
    const first = await start("Two-factor authentication codes are always refused");
    expect(first.body.status).toBe("answer");
    const next = await answer(first.body.id, { choiceIds: ["no"] });
    expect(next.body).toMatchObject({ status: "ask", questions: [{ id: "observed" }] });
  });

  test("an idea asks for the need, then which parts of the app it touches (several choices)", async () => {
    const first = await start("A weekly digest by e-mail", { kind: "idea" });
    expect(first.body.questions[0]).toMatchObject({ id: "need", mode: "text" });
    const touches = await answer(first.body.id, { text: "Keep up without opening the app every day" });
    expect(touches.body.questions[0]).toMatchObject({ id: "touches", mode: "multi", allowTextFallback: true });
    const done = await answer(first.body.id, { choiceIds: [server.demo.featureId, "feat-search"] });
    expect(done.status).toBe(201);
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
    expect(res.body.questions[0].prompt).toBe("Que s’est-il passé exactement\u202f?");
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

  test("an answer that does not fit the question asked says why: choices not offered, or a text where only choices are taken", async () => {
    const first = await start("The chart colours are wrong");
    const res = await answer(first.body.id, { choiceIds: ["made-up"] });
    expect(res.body).toEqual({
      error: "The answer is invalid. choiceIds: not the id of a choice of the question asked (send one, or several where its mode is multi).",
      code: "invalid_answer",
    });
    const fr = await answer(first.body.id, { choiceIds: ["made-up"] }, { "accept-language": "fr" });
    expect(fr.body.error).toBe(
      "La réponse est invalide. choiceIds\u202f: pas l’identifiant d’un choix de la question posée (envoyez-en un, ou plusieurs si son mode est multi).",
    );
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

  test("403 channel_inactive: a channel disabled while its report is qualified takes no more answers, as /openapi.json says", async () => {
    const key = (await server.cli("channel", "create", "DEMO", server.demo.appId, "--kind", "api")).trim();
    const first = await post(`${server.url}/v1/reports`, { publicKey: key, kind: "problem", message: "Invoices vanish", qualify: true });
    await server.cli("channel", "disable", "DEMO", key);
    const res = await post(`${server.url}/v1/reports/${first.body.id}/answers`, { publicKey: key, text: "The invoices list is empty" });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: "channel_inactive" });
    const doc = (await get(`${server.url}/openapi.json`)).body;
    expect(doc.paths["/v1/reports/{id}/answers"].post.responses["403"].description).toContain("`channel_inactive`");
  });

  test("the id stays valid 15 minutes after the last answer, and not longer", async () => {
    const first = await start("Notifications arrive twice");
    server.advanceClock(15 * 60_000 - 1_000);
    expect((await answer(first.body.id, { text: "Two identical e-mails" })).status).toBe(200);
    server.advanceClock(15 * 60_000 - 1_000);
    expect((await answer(first.body.id, { text: "One e-mail" })).status).toBe(200);
    server.advanceClock(15 * 60_000 + 1_000);
    const res = await answer(first.body.id, { text: "On the settings page" });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: "qualification_not_found" });
  });

  test("the help center is imported with the CLI from Markdown and JSON files, replacing the previous one", async () => {
    const dir = scratchDir("help");
    writeFileSync(
      join(dir, "refunds.md"),
      "---\ntitle: Ask for a refund\nurl: https://help.example/refunds\n---\nOpen Orders, pick the order and choose Ask for a refund. Refunds reach your card within five days.\n",
    );
    writeFileSync(
      join(dir, "more.json"),
      JSON.stringify([{ title: "Print a receipt", url: "https://help.example/receipts", body: "Open Orders and choose Print receipt." }]),
    );
    writeFileSync(join(dir, "bad.md"), "no title and no url");
    expect(await server.cli("help", "import", "DEMO", server.demo.appId, join(dir, "refunds.md"), join(dir, "more.json"))).toContain(
      "2 help articles imported",
    );
    await expect(server.cli("help", "import", "DEMO", server.demo.appId, join(dir, "bad.md"))).rejects.toThrow("no title");
    const step = await start("I asked for a refund on my order but the refund never reached my card");
    expect(step.body).toMatchObject({ status: "answer", source: { title: "Ask for a refund", url: "https://help.example/refunds" } });
    // The demo's former articles were replaced.
    expect((await start("Two-factor authentication codes are always refused")).body.status).toBe("ask");
  });
});
