import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

// A hyphenated search word's parts are whole words in any of their forms, in the team's search and
// the portal's alike: sign-in finds "signing in", never "Signup fails on the invoice page".
let http: InProcess;
const admin = () => http.demo.tokens.admin;
const TITLES = ["I cannot sign in", "Signing in fails on Safari", "Signin is slow", "Signup fails on the invoice page"];
const found: Record<string, string> = {};

beforeAll(async () => {
  http = await inProcess();
  expect((await http.request("PUT", "/v1/portal", { token: admin(), body: { enabled: true } })).status).toBe(200);
  for (const title of TITLES) {
    const res = await http.request("POST", "/v1/reports", {
      body: { publicKey: http.demo.publicKey, kind: "idea", message: `${title}, please`, title },
    });
    found[title] = res.body.ticketId;
    expect((await http.request("POST", `/v1/feedbacks/${found[title]}/publish`, { token: admin(), body: {} })).status).toBe(200);
  }
});
afterAll(() => http.close());

/** The keys of the feedbacks with these titles, the newest first. */
const newestFirst = (...titles: string[]) => titles.map((title) => found[title]).reverse();

describe("a hyphenated search word", () => {
  test("GET /v1/feedbacks?query=sign-in finds sign in, signing in and signin, not Signup … invoice", async () => {
    const res = await http.request("GET", "/v1/feedbacks?query=sign-in", { token: admin() });
    expect(res.body.data.map((f: { key: string }) => f.key)).toEqual(newestFirst("I cannot sign in", "Signing in fails on Safari", "Signin is slow"));
  });

  test("the portal's public search for sign-in finds sign in, signing in and signin, not Signup … invoice", async () => {
    const res = await http.request("GET", "/v1/portal/demo/feedbacks?query=sign-in&sort=new");
    expect(res.body.data.map((f: { key: string }) => f.key)).toEqual(newestFirst("I cannot sign in", "Signing in fails on Safari", "Signin is slow"));
  });
});
