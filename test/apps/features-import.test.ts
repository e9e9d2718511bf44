import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { COMMANDS, UsageError } from "../../apps/cli/commands.ts";
import { FormBrowser, signIn } from "../support/browser.ts";
import { inProcess, type InProcess } from "../support/in-process.ts";
import { scratchDir } from "../support/scratch.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

/** Runs `cli features import <org> <app> <file>` on the test's services with a map written to a file; the line it printed, or the refusal. */
async function importFile(features: unknown): Promise<string> {
  return importText(JSON.stringify(features));
}

/** Runs `cli features import` on a file holding `text` as it is. */
async function importText(text: string): Promise<string> {
  const file = join(scratchDir("features"), "map.json");
  writeFileSync(file, text);
  const lines: string[] = [];
  try {
    await COMMANDS["features import"]!(http.services, { args: [http.demo.orgId, http.demo.appId, file], options: {} }, (l) => lines.push(l));
    return lines.join("\n");
  } catch (error) {
    if (error instanceof UsageError) return `refused: ${error.message}`;
    throw error;
  }
}

const featureCount = async () =>
  (await http.request("GET", `/v1/apps/${http.demo.appId}/features`, { token: http.demo.tokens.admin })).body.data.length;

describe("cli features import: the feature map is bounded, and refused whole past its bounds", () => {
  test("20,000 features are refused whole with a clear error, and the app keeps its map", async () => {
    const before = await featureCount();
    const many = Array.from({ length: 20_000 }, (_, i) => ({ name: `Feature ${i}`, path: `area/${i}` }));
    expect(await importFile(many)).toBe(
      "refused: The feature map is refused whole: an app has at most 2000 features, each with at most 50 cues and an id of its own (a feature without an id takes one from its path). features: expected a list of at most 2000 items.",
    );
    expect(await featureCount()).toBe(before);
  });

  test("a feature with 51 cues is refused, naming the feature", async () => {
    const cues = Array.from({ length: 51 }, (_, i) => `cue ${i}`);
    expect(
      await importFile([
        { name: "Cart", path: "cart" },
        { name: "Pay", path: "pay", cues },
      ]),
    ).toEndWith("features.1.cues: expected a list of at most 50 items.");
  });

  test("a duplicate feature id is refused, not silently dropped", async () => {
    const map = [
      { id: "pay", name: "Pay", path: "checkout/pay" },
      { id: "pay", name: "Pay again", path: "checkout/again" },
    ];
    expect(await importFile(map)).toEndWith("features.1.id: given more than once.");
  });
});

describe("cli features import: a file not shaped as a feature map is refused, naming the field as the API does", () => {
  test("a feature without a path is refused, naming the field required", async () => {
    expect(await importFile([{ name: "Cart" }])).toEndWith("is not a feature map: features.0.path: required.");
  });

  test("a kind that is none of the feature kinds is refused, naming the kinds allowed", async () => {
    expect(await importFile([{ name: "Cart", path: "cart", kind: "screen" }])).toEndWith(
      "is not a feature map: features.0.kind: expected one of area, page, flow, component, api.",
    );
  });

  test("a file that is not a list is refused, saying a list is expected", async () => {
    expect(await importFile({ name: "Cart", path: "cart" })).toEndWith("is not a feature map: features: expected a list.");
  });

  test("a file that is not JSON is refused, saying so", async () => {
    expect(await importText("[{name: Cart}]")).toEndWith("is not a feature map: features: not valid JSON.");
  });

  test("a field the feature map does not know is refused as the API refuses it, and the app keeps its map", async () => {
    const before = await featureCount();
    expect(await importFile([{ name: "x", path: "x", bogus: 1 }])).toEndWith("is not a feature map: features.0.bogus: not a known field.");
    expect(await featureCount()).toBe(before);
  });

  test("a map read from the API is taken back as it is, its open feedbacks' counts not kept", async () => {
    const read = (await http.request("GET", `/v1/apps/${http.demo.appId}/features`, { token: http.demo.tokens.admin })).body.data;
    expect(read[0].openFeedbacks).toBeNumber();
    const given = read.map((f: { openFeedbacks: number }) => ({ ...f, openFeedbacks: f.openFeedbacks + 7 }));
    expect(await importFile(given)).toContain(`${read.length} features imported`);
    expect((await http.request("GET", `/v1/apps/${http.demo.appId}/features`, { token: http.demo.tokens.admin })).body.data).toEqual(read);
  });
});

describe("the settings page's feature map import: the same bounds, said on the page", () => {
  test("20,000 features are refused whole with 400 and the reason on the page; the app keeps its map", async () => {
    const before = await featureCount();
    const admin = new FormBrowser("http://localhost:3000", {}, http.handle);
    await signIn(admin, http.demo.users.admin.email, http.demo.users.admin.password, "/settings/apps");
    const page = await (await admin.fetch("/settings/apps")).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
    const many = Array.from({ length: 20_000 }, (_, i) => ({ name: `Feature ${i}`, path: `area/${i}` }));
    const res = await admin.fetch(`/settings/apps/${http.demo.appId}/features`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      body: new URLSearchParams({ csrf, json: JSON.stringify(many) }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("The feature map is refused whole: an app has at most 2000 features");
    expect(await featureCount()).toBe(before);
  });
});
