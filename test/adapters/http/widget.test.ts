import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { inProcess, type InProcess } from "../../support/in-process.ts";

/** The demo app allows its widget on a local development server's origin. */
const ALLOWED = "http://localhost:5173";
const FOREIGN = "https://elsewhere.example";
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString("base64");

let http: InProcess;
let limited: InProcess;
beforeAll(async () => {
  [http, limited] = await Promise.all([inProcess(), inProcess({ widgetKeyPerMinute: 2 })]);
});
afterAll(() => Promise.all([http.close(), limited.close()]));

const widgetReport = (extra: Record<string, unknown> = {}) => ({
  publicKey: http.demo.widgetKey,
  kind: "problem",
  message: "The pay button does nothing",
  ...extra,
});
const fromPage = (origin: string | null, body: unknown, path = "/v1/widget/reports", on = http) =>
  on.request("POST", path, { body, headers: origin ? { origin } : {} });

describe("CORS preflight of the widget endpoints", () => {
  test("a web origin is granted POST with the headers the widget sends", async () => {
    for (const path of ["/v1/widget/reports", "/v1/widget/reports/abc/answers"]) {
      const reply = await http.request("OPTIONS", path, {
        headers: { origin: FOREIGN, "access-control-request-method": "POST", "access-control-request-headers": "content-type, idempotency-key" },
      });
      expect(reply.status).toBe(204);
      expect(reply.headers.get("access-control-allow-origin")).toBe(FOREIGN);
      expect(reply.headers.get("access-control-allow-methods")).toBe("POST");
      expect(reply.headers.get("access-control-allow-headers")).toContain("idempotency-key");
    }
  });

  test("a preflight without an Origin is 403 origin_not_allowed, with no CORS grant", async () => {
    const reply = await http.request("OPTIONS", "/v1/widget/reports");
    expect([reply.status, reply.body.code, reply.headers.get("access-control-allow-origin")]).toEqual([403, "origin_not_allowed", null]);
  });
});

describe("POST /v1/widget/reports", () => {
  test("from a page with no origin to allow (Origin: null): 403 origin_not_allowed with no CORS grant, its preflight too, and nothing recorded", async () => {
    const preflight = await http.request("OPTIONS", "/v1/widget/reports", { headers: { origin: "null", "access-control-request-method": "POST" } });
    expect([preflight.status, preflight.headers.get("access-control-allow-origin")]).toEqual([403, null]);
    const reply = await fromPage("null", widgetReport({ message: "Sent from a page opened as a file" }));
    expect([reply.status, reply.body.code, reply.headers.get("access-control-allow-origin")]).toEqual([403, "origin_not_allowed", null]);
    const found = await http.request("GET", "/v1/feedbacks?status=all&query=opened%20as%20a%20file", { token: http.demo.tokens.admin });
    expect(found.body.data).toEqual([]);
  });

  test("from an allowed origin: 201, granted to that origin, and the feedback's report has source widget", async () => {
    const reply = await fromPage(ALLOWED, widgetReport());
    expect(reply.status).toBe(201);
    expect(reply.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    const feedback = await http.request("GET", `/v1/feedbacks/${reply.body.ticketId}`, { token: http.demo.tokens.admin });
    expect(feedback.body.reportList[0].source).toBe("widget");
  });

  test("from an origin the app does not list, or with no Origin: 403 origin_not_allowed with no CORS grant, saying where to allow it", async () => {
    for (const origin of [FOREIGN, null]) {
      const reply = await fromPage(origin, widgetReport());
      expect([reply.status, reply.body.code, reply.headers.get("access-control-allow-origin")]).toEqual([403, "origin_not_allowed", null]);
      expect(reply.body.error).toContain("Settings → Apps");
    }
  });

  test("an API channel key from a browser is 403 channel_mismatch; a widget key on /v1/reports too", async () => {
    const fromBrowser = await fromPage(ALLOWED, widgetReport({ publicKey: http.demo.publicKey }));
    expect([fromBrowser.status, fromBrowser.body.code]).toEqual([403, "channel_mismatch"]);
    const fromServer = await http.request("POST", "/v1/reports", { body: widgetReport() });
    expect([fromServer.status, fromServer.body.code]).toEqual([403, "channel_mismatch"]);
  });

  test("an API or form key on a widget endpoint is refused in that endpoint's words: a widget key is expected here", async () => {
    for (const publicKey of [http.demo.publicKey, http.demo.formKey]) {
      const reply = await fromPage(ALLOWED, widgetReport({ publicKey }));
      expect([reply.status, reply.body.code]).toEqual([403, "channel_mismatch"]);
      expect(reply.body.error).toContain("publicKey: a widget key is expected here");
      expect(reply.body.error).not.toContain("neither an API channel key nor a form key");
    }
    const config = await http.request("GET", `/v1/widget/config?key=${http.demo.publicKey}`, { headers: { origin: ALLOWED } });
    expect([config.status, config.body.code]).toEqual([403, "channel_mismatch"]);
    expect(config.body.error).toContain("key: a widget key is expected here");
  });

  test("a widget key on /v1/reports is refused in that endpoint's words: a widget key works only from the widget", async () => {
    const reply = await http.request("POST", "/v1/reports", { body: widgetReport() });
    expect([reply.status, reply.body.code]).toEqual([403, "channel_mismatch"]);
    expect(reply.body.error).toContain("publicKey: a widget key works only from the widget");
  });

  test("an unknown key is 404 unknown_app; a body that is not a report is 400 invalid_ingest; all readable by the page", async () => {
    const unknown = await fromPage(ALLOWED, widgetReport({ publicKey: "widget_nope" }));
    expect([unknown.status, unknown.body.code, unknown.headers.get("access-control-allow-origin")]).toEqual([404, "unknown_app", ALLOWED]);
    const invalid = await fromPage(ALLOWED, widgetReport({ context: { console: [{ level: "info", message: "x", at: 1 }] } }));
    expect([invalid.status, invalid.body.code]).toEqual([400, "invalid_ingest"]);
    expect(invalid.body.error).toContain("context.console.0.level");
  });

  test("a message over 10,000 characters is 413 message_too_long", async () => {
    const reply = await fromPage(ALLOWED, widgetReport({ message: "x".repeat(10_001) }));
    expect([reply.status, reply.body.code]).toEqual([413, "message_too_long"]);
  });

  test("a screenshot over 2 MB or a replay over 5 MB is 413 payload_too_large", async () => {
    const screenshot = { kind: "screenshot", contentType: "image/png", data: Buffer.alloc(2 * 1024 * 1024 + 1, 1).toString("base64") };
    const replay = { kind: "replay", contentType: "application/gzip", data: Buffer.alloc(5 * 1024 * 1024 + 1, 1).toString("base64") };
    for (const attachment of [screenshot, replay]) {
      const reply = await fromPage(ALLOWED, widgetReport({ attachments: [attachment] }));
      expect([reply.status, reply.body.code, reply.headers.get("access-control-allow-origin")]).toEqual([413, "payload_too_large", ALLOWED]);
    }
  });

  test("a screenshot whose header declares more than 16,384 pixels a side or 40 megapixels (an image bomb for the browser that shows it) is 413 payload_too_large", async () => {
    const png = (width: number, height: number) => {
      const header = Buffer.from([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 0, 0, 0, 0, 0, 8, 6, 0, 0, 0,
      ]);
      header.writeUInt32BE(width, 16);
      header.writeUInt32BE(height, 20);
      return { kind: "screenshot", contentType: "image/png", data: header.toString("base64") };
    };
    const jpeg = (width: number, height: number) => {
      const frame = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc2, 0, 11, 8, 0, 0, 0, 0, 1, 1, 0x11, 0]);
      frame.writeUInt16BE(height, 13);
      frame.writeUInt16BE(width, 15);
      return { kind: "screenshot", contentType: "image/jpeg", data: frame.toString("base64") };
    };
    /** A WebP whose first chunk is `chunk`, its header written into 30 bytes by `header`. */
    const riff = (chunk: string, header: (frame: Buffer) => void) => {
      const frame = Buffer.alloc(30);
      frame.write("RIFF", 0);
      frame.write(`WEBP${chunk}`, 8);
      header(frame);
      return { kind: "screenshot", contentType: "image/webp", data: frame.toString("base64") };
    };
    const webp = (width: number, height: number) =>
      riff("VP8X", (frame) => {
        frame.writeUInt32LE(22, 4);
        frame.writeUInt32LE(10, 16);
        frame.writeUIntLE(width - 1, 24, 3);
        frame.writeUIntLE(height - 1, 27, 3);
      });
    const lossy = (width: number, height: number) =>
      riff("VP8 ", (frame) => {
        frame.set([0x9d, 0x01, 0x2a], 23);
        frame.writeUInt16LE(width, 26);
        frame.writeUInt16LE(height, 28);
      });
    const lossless = (width: number, height: number) =>
      riff("VP8L", (frame) => {
        frame[20] = 0x2f;
        frame.writeUInt32LE((width - 1) | ((height - 1) << 14), 21);
      });
    for (const bomb of [
      png(100_000, 100_000),
      png(16_385, 10),
      jpeg(65_535, 65_535),
      webp(16_000, 16_000),
      lossy(16_383, 16_383),
      lossless(16_384, 16_384),
    ]) {
      const reply = await fromPage(ALLOWED, widgetReport({ attachments: [bomb] }));
      expect([bomb.contentType, reply.status, reply.body.code]).toEqual([bomb.contentType, 413, "payload_too_large"]);
    }
    for (const shot of [png(7680, 4320), jpeg(10_240, 2880), webp(390, 844), lossy(1920, 1080), lossless(780, 16_384)]) {
      const reply = await fromPage(ALLOWED, widgetReport({ attachments: [shot] }));
      expect([shot.contentType, reply.status]).toEqual([shot.contentType, 201]);
    }
  });

  test("a small replay that expands past 50 MB is 413 replay_too_large, readable by the page, and records nothing", async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const message = "Replay bomb: the page froze after checkout";
    const reply = await fromPage(
      ALLOWED,
      widgetReport({ message, attachments: [{ kind: "replay", contentType: "application/gzip", data: bomb.toString("base64") }] }),
    );
    expect([reply.status, reply.body.code, reply.headers.get("access-control-allow-origin")]).toEqual([413, "replay_too_large", ALLOWED]);
    expect(reply.body.error).toContain("50 MB");
    const listed = await http.request("GET", `/v1/feedbacks?query=${encodeURIComponent("Replay bomb")}&status=all`, {
      token: http.demo.tokens.admin,
    });
    expect(listed.body.data).toEqual([]);
  });

  test("a replay that is not whole gzip is 400 invalid_ingest", async () => {
    const cut = gzipSync(JSON.stringify([{ type: 4, timestamp: 1 }])).subarray(0, 12);
    const reply = await fromPage(
      ALLOWED,
      widgetReport({ attachments: [{ kind: "replay", contentType: "application/gzip", data: cut.toString("base64") }] }),
    );
    expect([reply.status, reply.body.code, reply.body.error]).toEqual([
      400,
      "invalid_ingest",
      "A field of the report is missing or invalid. attachments.0.data: not a file of its contentType in base64 (a replay: gzip-compressed JSON).",
    ]);
  });

  test("a file that is not what its contentType says, or a second file of one kind, is 400 invalid_ingest naming the field, in the page's language", async () => {
    const png = { kind: "screenshot", contentType: "image/png", data: Buffer.from("GIF89a not a png").toString("base64") };
    const said = async (attachments: unknown[], language = "en") =>
      (
        await http.request("POST", "/v1/widget/reports", {
          body: widgetReport({ attachments }),
          headers: { origin: ALLOWED, "accept-language": language },
        })
      ).body.error;
    expect(await said([png])).toEndWith(" attachments.0.data: not a file of its contentType in base64 (a replay: gzip-compressed JSON).");
    expect(await said([png], "fr")).toContain("attachments.0.data\u202f: pas un fichier de son contentType en base64");
    const real = {
      kind: "screenshot",
      contentType: "image/png",
      data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]).toString("base64"),
    };
    expect(await said([real, real])).toEndWith(" attachments.1.kind: given more than once.");
  });

  test("a second budget per widget key: past it, 429 rate_limited with Retry-After, readable by the page", async () => {
    const body = { ...widgetReport(), publicKey: limited.demo.widgetKey };
    for (let i = 0; i < 2; i++) expect((await fromPage(ALLOWED, body, undefined, limited)).status).toBe(201);
    const refused = await fromPage(ALLOWED, body, undefined, limited);
    expect([refused.status, refused.body.code, refused.headers.get("access-control-allow-origin")]).toEqual([429, "rate_limited", ALLOWED]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("an idempotent retry replays the first answer, with the header the page may read", async () => {
    const headers = { origin: ALLOWED, "idempotency-key": "widget-retry-1" };
    const first = await http.request("POST", "/v1/widget/reports", { body: widgetReport(), headers });
    const again = await http.request("POST", "/v1/widget/reports", { body: widgetReport(), headers });
    expect(again.body.ticketId).toBe(first.body.ticketId);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("access-control-expose-headers")).toContain("idempotent-replayed");
  });

  test("the capture lands in fullContext, and the screenshot and replay open from their signed links", async () => {
    const context = {
      page: { url: "http://localhost:5173/cart?coupon=SPRING&step=2", title: "Cart" },
      browser: { name: "Chrome", version: "131", language: "en-GB" },
      system: { os: "Android", mobile: true },
      screen: { width: 390, height: 844, pixelRatio: 3, viewportWidth: 390, viewportHeight: 664 },
      console: [{ level: "error", message: "TypeError: total is undefined", at: Date.UTC(2026, 10, 22, 9) }],
      network: [{ method: "POST", url: "http://localhost:5173/api/pay?card=4242", status: 502, durationMs: 840, at: Date.UTC(2026, 10, 22, 9) }],
      breadcrumbs: [{ kind: "click", label: "button “Pay”", at: Date.UTC(2026, 10, 22, 9) }],
    };
    const replay = gzipSync(JSON.stringify([{ type: 4, data: { href: "http://localhost:5173/cart" }, timestamp: 1 }])).toString("base64");
    const attachments = [
      { kind: "screenshot", contentType: "image/png", data: PNG },
      { kind: "replay", contentType: "application/gzip", data: replay },
    ];
    const reply = await fromPage(ALLOWED, widgetReport({ context, attachments }));
    const { fullContext } = (await http.request("GET", `/v1/feedbacks/${reply.body.ticketId}`, { token: http.demo.tokens.admin })).body;
    expect(fullContext.page).toEqual({ url: "http://localhost:5173/cart?coupon&step", title: "Cart" });
    expect(fullContext.network[0]).toMatchObject({ url: "http://localhost:5173/api/pay", status: 502, at: "2026-11-22T09:00:00.000Z" });
    expect(fullContext.console[0].message).toBe("TypeError: total is undefined");
    expect([fullContext.browser.name, fullContext.system.os, fullContext.screen.width, fullContext.breadcrumbs[0].kind]).toEqual([
      "Chrome",
      "Android",
      390,
      "click",
    ]);
    const screenshot = await http.request("GET", new URL(fullContext.screenshot.url).pathname + new URL(fullContext.screenshot.url).search);
    expect([screenshot.status, screenshot.headers.get("content-type")]).toEqual([200, "image/png"]);
    const stored = await http.request("GET", new URL(fullContext.replay.url).pathname + new URL(fullContext.replay.url).search);
    expect([stored.status, stored.headers.get("content-type")]).toEqual([200, "application/gzip"]);
  });

  test("a widget report is not asked where it happened: the widget sends the page it was on", async () => {
    const message = "When I open my invoice the PDF is blank; I expected to see its lines";
    const withoutPage = await fromPage(ALLOWED, widgetReport({ message, qualify: true }));
    expect([withoutPage.status, withoutPage.body.questions?.[0]?.id]).toEqual([200, "where"]);
    const onPage = await fromPage(ALLOWED, widgetReport({ message, qualify: true, context: { page: { url: `${ALLOWED}/invoices/42` } } }));
    expect([onPage.status, onPage.body.status]).toEqual([201, "ready"]);
  });
});

describe("POST /v1/widget/reports/{id}/answers", () => {
  async function askedFromWidget(): Promise<string> {
    const step = await fromPage(ALLOWED, widgetReport({ message: "It is broken", qualify: true }));
    expect([step.status, step.body.status]).toEqual([200, "ask"]);
    return step.body.id;
  }

  test("a widget's qualification goes on from an allowed origin, and not from a foreign one", async () => {
    const id = await askedFromWidget();
    const answer = { publicKey: http.demo.widgetKey, text: "The pay button on the cart page does nothing when I tap it" };
    const foreign = await fromPage(FOREIGN, answer, `/v1/widget/reports/${id}/answers`);
    expect([foreign.status, foreign.body.code, foreign.headers.get("access-control-allow-origin")]).toEqual([403, "origin_not_allowed", null]);
    const next = await fromPage(ALLOWED, answer, `/v1/widget/reports/${id}/answers`);
    expect([200, 201]).toContain(next.status);
    expect(next.headers.get("access-control-allow-origin")).toBe(ALLOWED);
  });

  test("a qualified widget report's text is what the person wrote and answered, without the page's address (that is in its context)", async () => {
    const page = "http://localhost:5173/checkout";
    let step = await fromPage(
      ALLOWED,
      widgetReport({ message: "The pay button does nothing", url: page, qualify: true, context: { page: { url: page } } }),
    );
    for (let turn = 0; turn < 6 && step.status === 200; turn++) {
      const question = step.body.questions[0];
      const answer = question.choices ? { choiceIds: [question.choices[0].id] } : { text: "Nothing happens when I press it, every time." };
      step = await fromPage(ALLOWED, { publicKey: http.demo.widgetKey, ...answer }, `/v1/widget/reports/${step.body.id}/answers`);
    }
    expect(step.status).toBe(201);
    const feedback = (await http.request("GET", `/v1/feedbacks/${step.body.ticketId}`, { token: http.demo.tokens.admin })).body;
    expect(feedback.reportList.map((r: { text: string }) => r.text)).toEqual(["The pay button does nothing"]);
    expect(feedback.fullContext.page.url).toBe(page);
  });

  test("a widget's qualification is not found on the servers' /v1/reports/{id}/answers", async () => {
    const id = await askedFromWidget();
    const answer = { publicKey: http.demo.widgetKey, text: "The pay button does nothing" };
    const reply = await http.request("POST", `/v1/reports/${id}/answers`, { body: answer });
    expect([reply.status, reply.body.code]).toEqual([404, "qualification_not_found"]);
  });
});

describe("GET /v1/widget/config", () => {
  test("tells an allowed page whether to keep a replay (the demo app records one on the Enterprise plan)", async () => {
    const reply = await http.request("GET", `/v1/widget/config?key=${http.demo.widgetKey}`, { headers: { origin: ALLOWED } });
    expect([reply.status, reply.body, reply.headers.get("access-control-allow-origin")]).toEqual([200, { replay: true }, ALLOWED]);
  });

  test("refuses a foreign page with 403 origin_not_allowed, which that page may read so the loader draws no launcher", async () => {
    const reply = await http.request("GET", `/v1/widget/config?key=${http.demo.widgetKey}`, { headers: { origin: FOREIGN } });
    expect([reply.status, reply.body.code, reply.headers.get("access-control-allow-origin")]).toEqual([403, "origin_not_allowed", FOREIGN]);
  });

  test("refuses a page with no origin to allow (Origin: null, a file:// page) with 403 origin_not_allowed that it may read, and no settings", async () => {
    const reply = await http.request("GET", `/v1/widget/config?key=${http.demo.widgetKey}`, { headers: { origin: "null" } });
    expect([reply.status, reply.body.code, reply.headers.get("access-control-allow-origin")]).toEqual([403, "origin_not_allowed", "null"]);
    expect(Object.keys(reply.body).sort()).toEqual(["code", "error"]);
    expect(reply.headers.get("access-control-expose-headers")).toBeNull();
  });

  test("refuses a request without an origin with 403 origin_not_allowed and no CORS grant", async () => {
    const reply = await http.request("GET", `/v1/widget/config?key=${http.demo.widgetKey}`);
    expect([reply.status, reply.body.code, reply.headers.get("access-control-allow-origin")]).toEqual([403, "origin_not_allowed", null]);
  });
});

test("/openapi.json documents the widget endpoints and their body", async () => {
  const doc = (await http.request("GET", "/openapi.json")).body;
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/widget/reports", "/v1/widget/reports/{id}/answers"]));
  expect(
    doc.components.schemas.WidgetReportRequest.properties.context.$ref ?? doc.components.schemas.WidgetReportRequest.properties.context,
  ).toBeTruthy();
  expect(Object.keys(doc.paths["/v1/widget/reports"].post.responses)).toEqual(expect.arrayContaining(["201", "403", "413", "429"]));
});

describe("the widget's scripts", () => {
  test("GET /widget.js is the loader, cached five minutes, readable from any origin", async () => {
    const reply = await http.request("GET", "/widget.js");
    expect([reply.status, reply.headers.get("content-type"), reply.headers.get("cache-control")]).toEqual([
      200,
      "text/javascript; charset=utf-8",
      "public, max-age=300",
    ]);
    expect(reply.body).toContain("/v1/widget/config");
  });

  test("GET /widget/{hashed name} is a module cached for good, with CORS for import(); an unknown name is 404 not_found", async () => {
    const loader = (await http.request("GET", "/widget.js")).body as string;
    const panel = /panel-[\w]+\.js/.exec(loader)![0];
    const reply = await http.request("GET", `/widget/${panel}`);
    expect([reply.status, reply.headers.get("cache-control"), reply.headers.get("access-control-allow-origin")]).toEqual([
      200,
      "public, max-age=31536000, immutable",
      "*",
    ]);
    const missing = await http.request("GET", "/widget/panel-nothing.js");
    expect([missing.status, missing.body.code]).toEqual([404, "not_found"]);
  });
});
