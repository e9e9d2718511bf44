import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { storeCalls } from "../../support/store-calls.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
  expect((await http.request("PUT", "/v1/portal", { token: http.demo.tokens.admin, body: { enabled: true } })).status).toBe(200);
});
afterAll(() => http.close());

const admin = () => http.demo.tokens.admin;

/** `count` published feedbacks of their own: their keys and ids. */
async function published(subject: string, count: number): Promise<Array<{ key: string; id: string }>> {
  const made: Array<{ key: string; id: string }> = [];
  for (let i = 0; i < count; i++) {
    const message = `${subject}, case ${i}`;
    const key = (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "idea", message } })).body.ticketId;
    expect((await http.request("POST", `/v1/feedbacks/${key}/publish`, { token: admin() })).status).toBe(200);
    made.push({ key, id: (await http.request("GET", `/v1/feedbacks/${key}`, { token: admin() })).body.id });
  }
  return made;
}

/** A changelog entry shipping these feedbacks, published or left a draft. */
async function entry(title: string, keys: readonly string[], publish: boolean): Promise<void> {
  const written = await http.request("POST", "/v1/changelog", { token: admin(), body: { title, body: "Shipped.", feedbacks: keys } });
  expect(written.status).toBe(201);
  if (publish) expect((await http.request("POST", `/v1/changelog/${written.body.id}/publish`, { token: admin() })).status).toBe(200);
}

describe("changelog entries that ship many feedbacks name them without looking each up by itself", () => {
  test("GET /v1/changelog lists two drafts of 30 feedbacks each, every key named, none of the feedbacks found one at a time", async () => {
    const [first, second] = [await published("Bulk export to CSV", 30), await published("Keyboard shortcuts in the editor", 30)];
    await entry(
      "Exports",
      first.map((f) => f.key),
      false,
    );
    await entry(
      "Shortcuts",
      second.map((f) => f.key),
      false,
    );
    let listed: any;
    const calls = await storeCalls(http.services.store, async () => {
      listed = (await http.request("GET", "/v1/changelog", { token: admin() })).body;
    });
    expect(listed.data.map((e: { feedbacks: string[] }) => e.feedbacks)).toEqual([second.map((f) => f.key), first.map((f) => f.key)]);
    const linked = new Set([...first, ...second].map((f) => f.id));
    expect(calls.oneByOne.filter((id) => linked.has(id))).toEqual([]);
  });

  test("the public changelog shows the 30 feedbacks an entry shipped, 10 of them merged into another since, none of them found one at a time", async () => {
    const shipped = await published("Offline mode for the mobile app", 30);
    await entry(
      "Offline mode",
      shipped.map((f) => f.key),
      true,
    );
    const [into, ...merged] = shipped.slice(0, 11);
    for (const f of merged)
      expect((await http.request("POST", `/v1/feedbacks/${f.key}/merge`, { token: admin(), body: { into: into!.key } })).status).toBe(200);
    let page = "";
    const calls = await storeCalls(http.services.store, async () => {
      page = await (await http.fetch(`${http.url}/p/demo/changelog`)).text();
    });
    const shown = [...page.matchAll(/<li><span class="count">[^<]*<\/span><a href="\/p\/demo\/([^"]+)">/g)].map((m) => m[1]);
    expect(shown.sort()).toEqual([into!, ...shipped.slice(11)].map((f) => f.key).sort());
    const linked = new Set(shipped.map((f) => f.id));
    expect(calls.oneByOne.filter((id) => linked.has(id))).toEqual([]);
  });
});
