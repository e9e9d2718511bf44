import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let now = Date.UTC(2026, 10, 2, 9);
let http: InProcess;
beforeAll(async () => {
  http = await inProcess({ with: { clock: () => now } });
});
afterAll(() => http.close());

const start = (message: string) =>
  http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message, qualify: true } });
const answer = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  http.request("POST", `/v1/reports/${id}/answers`, { body: { publicKey: http.demo.publicKey, ...body }, headers });

/** Runs the four questions of a problem report up to its last answer, which is returned unsent. */
async function upToLastAnswer(message: string): Promise<string> {
  const { id } = (await start(message)).body;
  await answer(id, { text: "The export button does nothing" });
  await answer(id, { text: "A CSV file downloads" });
  await answer(id, { text: "https://app.example/reports" });
  return id;
}

const feedbackCount = async () =>
  (await http.request("GET", "/v1/feedbacks?status=all&limit=100", { token: http.demo.tokens.reader })).body.data.length;

describe("a lost 201 can be recovered", () => {
  test("the same last answer sent again after ready returns the same 201, replayed, and records nothing more", async () => {
    const id = await upToLastAnswer("Exporting the report fails");
    const first = await answer(id, { choiceIds: ["3"] });
    expect([first.status, first.body.status]).toEqual([201, "ready"]);
    const before = await feedbackCount();
    now += 14 * 60_000;
    const again = await answer(id, { choiceIds: ["3"] });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await feedbackCount()).toBe(before);
  });

  test("the same last answer sent twice at once records one feedback; both get its ticket", async () => {
    const id = await upToLastAnswer("Exporting the roadmap fails");
    const before = await feedbackCount();
    const [a, b] = await Promise.all([answer(id, { choiceIds: ["2"] }), answer(id, { choiceIds: ["2"] })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.ticketId).toBe(b.body.ticketId);
    expect(await feedbackCount()).toBe(before + 1);
  });

  test("another answer after ready is 404 qualification_not_found", async () => {
    const id = await upToLastAnswer("Exporting the team list fails");
    expect((await answer(id, { choiceIds: ["2"] })).status).toBe(201);
    const other = await answer(id, { choiceIds: ["5"] });
    expect([other.status, other.body.code]).toEqual([404, "qualification_not_found"]);
  });

  test("after the validity window (15 minutes) the answer is gone: 404 qualification_not_found", async () => {
    const id = await upToLastAnswer("Exporting invoices fails");
    expect((await answer(id, { choiceIds: ["4"] })).status).toBe(201);
    now += 15 * 60_000 + 1;
    const late = await answer(id, { choiceIds: ["4"] });
    expect([late.status, late.body.code]).toEqual([404, "qualification_not_found"]);
  });

  test("the ending is not replayed for another channel key", async () => {
    const id = await upToLastAnswer("Exporting contacts fails");
    expect((await answer(id, { choiceIds: ["1"] })).status).toBe(201);
    const foreign = await http.request("POST", `/v1/reports/${id}/answers`, { body: { publicKey: http.demo.formKey, choiceIds: ["1"] } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "qualification_not_found"]);
  });
});

describe("/answers accepts an idempotency-key with the rules of /v1/reports", () => {
  test("a retry of a question's answer with the same key replays the step instead of answering the next question", async () => {
    const { id } = (await start("The calendar sync is broken")).body;
    const first = await answer(id, { text: "Events are missing" }, { "idempotency-key": "a-1" });
    expect(first.body.questions[0].id).toBe("expected");
    const retried = await answer(id, { text: "Events are missing" }, { "idempotency-key": "a-1" });
    expect(retried.body).toEqual(first.body);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    const next = await answer(id, { text: "All events of the week" }, { "idempotency-key": "a-2" });
    expect(next.body.questions[0].id).toBe("where");
  });

  test("the same key with another body is 422 idempotency_key_reused", async () => {
    const { id } = (await start("The invoice total is wrong")).body;
    await answer(id, { text: "It shows 0" }, { "idempotency-key": "b-1" });
    const reused = await answer(id, { text: "Something else" }, { "idempotency-key": "b-1" });
    expect([reused.status, reused.body.code]).toEqual([422, "idempotency_key_reused"]);
  });

  test("an empty key is 400 invalid_idempotency_key", async () => {
    const { id } = (await start("Uploads stall")).body;
    const refused = await answer(id, { text: "At 99%" }, { "idempotency-key": "" });
    expect([refused.status, refused.body.code]).toEqual([400, "invalid_idempotency_key"]);
  });

  test("the last answer with a key, retried with that key, returns the same 201", async () => {
    const id = await upToLastAnswer("Exporting the audit log fails");
    const first = await answer(id, { choiceIds: ["3"] }, { "idempotency-key": "c-4" });
    expect(first.status).toBe(201);
    const retried = await answer(id, { choiceIds: ["3"] }, { "idempotency-key": "c-4" });
    expect([retried.status, retried.body.ticketId]).toEqual([201, first.body.ticketId]);
  });
});
