import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createLocalAssistant } from "../../../adapters/assistant-local/assistant.ts";
import { distinctText } from "../../support/distinct.ts";
import { inProcess, type InProcess, jsonClient } from "../../support/in-process.ts";

let server: InProcess;
beforeAll(async () => {
  server = await inProcess();
});
afterAll(() => server.close());
const { get, post } = jsonClient(() => server);

const report = (extra: Record<string, unknown> = {}) => ({
  publicKey: server.demo.publicKey,
  kind: "problem",
  message: "The export button is greyed out",
  ...extra,
});
const reportsUrl = () => `${server.url}/v1/reports`;

describe("POST /v1/reports", () => {
  test("records a report as a feedback: 201 with ticketId, merged false and tracking fields", async () => {
    const res = await post(reportsUrl(), report());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ok: true, merged: false });
    expect(res.body.ticketId).toMatch(/^DEMO-\d+$/);
    expect(res.body.statusUrl).toBe(`${server.url.replace("127.0.0.1", "localhost")}/s/${res.body.statusId}?t=${res.body.statusToken}`);
    const read = await get(`${server.url}/v1/feedbacks/${res.body.ticketId}`, server.demo.tokens.admin);
    expect(read.body).toMatchObject({ key: res.body.ticketId, status: "triage", kind: "problem", reports: 1 });
  });

  test("accepts a form channel key", async () => {
    expect((await post(reportsUrl(), report({ publicKey: server.demo.formKey }))).status).toBe(201);
  });

  test("maps the compatibility kinds issue, bug and greeting to problem, problem and praise", async () => {
    for (const [sent, stored] of [
      ["issue", "problem"],
      ["bug", "problem"],
      ["greeting", "praise"],
    ]) {
      const res = await post(reportsUrl(), report({ kind: sent, message: distinctText(["issue", "bug", "greeting"].indexOf(sent!) + 20) }));
      const read = await get(`${server.url}/v1/feedbacks/${res.body.ticketId}`, server.demo.tokens.admin);
      expect(read.body.kind).toBe(stored);
    }
  });

  test("writes a title when none is given, and keeps the given one", async () => {
    const untitled = await post(reportsUrl(), report({ message: "Dark mode forgets my choice. It resets at every login." }));
    expect((await get(`${server.url}/v1/feedbacks/${untitled.body.ticketId}`, server.demo.tokens.admin)).body.title).toBe(
      "Dark mode forgets my choice",
    );
    const titled = await post(reportsUrl(), report({ title: "Exact title", message: "another subject entirely about invoices" }));
    expect((await get(`${server.url}/v1/feedbacks/${titled.body.ticketId}`, server.demo.tokens.admin)).body.title).toBe("Exact title");
  });

  test("a given title longer than a feedback's 200 characters is cut at a word boundary for the feedback, on one line", async () => {
    const long = await post(
      reportsUrl(),
      report({ title: `Totals\nwrong ${"on every invoice ".repeat(40)}`, message: "unrelated words about calendars" }),
    );
    const title: string = (await get(`${server.url}/v1/feedbacks/${long.body.ticketId}`, server.demo.tokens.admin)).body.title;
    expect([[...title].length <= 200, title.startsWith("Totals wrong on every invoice"), title.endsWith("…")]).toEqual([true, true, true]);
  });

  test("ignores unknown fields and an e-mail that does not have the shape of one", async () => {
    const res = await post(
      reportsUrl(),
      report({ message: "Unknown fields test about tooltips", surprise: { deep: true }, user: { email: "not-an-email", name: "Ann" } }),
    );
    expect(res.status).toBe(201);
    const read = await get(`${server.url}/v1/feedbacks/${res.body.ticketId}`, server.demo.tokens.admin);
    expect(read.body.reportList[0].author).toBe("Ann");
  });

  test("POST /v1/ingest remains accepted, with Deprecation and Link headers", async () => {
    const res = await post(`${server.url}/v1/ingest`, report({ message: "Ingest alias still works for the legacy clients" }));
    expect(res.status).toBe(201);
    expect(res.headers.get("deprecation")).toBe("true");
    expect(res.headers.get("link")).toBe('</v1/reports>; rel="successor-version"');
  });

  test("POST /v1/ingest says it is deprecated on a refusal before its body is read too: invalid_json", async () => {
    const refused = await server.request("POST", "/v1/ingest", { raw: "{", headers: { "content-type": "application/json" } });
    expect([refused.status, refused.body.code, refused.headers.get("deprecation"), refused.headers.get("link")]).toEqual([
      400,
      "invalid_json",
      "true",
      '</v1/reports>; rel="successor-version"',
    ]);
  });
});

describe("POST /v1/reports errors", () => {
  const expectError = (res: { status: number; body: any }, status: number, code: string) => {
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    expect(typeof res.body.error).toBe("string");
  };

  test("400 invalid_json: body unreadable", async () => {
    expectError(await post(reportsUrl(), "{not json"), 400, "invalid_json");
  });

  test("400 invalid_ingest: missing or invalid field", async () => {
    expectError(await post(reportsUrl(), { publicKey: server.demo.publicKey, kind: "problem" }), 400, "invalid_ingest");
    expectError(await post(reportsUrl(), report({ kind: "complaint" })), 400, "invalid_ingest");
    expectError(await post(reportsUrl(), report({ message: "" })), 400, "invalid_ingest");
    expectError(await post(reportsUrl(), report({ publicKey: "" })), 400, "invalid_ingest");
    expectError(await post(reportsUrl(), report({ qualify: "yes" })), 400, "invalid_ingest");
    expectError(await post(reportsUrl(), [1, 2]), 400, "invalid_ingest");
  });

  test("400 invalid_ingest: a message of spaces and line breaks only has no text", async () => {
    expectError(await post(reportsUrl(), report({ message: " \n\t " })), 400, "invalid_ingest");
    const recorded = await post(reportsUrl(), report({ message: "  Crash on save  " }));
    expect(recorded.status).toBe(201);
  });

  test("400 invalid_idempotency_key: empty or longer than 255 characters", async () => {
    expectError(await post(reportsUrl(), report(), { "idempotency-key": "" }), 400, "invalid_idempotency_key");
    expectError(await post(reportsUrl(), report(), { "idempotency-key": "k".repeat(256) }), 400, "invalid_idempotency_key");
    expect((await post(reportsUrl(), report({ message: "255 is fine as a key length" }), { "idempotency-key": "k".repeat(255) })).status).toBe(201);
  });

  test("403 channel_mismatch: a widget key is neither an API nor a form key", async () => {
    expectError(await post(reportsUrl(), report({ publicKey: server.demo.widgetKey })), 403, "channel_mismatch");
  });

  test("403 channel_inactive: disabled channel", async () => {
    expectError(await post(reportsUrl(), report({ publicKey: server.demo.inactiveKey })), 403, "channel_inactive");
  });

  test("404 unknown_app: unknown key, saying where an app's keys are", async () => {
    const refused = await post(reportsUrl(), report({ publicKey: "pk_nobody" }));
    expectError(refused, 404, "unknown_app");
    expect(refused.body.error).toContain("Settings → Apps.");
  });

  test("413 message_too_long: more than 10000 characters; 10000 is accepted", async () => {
    expectError(await post(reportsUrl(), report({ message: "x".repeat(10_001) })), 413, "message_too_long");
    expect((await post(reportsUrl(), report({ message: `long ${"y".repeat(9_995)}` }))).status).toBe(201);
  });

  test("French messages with Accept-Language: fr", async () => {
    const res = await post(reportsUrl(), report({ publicKey: "pk_nobody" }), { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" });
    expect(res.body).toEqual({
      error: "Aucune application n’a cette clé\u202f: copiez celle d’un canal de l’application dans Réglages → Applications.",
      code: "unknown_app",
    });
    const english = await post(reportsUrl(), report({ publicKey: "pk_nobody" }), { "accept-language": "de, en;q=0.5" });
    expect(english.body.error).toBe("No app has this key: copy the key of an app's channel from Settings → Apps.");
  });
});

describe("idempotency", () => {
  test("a retry with the same key and body returns the first response with Idempotent-Replayed: true and creates no duplicate", async () => {
    const body = report({ message: "Idempotent report about the calendar sync" });
    const first = await post(reportsUrl(), body, { "idempotency-key": "same-1" });
    const second = await post(reportsUrl(), body, { "idempotency-key": "same-1" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    // The answer kept for the retry holds the tracking token sealed: a copy of the store opens no tracking page.
    const kept = await server.services.store.findAnswer(server.demo.publicKey, "same-1", server.services.clock());
    expect([kept !== null, JSON.stringify(kept).includes(first.body.statusToken)]).toEqual([true, false]);
  });

  test("422 idempotency_key_reused: the same key with another body", async () => {
    await post(reportsUrl(), report({ message: "first body for key reuse" }), { "idempotency-key": "reuse-1" });
    const res = await post(reportsUrl(), report({ message: "second body for key reuse" }), { "idempotency-key": "reuse-1" });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("idempotency_key_reused");
  });

  test("keys are scoped to the channel: the same key on another channel is a new report", async () => {
    const a = await post(reportsUrl(), report({ message: "scoped key report" }), { "idempotency-key": "scoped" });
    expect(a.status).toBe(201);
    const b = await post(reportsUrl(), report({ publicKey: server.demo.formKey, message: "scoped key report" }), { "idempotency-key": "scoped" });
    expect(b.status).toBe(201);
    expect(b.body.ticketId).not.toBe(a.body.ticketId);
  });

  test("two concurrent requests with one key give exactly one feedback (the other sees 409 idempotency_in_progress or the replay)", async () => {
    const message = `Concurrent idempotency ${crypto.randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => post(reportsUrl(), report({ message }), { "idempotency-key": "race-1" })));
    const created = results.filter((r) => r.status === 201);
    for (const r of results) expect([201, 409]).toContain(r.status);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.code).toBe("idempotency_in_progress");
    expect(new Set(created.map((r) => r.body.ticketId)).size).toBe(1);
    const listed = await get(`${server.url}/v1/feedbacks?query=${encodeURIComponent(message)}&status=all`, server.demo.tokens.admin);
    expect(listed.body.data.length).toBe(1);
  });

  test("409 idempotency_in_progress: a request with the same idempotency key is still running", async () => {
    // The assistant holds the first request inside its qualification until the test lets it go.
    const local = createLocalAssistant();
    const { promise: inside, resolve: entered } = Promise.withResolvers<void>();
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    const qualify: typeof local.qualify = async (context) => {
      entered();
      await held;
      return local.qualify(context);
    };
    const slow = await inProcess({ with: { assistant: { ...local, qualify } } });
    try {
      const body = { publicKey: slow.demo.publicKey, kind: "praise", message: "Love the new calendar view", qualify: true };
      const send = () => slow.request("POST", "/v1/reports", { body, headers: { "idempotency-key": "running-1" } });
      const first = send();
      await inside;
      const second = await send();
      expect([second.status, second.body]).toEqual([
        409,
        { error: "A request with this idempotency key is still running.", code: "idempotency_in_progress" },
      ]);
      release();
      expect((await first).status).toBe(201);
      expect((await send()).headers.get("idempotent-replayed")).toBe("true");
    } finally {
      release();
      slow.close();
    }
  });

  test("the replay window is 24 hours: a second before its end the retry is replayed, after it the same key records a new report", async () => {
    const body = report({ message: "window test about the reminders" });
    const first = await post(reportsUrl(), body, { "idempotency-key": "window-1" });
    server.advanceClock(24 * 60 * 60_000 - 1_000);
    const within = await post(reportsUrl(), body, { "idempotency-key": "window-1" });
    expect([within.headers.get("idempotent-replayed"), within.body.ticketId]).toEqual(["true", first.body.ticketId]);
    server.advanceClock(2_000);
    const later = await post(reportsUrl(), body, { "idempotency-key": "window-1" });
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(later.body.ticketId).not.toBe(first.body.ticketId);
  });
});
