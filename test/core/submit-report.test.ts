import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Channel, ChannelKind } from "../../core/model.ts";
import { monthlyQuota } from "../../core/plans.ts";
import { createInFlight } from "../../core/report/in-flight.ts";
import type { NewFeedback, RecordedFeedback } from "../../core/store/collection.ts";
import type { StoredAnswer } from "../../core/store/idempotency.ts";
import { submitReport } from "../../core/collection/submit-report.ts";
import { NOW } from "./fake-organization.ts";
import type { Plan } from "../../core/plans.ts";
import { SERVER } from "../../core/collection/open-channel.ts";

const organization = { id: "org", name: "Acme", keyPrefix: "ACME", plan: "free" as const, quotaOverride: null };
const SHOP = "https://shop.acme.test";
const app = { id: "app", orgId: "org", name: "Acme web", kind: "web" as const, browser: { origins: [SHOP], replay: true, queryParams: ["tab"] } };
const channel = (kind: ChannelKind, active = true): Channel => ({ id: `ch-${kind}`, orgId: "org", appId: "app", kind, key: `${kind}_key`, active });

/** A collection store in memory: channels by key, the answers stored under idempotency keys, and what was recorded. */
function fakeCollection(options: { quotaLeft?: boolean; plan?: Plan } = {}) {
  const channels = new Map([channel("api"), channel("widget"), { ...channel("form", false), key: "off_key" }].map((c) => [c.key, c]));
  const answers = new Map<string, StoredAnswer>();
  const recorded: NewFeedback[] = [];
  const qualifications: string[] = [];
  let next = 0;
  const store = {
    findChannelByKey: async (key: string) => {
      const found = channels.get(key);
      return found ? { channel: found, app, organization: { ...organization, plan: options.plan ?? organization.plan } } : null;
    },
    recordFeedback: async (input: NewFeedback): Promise<RecordedFeedback> => {
      if (options.quotaLeft === false) return { state: "quota_exceeded" };
      const earlier = input.answer && answers.get(`${input.answer.scope}/${input.answer.key}`);
      if (earlier) return { state: "answered", answer: earlier };
      recorded.push(input);
      const key = `ACME-${recorded.length}`;
      if (input.answer)
        answers.set(`${input.answer.scope}/${input.answer.key}`, { fingerprint: input.answer.fingerprint, response: input.answer.respond(key) });
      return { state: "recorded", feedback: { ...input.feedback, key } };
    },
    findAnswer: async (scope: string, key: string) => answers.get(`${scope}/${key}`) ?? null,
    quotaUsed: async () => 0,
    listHelpArticles: async () => [],
    listFeatures: async () => [],
    saveQualification: async (session: { id: string }) => {
      qualifications.push(session.id);
      return null;
    },
    saveAnswer: async () => null,
  };
  const stored = new Map<string, Uint8Array>();
  const deps = {
    store,
    files: { put: async (key: string, bytes: Uint8Array) => void stored.set(key, bytes), get: async (key: string) => stored.get(key) ?? null },
    clock: () => NOW,
    ids: { id: () => `id-${++next}`, secret: () => `secret-${++next}` },
    digest: (text: string) => `sha256(${text})`,
    secrets: { seal: async (text: string) => `sealed:${text}`, open: async (sealed: string) => sealed.slice(7) },
    baseUrl: "https://retour.test",
    inFlight: createInFlight(),
    assistant: { qualify: async () => ({ status: "ask", questions: [{ id: "where", prompt: "Where?", mode: "text" }] }) } as never,
  };
  return { deps, recorded, stored, qualifications };
}

const report = { publicKey: "api_key", message: "Export to PDF gives a blank page", kind: "problem" as const };

describe("submitReport", () => {
  test("a report becomes a feedback at once: feedback, first report, reporter as follower, created event and grouping job in one write", async () => {
    const { deps, recorded } = fakeCollection();
    const submitted = await submitReport(deps, { ...report, user: { email: " Ann@Acme.TEST", name: "Ann" } }, undefined);
    assert.equal(submitted.ok && submitted.value.outcome.kind, "recorded");
    const [input] = recorded;
    assert.equal(input?.feedback.title, "Export to PDF gives a blank page");
    assert.equal(input?.feedback.status, "triage");
    assert.equal(input?.report.source, "api");
    assert.deepEqual(input?.follower && [input.follower.email, input.follower.name], ["ann@acme.test", "Ann"]);
    assert.equal(input?.event.type, "feedback.created");
    assert.deepEqual(input?.jobs, [{ kind: "group_report", orgId: "org", feedbackId: input?.feedback.id }]);
    assert.deepEqual(input?.quota, { month: "2026-11", limit: monthlyQuota("free", null) });
  });

  test("the answer tells the ticket and a tracking link whose token is stored only as its digest", async () => {
    const { deps, recorded } = fakeCollection();
    const submitted = await submitReport(deps, report, undefined);
    const body = submitted.ok && submitted.value.outcome.kind === "recorded" ? submitted.value.outcome.body : null;
    assert.equal(body?.ticketId, "ACME-1");
    assert.equal(body?.statusUrl, `https://retour.test/s/${body?.statusId}?t=${body?.statusToken}`);
    assert.equal(recorded[0]?.statusTokenHash, `sha256(${body?.statusToken})`);
  });

  test("a report is tracked by its own id: the token, not the id, opens the tracking page", async () => {
    const { deps, recorded } = fakeCollection();
    const submitted = await submitReport(deps, report, undefined);
    const body = submitted.ok && submitted.value.outcome.kind === "recorded" ? submitted.value.outcome.body : null;
    assert.equal(body?.statusId, recorded[0]?.report.id);
    assert.equal(recorded[0]?.report.statusId, recorded[0]?.report.id);
  });

  test("a qualification's id is a secret, not an identifier: it is all a browser holds to answer, its key being public", async () => {
    const { deps, qualifications } = fakeCollection();
    const asked = await submitReport(deps, { ...report, qualify: true }, undefined);
    const step = asked.ok && asked.value.outcome.kind === "step" ? asked.value.outcome.body : null;
    assert.match(step?.id ?? "", /^secret-/);
    assert.deepEqual(qualifications, [step?.id]);
  });

  const languageOf = async (message: string, stated: Parameters<typeof submitReport>[4]) => {
    const { deps, recorded } = fakeCollection();
    await submitReport(deps, { ...report, message, user: { email: "ann@acme.test" } }, undefined, SERVER, stated);
    return [recorded[0]?.report.language, recorded[0]?.follower?.language];
  };

  test("a report whose words do not decide its language is in the one its client accepts", async () => {
    assert.deepEqual(await languageOf("Café menu crashes", { accepts: "en" }), ["en", "en"]);
    assert.deepEqual(await languageOf("Paiement bloqué", { accepts: "fr" }), ["fr", "fr"]);
  });

  test("a report's own words win over the language its client accepts", async () => {
    assert.deepEqual(await languageOf("L’export plante quand je clique", { accepts: "en" }), ["fr", "fr"]);
  });

  test("the page a person reads the questions on wins over their message's words", async () => {
    assert.deepEqual(await languageOf("L’export plante quand je clique", { reads: "en" }), ["en", "en"]);
  });

  test("the month's quota used up: quota_exceeded, to retry when the next month begins", async () => {
    const { deps } = fakeCollection({ quotaLeft: false });
    const refused = await submitReport(deps, report, undefined);
    assert.deepEqual(refused, { ok: false, code: "quota_exceeded", retryAfter: 8 * 86_400 - 12 * 3600 });
  });

  test("a key that is not an open API or form channel: unknown_app, channel_mismatch (a widget key), channel_inactive", async () => {
    const { deps, recorded } = fakeCollection();
    const codes = [];
    for (const publicKey of ["nope", "widget_key", "off_key"]) {
      const refused = await submitReport(deps, { ...report, publicKey }, undefined);
      codes.push(refused.ok ? "ok" : refused.code);
    }
    assert.deepEqual(codes, ["unknown_app", "channel_mismatch", "channel_inactive"]);
    assert.equal(recorded.length, 0);
  });

  test("a retry with the same idempotency key and body replays the first answer; another body is idempotency_key_reused", async () => {
    const { deps, recorded } = fakeCollection();
    const first = await submitReport(deps, report, "order-42");
    const again = await submitReport(deps, report, "order-42");
    assert.equal(again.ok && again.value.replayed, true);
    assert.deepEqual(again.ok && again.value.outcome, first.ok && first.value.outcome);
    assert.deepEqual(await submitReport(deps, { ...report, message: "Something else" }, "order-42"), { ok: false, code: "idempotency_key_reused" });
    assert.equal(recorded.length, 1);
  });

  test("an idempotency key is 1 to 255 characters: invalid_idempotency_key", async () => {
    const { deps } = fakeCollection();
    for (const key of ["", "k".repeat(256)]) assert.deepEqual(await submitReport(deps, report, key), { ok: false, code: "invalid_idempotency_key" });
    assert.equal((await submitReport(deps, report, "😀".repeat(255))).ok, true);
  });
});

describe("submitReport from a browser", () => {
  const fromShop = { via: "browser", origin: SHOP } as const;
  const PNG = btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10));
  /** `[]`, gzip-compressed: an empty replay. */
  const GZIP = btoa(
    String.fromCharCode(
      0x1f,
      0x8b,
      0x08,
      0x00,
      0x00,
      0x00,
      0x00,
      0x00,
      0x02,
      0x03,
      0x8b,
      0x8e,
      0x05,
      0x00,
      0x29,
      0xbb,
      0x4c,
      0x0d,
      0x02,
      0x00,
      0x00,
      0x00,
    ),
  );
  const widgetReport = { ...report, publicKey: "widget_key" };

  test("a widget key is accepted only from an origin the app allows: origin_not_allowed otherwise, and without an Origin", async () => {
    const { deps, recorded } = fakeCollection();
    for (const origin of ["https://evil.test", null]) {
      assert.deepEqual(await submitReport(deps, widgetReport, undefined, { via: "browser", origin }), { ok: false, code: "origin_not_allowed" });
    }
    assert.equal((await submitReport(deps, widgetReport, undefined, fromShop)).ok, true);
    assert.equal(recorded[0]?.report.source, "widget");
  });

  test("an API key sent from a browser is channel_mismatch: the browser door takes widget keys only, and the refusal says so", async () => {
    const { deps } = fakeCollection();
    assert.deepEqual(await submitReport(deps, report, undefined, fromShop), {
      ok: false,
      code: "channel_mismatch",
      problem: { field: "publicKey", reason: "widget_key_only" },
    });
  });

  test("a widget key sent by a server is channel_mismatch, and the refusal says a widget key works only from the widget", async () => {
    const { deps } = fakeCollection();
    assert.deepEqual(await submitReport(deps, widgetReport, undefined, SERVER), {
      ok: false,
      code: "channel_mismatch",
      problem: { field: "publicKey", reason: "server_key_only" },
    });
  });

  test("the context is kept as the app allows: query values dropped but for listed parameters, requests without their query", async () => {
    const { deps, recorded } = fakeCollection();
    const context = {
      page: { url: "https://shop.acme.test/cart?tab=2&email=ann%40acme.test#pay" },
      network: [{ method: "POST", url: "https://api.acme.test/pay?card=4242", status: 500, durationMs: 120, at: NOW }],
      console: [{ level: "error" as const, message: "TypeError: total is undefined", at: NOW }],
    };
    await submitReport(deps, { ...widgetReport, context }, undefined, fromShop);
    const kept = recorded[0]?.report.report.context;
    assert.equal(kept?.page?.url, "https://shop.acme.test/cart?tab=2&email");
    assert.equal(kept?.network?.[0]?.url, "https://api.acme.test/pay");
    assert.deepEqual(kept?.console, context.console);
  });

  test("a screenshot and a replay are stored and linked to the feedback in the write that records it", async () => {
    const { deps, recorded, stored } = fakeCollection({ plan: "growth" });
    const attachments = [
      { kind: "screenshot" as const, contentType: "image/png" as const, data: PNG },
      { kind: "replay" as const, contentType: "application/gzip" as const, data: GZIP },
    ];
    await submitReport(deps, { ...widgetReport, attachments }, undefined, fromShop);
    const linked = recorded[0]?.attachments ?? [];
    assert.deepEqual(
      linked.map((a) => [a.kind, a.feedbackId, a.contentType]),
      [
        ["screenshot", recorded[0]?.feedback.id, "image/png"],
        ["replay", recorded[0]?.feedback.id, "application/gzip"],
      ],
    );
    assert.deepEqual([...(stored.get(linked[0]!.storageKey) ?? [])].slice(0, 4), [0x89, 0x50, 0x4e, 0x47]);
  });

  test("a replay that expands past 50 MB once decompressed is replay_too_large; nothing is stored", async () => {
    const { deps, recorded, stored } = fakeCollection({ plan: "growth" });
    const zeros = new Blob([new Uint8Array(50 * 1024 * 1024 + 1)]).stream().pipeThrough(new CompressionStream("gzip"));
    const bomb = new Uint8Array(await new Response(zeros).arrayBuffer());
    const data = btoa(Array.from(bomb, (b) => String.fromCharCode(b)).join(""));
    const attachments = [{ kind: "replay" as const, contentType: "application/gzip" as const, data }];
    assert.deepEqual(await submitReport(deps, { ...widgetReport, attachments }, undefined, fromShop), { ok: false, code: "replay_too_large" });
    assert.equal(recorded.length + stored.size, 0);
  });

  test("a replay is dropped where the plan does not show full context", async () => {
    const { deps, recorded } = fakeCollection({ plan: "free" });
    const attachments = [{ kind: "replay" as const, contentType: "application/gzip" as const, data: GZIP }];
    await submitReport(deps, { ...widgetReport, attachments }, undefined, fromShop);
    assert.deepEqual(recorded[0]?.attachments, []);
  });

  test("a screenshot over 2 MB is payload_too_large, a file that is not what it says is invalid_ingest; nothing is stored", async () => {
    const { deps, recorded, stored } = fakeCollection();
    const big = "A".repeat(Math.ceil(((2 * 1024 * 1024 + 1) * 4) / 3));
    const tooBig = [{ kind: "screenshot" as const, contentType: "image/png" as const, data: big }];
    assert.deepEqual(await submitReport(deps, { ...widgetReport, attachments: tooBig }, undefined, fromShop), {
      ok: false,
      code: "payload_too_large",
    });
    const notPng = [{ kind: "screenshot" as const, contentType: "image/png" as const, data: GZIP }];
    assert.deepEqual(await submitReport(deps, { ...widgetReport, attachments: notPng }, undefined, fromShop), {
      ok: false,
      code: "invalid_ingest",
      problem: { field: "attachments.0.data", reason: "not_its_type" },
    });
    assert.equal(recorded.length + stored.size, 0);
  });

  test("a refused file is named by its place in the list sent, even after a replay the plan does not keep", async () => {
    const { deps } = fakeCollection({ plan: "free" });
    const attachments = [
      { kind: "replay" as const, contentType: "application/gzip" as const, data: GZIP },
      { kind: "screenshot" as const, contentType: "image/png" as const, data: GZIP },
    ];
    assert.deepEqual(await submitReport(deps, { ...widgetReport, attachments }, undefined, fromShop), {
      ok: false,
      code: "invalid_ingest",
      problem: { field: "attachments.1.data", reason: "not_its_type" },
    });
  });
});
