import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess, signedInAs } from "../../support/in-process.ts";

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

/**
 * The store calls the application makes while `during` runs: in all, and the keys or ids that
 * findFeedback was asked for one at a time.
 */
async function storeCalls(during: () => Promise<unknown>): Promise<{ total: number; oneByOne: string[] }> {
  const store = http.services.store as unknown as Record<string, unknown>;
  const originals = Object.entries(store).filter((entry): entry is [string, (...args: unknown[]) => unknown] => typeof entry[1] === "function");
  const seen = { total: 0, oneByOne: [] as string[] };
  for (const [name, method] of originals) {
    store[name] = (...args: unknown[]) => {
      seen.total++;
      if (name === "findFeedback") seen.oneByOne.push(args[1] as string);
      return method.apply(store, args);
    };
  }
  try {
    await during();
  } finally {
    for (const [name, method] of originals) store[name] = method;
  }
  return seen;
}

describe("a feedback many others were merged into is read in as many store calls as one with few", () => {
  test("GET /v1/feedbacks/{key} names the 40 feedbacks merged into it without looking up any of them by itself", async () => {
    const few = await mergedInto("Receipts print in the wrong language", 2);
    const many = await mergedInto("Calendar invites arrive a day late", 40);
    const read = (key: string) => () => http.request("GET", `/v1/feedbacks/${key}`, { token: admin() });
    const [fewCalls, manyCalls] = [await storeCalls(read(few.key)), await storeCalls(read(many.key))];
    const answered = await http.request("GET", `/v1/feedbacks/${many.key}`, { token: admin() });
    expect(answered.body.merged).toHaveLength(40);
    expect(manyCalls.oneByOne.filter((id) => many.sources.includes(id))).toEqual([]);
    expect(manyCalls.total).toBe(fewCalls.total);
  });

  test("the feedback's page lists the 40 feedbacks merged into it, each with its Unmerge, without reading the feedback or its reports once per merge", async () => {
    const few = await mergedInto("Avatars upload rotated sideways", 2);
    const many = await mergedInto("Dark mode flickers when the page opens", 40);
    const browser = await signedInAs(http, "admin");
    const open = (key: string) => async () => expect((await browser.fetch(`/inbox/${key}`)).status).toBe(200);
    const [fewCalls, manyCalls] = [await storeCalls(open(few.key)), await storeCalls(open(many.key))];
    expect(manyCalls.oneByOne.filter((id) => many.sources.includes(id))).toEqual([]);
    expect(manyCalls.total).toBe(fewCalls.total);
  });

  test("an unmerge refused for the feedback others were merged into names the 40 of them without looking up any by itself", async () => {
    const many = await mergedInto("Search forgets the last query", 40);
    const unmerge = () => http.request("POST", `/v1/feedbacks/${many.key}/unmerge`, { token: admin() });
    const calls = await storeCalls(unmerge);
    const refused = await unmerge();
    expect([refused.status, refused.body.code]).toEqual([409, "cannot_unmerge"]);
    expect(calls.oneByOne.filter((id) => many.sources.includes(id))).toEqual([]);
  });
});
