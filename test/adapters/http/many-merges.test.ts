import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";
import { storeCalls } from "../../support/store-calls.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const admin = () => http.demo.tokens.admin;
const report = async (message: string): Promise<string> =>
  (await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message } })).body.ticketId;

/** A feedback with `count` others merged into it, each through POST …/merge; its key and their ids. */
async function mergedInto(subject: string, count: number): Promise<{ key: string; sources: string[] }> {
  const key = await report(`${subject}: the first report`);
  const sources: string[] = [];
  for (let i = 0; i < count; i++) {
    const source = await report(`${subject}: duplicate number ${i}`);
    sources.push((await http.request("GET", `/v1/feedbacks/${source}`, { token: admin() })).body.id);
    const merged = await http.request("POST", `/v1/feedbacks/${source}/merge`, { body: { into: key }, token: admin() });
    expect(merged.status).toBe(200);
  }
  return { key, sources };
}

describe("a feedback many others were merged into is read in as many store calls as one with few", () => {
  test("GET /v1/feedbacks/{key} names the 40 feedbacks merged into it without looking up any of them by itself", async () => {
    const few = await mergedInto("Receipts print in the wrong language", 2);
    const many = await mergedInto("Calendar invites arrive a day late", 40);
    const read = (key: string) => () => http.request("GET", `/v1/feedbacks/${key}`, { token: admin() });
    const [fewCalls, manyCalls] = [await storeCalls(http.services.store, read(few.key)), await storeCalls(http.services.store, read(many.key))];
    const answered = await http.request("GET", `/v1/feedbacks/${many.key}`, { token: admin() });
    expect(answered.body.merged).toHaveLength(40);
    expect(manyCalls.oneByOne.filter((id) => many.sources.includes(id))).toEqual([]);
    expect(manyCalls.total).toBe(fewCalls.total);
  });

  test("the feedback's page lists the 40 feedbacks merged into it, each with its Unmerge, without reading the feedback or its reports once per merge", async () => {
    const few = await mergedInto("Avatars upload rotated sideways", 2);
    const many = await mergedInto("Dark mode flickers when the page opens", 40);
    const browser = await signedInAs(http, "admin");
    let page = "";
    const open = (key: string) => async () => {
      const opened = await browser.fetch(`/inbox/${key}`);
      expect(opened.status).toBe(200);
      page = await opened.text();
    };
    const [fewCalls, manyCalls] = [await storeCalls(http.services.store, open(few.key)), await storeCalls(http.services.store, open(many.key))];
    expect(page.match(/action="\/inbox\/[^"]+\/unmerge"/g)).toHaveLength(40);
    expect(manyCalls.oneByOne.filter((id) => many.sources.includes(id))).toEqual([]);
    expect(manyCalls.total).toBe(fewCalls.total);
  });

  test("the feedback's page reads its merges, and the feedbacks they merged, once", async () => {
    const { key } = await mergedInto("Exports time out on large accounts", 3);
    const browser = await signedInAs(http, "admin");
    const calls = await storeCalls(http.services.store, async () => expect(await (await browser.fetch(`/inbox/${key}`)).text()).toContain("Unmerge"));
    expect([calls.of.listMerges, calls.of.findFeedbacks]).toEqual([1, 1]);
  });

  test("the feedback's page looks up where the reports its 20 merges lost are now in one read, not one per merge", async () => {
    const many = await mergedInto("Notifications repeat after a reinstall", 20);
    const held = (await http.request("GET", `/v1/feedbacks/${many.key}`, { token: admin() })).body.reportList as Array<{ id: string; text: string }>;
    const brought = held.filter((r) => r.text.includes("duplicate number"));
    expect(brought).toHaveLength(20);
    for (const report of brought) {
      const split = await http.request("POST", `/v1/feedbacks/${many.key}/reports/${report.id}/split`, { token: admin() });
      expect(split.status).toBe(201);
    }
    const browser = await signedInAs(http, "admin");
    const calls = await storeCalls(http.services.store, async () => expect((await browser.fetch(`/inbox/${many.key}`)).status).toBe(200));
    expect(calls.mostAtOnce.holdersOf).toBeGreaterThan(0);
    expect(calls.mostAtOnce.holdersOf).toBeLessThanOrEqual(8);
    expect(calls.of.holdersOf).toBe(1);
  });

  test("an unmerge refused for the feedback others were merged into names the 40 of them without looking up any by itself", async () => {
    const many = await mergedInto("Search forgets the last query", 40);
    const unmerge = () => http.request("POST", `/v1/feedbacks/${many.key}/unmerge`, { token: admin() });
    const calls = await storeCalls(http.services.store, unmerge);
    const refused = await unmerge();
    expect([refused.status, refused.body.code]).toEqual([409, "cannot_unmerge"]);
    // Named, the first 20 by key and the others counted: the refusal read all 40.
    const merged = (await http.request("GET", `/v1/feedbacks/${many.key}`, { token: admin() })).body.merged as Array<{ key: string }>;
    expect(refused.body.error).toEndWith(
      `others were merged into it: unmerge one of ${merged
        .slice(0, 20)
        .map((m) => m.key)
        .join(", ")} and 20 more.`,
    );
    expect(calls.oneByOne.filter((id) => many.sources.includes(id))).toEqual([]);
  });
});
