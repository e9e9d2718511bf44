import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { fullContext, type ReportLinks, reportContext } from "../../core/feedback/full-context.ts";
import type { ReportRecord } from "../../core/model.ts";
import type { BrowserContext } from "../../core/schemas/widget.ts";

const at = (minute: number) => Date.UTC(2026, 10, 25, 9, minute);
const iso = (minute: number) => new Date(at(minute)).toISOString();
const link = (name: string) => ({ url: `https://retour.example/attachments/${name}`, expiresAt: iso(15) });

function report(id: string, minute: number, extra: { url?: string; context?: BrowserContext; asked?: string } = {}): ReportRecord {
  return {
    id,
    feedbackId: "fb",
    orgId: "org",
    appId: "app",
    source: "widget",
    report: {
      kind: "problem",
      message: `report ${id}`,
      author: {},
      ...(extra.url && { url: extra.url }),
      ...(extra.context && { context: extra.context }),
    },
    language: "en",
    conversation: extra.asked ? [{ role: "assistant", text: extra.asked, at: at(minute) }] : [],
    statusId: id,
    at: at(minute),
  };
}

const wide = report("wide", 0, {
  context: {
    page: { url: "https://shop.example/cart" },
    screen: { width: 1280, height: 800, pixelRatio: 1, viewportWidth: 1280, viewportHeight: 700 },
    console: [{ level: "error", message: "at 1280", at: at(0) }],
  },
  asked: "Which browser?",
});
const narrow = report("narrow", 1, {
  context: { screen: { width: 390, height: 844, pixelRatio: 3, viewportWidth: 390, viewportHeight: 664 } },
  asked: "Which phone?",
});
const bare = report("bare", 2);
const links = new Map<string, ReportLinks>([
  ["wide", { screenshot: link("wide.png"), replay: link("wide.gz") }],
  ["narrow", { screenshot: link("narrow.png") }],
]);

describe("the context of a feedback", () => {
  test("every browser member comes from the latest report that has any, named by reportId; a report with none is passed over", () => {
    assert.deepEqual(fullContext([wide, narrow, bare], links, undefined, undefined), {
      qualification: [
        { role: "assistant", text: "Which browser?", at: iso(0) },
        { role: "assistant", text: "Which phone?", at: iso(1) },
      ],
      screen: { width: 390, height: 844, pixelRatio: 3, viewportWidth: 390, viewportHeight: 664 },
      screenshot: link("narrow.png"),
      reportId: "narrow",
    });
  });

  test("a report whose only context is a file still names the members, alone", () => {
    const attached = new Map<string, ReportLinks>([...links, ["bare", { replay: link("bare.gz") }]]);
    const context = fullContext([wide, narrow, bare], attached, undefined, undefined);
    assert.deepEqual([context.reportId, context.replay, context.screen, context.screenshot], ["bare", link("bare.gz"), undefined, undefined]);
  });

  test("a report's address stands for its page when the widget named none", () => {
    const api = report("api", 3, { url: "https://shop.example/pay" });
    assert.deepEqual(fullContext([wide, api], links, undefined, undefined).page, { url: "https://shop.example/pay" });
  });

  test("no report with any context: no browser member and no reportId", () => {
    assert.deepEqual(fullContext([bare], new Map(), undefined, undefined), {});
  });
});

describe("the context of one report", () => {
  test("its own conversation, capture and files, times as ISO 8601, and nothing of the other reports", () => {
    assert.deepEqual(reportContext(wide, links.get("wide")!), {
      qualification: [{ role: "assistant", text: "Which browser?", at: iso(0) }],
      page: { url: "https://shop.example/cart" },
      screen: { width: 1280, height: 800, pixelRatio: 1, viewportWidth: 1280, viewportHeight: 700 },
      console: [{ level: "error", message: "at 1280", at: iso(0) }],
      screenshot: link("wide.png"),
      replay: link("wide.gz"),
    });
  });
});
